import { Link, type MetaDescriptor } from "react-router";
import { PostCard } from "./post-card";
import { Button } from "~/components/ui/button";
import { blogListPath } from "~/content/paths";
import { site } from "~/content/site";
import { categorySlug, type PostSummary } from "./post";
import type { ListPage } from "./list";
import { buildMeta } from "~/lib/meta";
import { BLOG_FILTERS_ID } from "./blog-filters";
import { coverPreload } from "./cover-image";
import { FEATURED_IMAGE_SIZES, FeaturedPost } from "./featured-post";
import { Pagination } from "./pagination";

export const BLOG_DESCRIPTION = `Guides, research and playbooks on answering cold email replies fast, handling objections and booking more meetings, from the ${site.name} team.`;

/** Head tags of a list page: /blog/page/N, a category's list and its pages. The featured cover is preloaded. */
export function blogListMeta(list: ListPage<PostSummary>, category?: string): MetaDescriptor[] {
  const paged = list.page > 1 ? `, page ${list.page} of ${list.pageCount}` : "";
  return [
    ...buildMeta({
      title: category ? `Blog: ${category}${paged}` : `Blog${paged}`,
      description: category
        ? `Every ${category} article from the ${site.name} blog, newest first${paged}.`
        : `Older articles from the ${site.name} blog on cold email replies, follow-ups and booked meetings${paged}.`,
      path: blogListPath(list.page, category && categorySlug(category)),
    }),
    ...(list.featured ? coverPreload(list.featured.image, FEATURED_IMAGE_SIZES) : []),
  ];
}

interface BlogListProps {
  list: ListPage<PostSummary>;
  /** A search or a category filter on /blog: the count is announced and an empty list offers Reset Filters. */
  filtered: boolean;
  /** The address of another page of the same list. */
  href: (page: number) => string;
}

/** The spec's list: the featured post, the grid of the others, then links to the list's other pages. */
export function BlogList({ list, filtered, href }: BlogListProps) {
  const { featured, posts, page, pageCount, total } = list;
  return (
    <>
      {/* The count is announced when it changes; the page script (blog-search-script.ts) writes into this same element. */}
      <p role="status" className="sr-only" data-blog-status="">
        {filtered ? `${total} ${total === 1 ? "article" : "articles"} found` : ""}
      </p>
      <div className="flex flex-col gap-10" data-blog-results="">
        {featured || posts.length > 0 ? (
          <>
            {featured ? <FeaturedPost post={featured} /> : null}
            {posts.length > 0 ? (
              <section aria-labelledby="more-articles" className="flex flex-col gap-6">
                <h2 id="more-articles" className="text-2xl font-bold tracking-tight">
                  {page === 1
                    ? filtered
                      ? "More matching articles"
                      : "More articles"
                    : `${filtered ? "Matching articles" : "Articles"}: page ${page} of ${pageCount}`}
                </h2>
                <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                  {posts.map((post) => (
                    <li key={post.slug}>
                      <PostCard post={post} />
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            <Pagination page={page} pageCount={pageCount} href={href} />
          </>
        ) : (
          <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed px-6 py-16 text-center">
            <p className="text-lg text-muted-foreground">No articles found matching your criteria.</p>
            <Button asChild variant="outline">
              {/* Back to the whole list, with the search box still in view. */}
              <Link to={`/blog#${BLOG_FILTERS_ID}`} data-blog-reset="">
                Reset Filters
              </Link>
            </Button>
          </div>
        )}
      </div>
    </>
  );
}
