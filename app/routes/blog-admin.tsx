import { PageHeader } from "~/components/layout/page-header";
import { buildMeta } from "~/lib/meta";
import type { Route } from "./+types/blog-admin";

export const meta: Route.MetaFunction = () =>
  buildMeta({ title: "Blog Admin", description: "Blog admin.", path: "/blog-admin", noindex: true });

export default function BlogAdminPage() {
  return <PageHeader title="Blog admin" />;
}
