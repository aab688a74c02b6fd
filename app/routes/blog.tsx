import { PageHeader } from "~/components/layout/page-header";
import { buildMeta } from "~/lib/meta";
import type { Route } from "./+types/blog";

export const meta: Route.MetaFunction = () =>
  buildMeta({ title: "Blog", description: "The Replywise Blog.", path: "/blog" });

export default function BlogPage() {
  return <PageHeader title="The Replywise Blog" />;
}
