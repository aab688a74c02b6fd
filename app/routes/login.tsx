import { PageHeader } from "~/components/layout/page-header";
import { buildMeta } from "~/lib/meta";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () =>
  buildMeta({ title: "Login", description: "Sign in to Replywise.", path: "/login", noindex: true });

export default function LoginPage() {
  return <PageHeader title="Sign in to Replywise" />;
}
