import { PageHeader } from "~/components/layout/page-header";
import { buildMeta } from "~/lib/meta";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = () =>
  buildMeta({ title: "About", description: "About Replywise.", path: "/about" });

export default function AboutPage() {
  return <PageHeader title="About Replywise" />;
}
