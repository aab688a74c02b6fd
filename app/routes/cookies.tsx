import { PageHeader } from "~/components/layout/page-header";
import { buildMeta } from "~/lib/meta";
import type { Route } from "./+types/cookies";

export const meta: Route.MetaFunction = () =>
  buildMeta({ title: "Cookie Policy", description: "Cookie Policy.", path: "/cookies" });

export default function CookiesPage() {
  return <PageHeader title="Cookie Policy" />;
}
