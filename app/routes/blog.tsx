import { data, redirect } from "react-router";
import { BLOG_DESCRIPTION, BlogList } from "~/components/blog/blog-list";
import { coverPreload } from "~/components/blog/cover-image";
import { FEATURED_IMAGE_SIZES } from "~/components/blog/featured-post";
import { blogListPath } from "~/content/paths";
import { categorySlug } from "~/lib/blog/post";
import { categoryBySlug, filteredListHref, isFiltered, readListFilters, type BlogListData } from "~/lib/blog/list";
import { searchInBrowser } from "~/lib/blog/search";
import { blogOf } from "~/context";
import { buildMeta } from "~/lib/meta";
import { cachedPage } from "~/lib/page-cache";
import type { Route } from "./+types/blog";

// The list, filtered or not, is the same for everyone who asks for its URL: the server renders each one once per change
// of the posts (docs/decisions/023).
export const handle = cachedPage;

export const meta: Route.MetaFunction = ({ loaderData }) => {
  // A category alone is the same list as the category's own page, which is the address to index.
  const category = loaderData && loaderData.query.trim() === "" ? loaderData.category : undefined;
  const categoryPage = category && categoryBySlug(categorySlug(category)) ? blogListPath(1, categorySlug(category)) : undefined;
  const featured = loaderData?.list.featured;
  return [
    ...buildMeta({ title: "Blog", description: BLOG_DESCRIPTION, path: categoryPage ?? "/blog" }),
    ...(featured ? coverPreload(featured.image, FEATURED_IMAGE_SIZES) : []),
  ];
};

/** /blog and /blog?q=…&category=…&page=N: the first page of every post, or a page of what the filters match. */
export async function loader({ request, context }: Route.LoaderArgs): Promise<BlogListData> {
  const filters = readListFilters(new URL(request.url).searchParams);
  const blog = await blogOf(context);
  if (isFiltered(filters)) return blog.searchOnServer(filters);
  if (filters.page > 1) throw redirect(blogListPath(filters.page));
  const list = blog.getListPage(1);
  if (!list) throw data(null, { status: 404 });
  return { query: filters.query, list };
}

// In the browser a search runs on the prebuilt index (fetched once); the unfiltered list is the prerendered data.
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs): Promise<BlogListData> {
  const filters = readListFilters(new URL(request.url).searchParams);
  if (!isFiltered(filters)) return serverLoader();
  try {
    // The search code is small (under 1 KB); the index it fetches is not, and waits for the first search.
    return await searchInBrowser(filters);
  } catch {
    // The index could not be fetched: the server searches the same index.
    return serverLoader();
  }
}

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  const { query, category, list } = loaderData;
  const filtered = isFiltered({ query, category });
  return (
    <BlogList
      list={list}
      filtered={filtered}
      href={(page) => (filtered ? filteredListHref({ query, category }, page) : blogListPath(page))}
    />
  );
}
