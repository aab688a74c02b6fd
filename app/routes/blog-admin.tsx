import { Info } from "lucide-react";
import { BlogAdminEditor } from "~/components/blog/blog-admin-editor";
import { BLOG_FEED_LINK } from "~/components/blog/blog-links";
import { Container } from "~/components/layout/container";
import { PageHeader } from "~/components/layout/page-header";
import { getAllPosts } from "~/lib/blog.server";
import { buildMeta } from "~/lib/meta";
import type { Route } from "./+types/blog-admin";

export const links: Route.LinksFunction = () => [BLOG_FEED_LINK];

export const meta: Route.MetaFunction = () =>
  buildMeta({
    title: "Blog Admin",
    description: "Draft a blog post, preview it as readers will see it and export it as a post file. A demonstration: nothing is saved.",
    path: "/blog-admin",
    noindex: true,
  });

export function loader() {
  const posts = getAllPosts();
  return { nextId: Math.max(0, ...posts.map((post) => post.id)) + 1, existingSlugs: posts.map((post) => post.slug) };
}

export default function BlogAdminPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        eyebrow="Blog"
        title="Blog Admin"
        description="Draft a post, preview it exactly as readers will see it, and export it as a post file."
      />
      <Container className="flex max-w-4xl flex-col gap-8 py-10 sm:py-14">
        <aside role="note" aria-label="Demonstration" className="flex gap-3 rounded-xl border border-warning/30 bg-warning/10 p-4 text-sm">
          <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warning" />
          <div className="flex flex-col gap-1">
            <p className="font-semibold">This page is a demonstration only.</p>
            <p className="text-muted-foreground">
              Nothing you enter here is saved or sent to a server. Authentication should be added before this page is used for real, so that
              only editors can reach it. To publish a post today, export the post file and commit it to the repository.
            </p>
          </div>
        </aside>
        <noscript>
          <p className="rounded-xl border p-4 text-sm">The editor and its preview need JavaScript, which is turned off in this browser.</p>
        </noscript>
        <BlogAdminEditor nextId={loaderData.nextId} existingSlugs={loaderData.existingSlugs} />
      </Container>
    </>
  );
}
