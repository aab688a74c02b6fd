import { Link } from "react-router";
import { Container } from "~/components/layout/container";
import { ExternalLink } from "~/components/layout/external-link";
import { PageHeader } from "~/components/layout/page-header";
import { PageError, pageErrorMeta } from "~/components/sections/page-error";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { publicPages, type PageGroup } from "~/content/paths";
import { site } from "~/content/site";
import { buildMeta } from "~/lib/meta";
import { staticPage } from "~/lib/hydration";
import { cachedPage } from "~/lib/page-cache";
import { blogOf } from "~/context";
import { blogPostPath } from "~/content/paths";
import type { Route } from "./+types/sitemap";

// Nothing here but links and text: served without React (decision 012); it lists the posts, so it is rendered once per
// change of them (decision 023).
export const handle = { ...staticPage, ...cachedPage };

export const meta: Route.MetaFunction = (args) =>
  args.error
    ? pageErrorMeta(args)
    : buildMeta({
        title: "Sitemap",
        description: `Every page of the ${site.name} website in one list: product, company, resources and legal pages.`,
        path: "/sitemap",
      });

const groups = [
  { id: "main", title: "Main pages" },
  { id: "more", title: "More" },
  { id: "legal", title: "Legal pages" },
] as const satisfies readonly { id: Exclude<PageGroup, "hidden">; title: string }[];

// The pages arrive as data: imported by the component, the list would ride in a chunk the blog pages load too (decision 012).
export async function loader({ context }: Route.LoaderArgs) {
  const posts = (await blogOf(context)).getAllPosts();
  return {
    pages: publicPages.map(({ path, label, group }) => ({ path, label, group })),
    posts: posts.map((post) => ({ path: blogPostPath(post.slug), title: post.title })),
  };
}

export default function SitemapPage({ loaderData }: Route.ComponentProps) {
  const { pages, posts } = loaderData;
  return (
    <>
      <PageHeader eyebrow="Sitemap" title="Sitemap" description={`Find your way around the ${site.name} website.`} />
      <Container className="grid items-start gap-6 py-14 sm:py-20 md:grid-cols-3">
        {groups.map((group) => (
          <Card key={group.id} role="group" aria-labelledby={`sitemap-${group.id}`}>
            <h2 id={`sitemap-${group.id}`} className="text-lg font-semibold">
              {group.title}
            </h2>
            <ul className="flex flex-col gap-1">
              {pages
                .filter((page) => page.group === group.id)
                .map((page) => (
                  <li key={page.path}>
                    <Link to={page.path} className="inline-block py-1 text-primary underline-offset-4 hover:underline">
                      {page.label}
                    </Link>
                  </li>
                ))}
              {group.id === "main" ? (
                <li className="flex flex-wrap items-center gap-2 py-1">
                  {/* The dashboard lives in the application, behind its sign-in: link there, not to a marketing 404. */}
                  <ExternalLink href={`${site.appUrl}/dashboard`} className="text-primary underline-offset-4 hover:underline">
                    Dashboard
                  </ExternalLink>
                  <Badge variant="outline">
                    <Icon name="lock" /> Requires Login
                  </Badge>
                </li>
              ) : null}
            </ul>
          </Card>
        ))}
        {posts.length > 0 ? (
          <Card role="group" aria-labelledby="sitemap-posts" className="md:col-span-3">
            <h2 id="sitemap-posts" className="text-lg font-semibold">
              Blog posts
            </h2>
            <ul className="grid gap-x-6 gap-y-1 md:grid-cols-2">
              {posts.map((post) => (
                <li key={post.path}>
                  <Link to={post.path} className="inline-block py-1 text-primary underline-offset-4 hover:underline">
                    {post.title}
                  </Link>
                </li>
              ))}
            </ul>
          </Card>
        ) : null}
        <p className="flex items-center gap-2 text-sm text-muted-foreground md:col-span-3">
          <Icon name="file-code" className="size-4" />
          For search engines:{" "}
          <a href="/sitemap.xml" className="font-medium text-primary underline-offset-4 hover:underline">
            XML sitemap
          </a>
        </p>
      </Container>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}
