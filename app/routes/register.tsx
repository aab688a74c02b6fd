import { PageHeader } from "~/components/layout/page-header";
import { buildMeta } from "~/lib/meta";
import type { Route } from "./+types/register";

export const meta: Route.MetaFunction = () =>
  buildMeta({ title: "Get Started", description: "Get started with Replywise.", path: "/register" });

export default function RegisterPage() {
  return <PageHeader title="Get started with Replywise" />;
}
