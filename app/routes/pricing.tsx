import { PageHeader } from "~/components/layout/page-header";
import { buildMeta } from "~/lib/meta";
import type { Route } from "./+types/pricing";

export const meta: Route.MetaFunction = () =>
  buildMeta({ title: "Pricing", description: "Simple, credit-based pricing.", path: "/pricing" });

export default function PricingPage() {
  return <PageHeader title="Simple, credit-based pricing" />;
}
