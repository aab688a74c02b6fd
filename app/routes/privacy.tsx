import { PageHeader } from "~/components/layout/page-header";
import { buildMeta } from "~/lib/meta";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = () =>
  buildMeta({ title: "Privacy Policy", description: "Privacy Policy.", path: "/privacy" });

export default function PrivacyPage() {
  return <PageHeader title="Privacy Policy" />;
}
