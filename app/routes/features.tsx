import { PageHeader } from "~/components/layout/page-header";
import { buildMeta } from "~/lib/meta";
import type { Route } from "./+types/features";

export const meta: Route.MetaFunction = () =>
  buildMeta({ title: "Features", description: "Features.", path: "/features" });

export default function FeaturesPage() {
  return <PageHeader title="Features" />;
}
