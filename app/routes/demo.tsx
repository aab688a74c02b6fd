import { PageHeader } from "~/components/layout/page-header";
import { buildMeta } from "~/lib/meta";
import type { Route } from "./+types/demo";

export const meta: Route.MetaFunction = () =>
  buildMeta({ title: "Book a Demo", description: "Book a demo.", path: "/demo" });

export default function DemoPage() {
  return <PageHeader title="Book a demo" />;
}
