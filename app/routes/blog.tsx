import { useMemo } from "react";
import { Link, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { BLOG_FEED_LINK } from "~/components/blog/blog-links";
import { BlogFilters, CATEGORY_PARAM, SEARCH_PARAM } from "~/components/blog/blog-filters";
import { coverPreload } from "~/components/blog/cover-image";
import { FEATURED_IMAGE_SIZES, FeaturedPost } from "~/components/blog/featured-post";
import { Container } from "~/components/layout/container";
import { PageHeader } from "~/components/layout/page-header";
import { PostCard } from "~/components/sections/post-card";
import { Button } from "~/components/ui/button";
import { site } from "~/content/site";
import { categoriesOf, filterPosts, normaliseCategory } from "~/lib/blog";
import { getSearchablePosts, withPlaceholder } from "~/lib/blog.server";
import { buildMeta } from "~/lib/meta";
import type { Route } from "./+types/blog";

export const links: Route.LinksFunction = () => [BLOG_FEED_LINK];

export const meta: Route.MetaFunction = ({ loaderData, location }) => {
  const params = new URLSearchParams(location.search);
  const featured = loaderData
    ? filterPosts(loaderData.posts, { query: params.get(SEARCH_PARAM), category: params.get(CATEGORY_PARAM) })[0]
    : undefined;
  return [
    ...buildMeta({
      title: "Blog",
      description: `Guides, research and playbooks on answering cold email replies fast, handling objections and booking more meetings, from the ${site.name} team.`,
      path: "/blog",
    }),
    ...(featured ? coverPreload(featured.image, FEATURED_IMAGE_SIZES) : []),
  ];
};

// Every summary, with its text for searching: the page filters in the browser and in the server render alike.
export function loader() {
  // Only the default featured post's cover is above the fold: it alone carries the inline placeholder.
  const posts = getSearchablePosts().map((post, index) => (index === 0 ? withPlaceholder(post) : post));
  return { posts, categories: categoriesOf(posts) };
}

// The filters only change the query string and the data does not depend on it: no refetch while typing.
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  const { posts, categories } = loaderData;
  const [searchParams] = useSearchParams();
  const query = searchParams.get(SEARCH_PARAM) ?? "";
  const requested = normaliseCategory(searchParams.get(CATEGORY_PARAM));
  // A category typed in another letter case still selects its button.
  const category = categories.find((name) => name.toLowerCase() === requested?.toLowerCase()) ?? requested;
  const filtered = useMemo(() => filterPosts(posts, { query, category }), [posts, query, category]);
  const [featured, ...others] = filtered;
  const isFiltered = query.trim() !== "" || category !== undefined;

  return (
    <>
      <PageHeader
        eyebrow="Blog"
        title={`The ${site.name} Blog`}
        description="Practical advice on answering cold email replies, following up on time and turning interest into booked meetings."
      />
      <Container className="flex flex-col gap-10 py-10 sm:py-14">
        <BlogFilters categories={categories} query={query} category={category} />
        <p role="status" className="sr-only">
          {isFiltered ? `${filtered.length} ${filtered.length === 1 ? "article" : "articles"} found` : ""}
        </p>
        {featured ? (
          <>
            <FeaturedPost post={featured} />
            {others.length > 0 ? (
              <section aria-labelledby="more-articles" className="flex flex-col gap-6">
                <h2 id="more-articles" className="text-2xl font-bold tracking-tight">
                  {isFiltered ? "More matching articles" : "More articles"}
                </h2>
                <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                  {others.map((post) => (
                    <li key={post.slug}>
                      <PostCard post={post} />
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </>
        ) : (
          <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed px-6 py-16 text-center">
            <p className="text-lg text-muted-foreground">No articles found matching your criteria.</p>
            <Button asChild variant="outline">
              {/* The button leaves with the empty state: focus goes to the search, not to the top of the document. */}
              <Link
                to="/blog"
                preventScrollReset
                onClick={() => requestAnimationFrame(() => document.getElementById("blog-search")?.focus())}
              >
                Reset Filters
              </Link>
            </Button>
          </div>
        )}
      </Container>
    </>
  );
}
