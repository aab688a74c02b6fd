import { PageHeader } from "~/components/layout/page-header";
import { buildMeta } from "~/lib/meta";
import type { Route } from "./+types/resources";

export const meta: Route.MetaFunction = () =>
  buildMeta({ title: "Free Resources", description: "Free Resources for Cold Email Outreach.", path: "/resources" });

export default function ResourcesPage() {
  return <PageHeader title="Free Resources for Cold Email Outreach" />;
}
