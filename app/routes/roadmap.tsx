import { PageHeader } from "~/components/layout/page-header";
import { buildMeta } from "~/lib/meta";
import type { Route } from "./+types/roadmap";

export const meta: Route.MetaFunction = () =>
  buildMeta({ title: "Roadmap", description: "Product roadmap.", path: "/roadmap" });

export default function RoadmapPage() {
  return <PageHeader title="Product roadmap" />;
}
