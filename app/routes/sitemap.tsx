import { PageHeader } from "~/components/layout/page-header";
import { buildMeta } from "~/lib/meta";
import type { Route } from "./+types/sitemap";

export const meta: Route.MetaFunction = () =>
  buildMeta({ title: "Sitemap", description: "Sitemap.", path: "/sitemap" });

export default function SitemapPage() {
  return <PageHeader title="Sitemap" />;
}
