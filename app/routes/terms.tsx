import { PageHeader } from "~/components/layout/page-header";
import { buildMeta } from "~/lib/meta";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = () =>
  buildMeta({ title: "Terms of Service", description: "Terms of Service.", path: "/terms" });

export default function TermsPage() {
  return <PageHeader title="Terms of Service" />;
}
