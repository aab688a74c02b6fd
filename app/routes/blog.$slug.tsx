import { PageHeader } from "~/components/layout/page-header";
import type { Route } from "./+types/blog.$slug";

export default function BlogPostPage({ params }: Route.ComponentProps) {
  return <PageHeader title={params.slug} />;
}
