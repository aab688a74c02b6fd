import { data, redirect } from "react-router";
import {
  BLOG_FILTERS_ID,
  BLOG_DESCRIPTION,
  blogSearchScript,
  BlogList,
  coverPreload,
  FEATURED_IMAGE_SIZES,
  categorySlug,
  CATEGORY_PARAM,
  categoryBySlug,
  filteredListHref,
  isFiltered,
  readListFilters,
  SEARCH_PARAM,
  type BlogListData,
} from "~/features/blog";
import { blogListPath } from "~/content/paths";
import { blogOf } from "~/context";
import { buildMeta } from "~/lib/meta";
import { staticPage, type HydrationHandle, type PageScriptHandle } from "~/lib/hydration";
import { cachedPage, type PageCacheHandle } from "~/lib/page-cache";
import type { Route } from "./+types/blog";

// The list, filtered or not, is the same for everyone who asks for its URL: the server renders each one once per change
// of the posts (docs/decisions/023). Its search is a plain GET form and its links are links: nothing to hydrate
// (decision 031). Its page script filters as the visitor types by asking for those same URLs; a list React renders
// after a client-side visit keeps the plain form (its first filter loads this document, and the script with it).
export const handle: HydrationHandle & PageScriptHandle & PageCacheHandle = { ...staticPage, ...cachedPage, script: blogSearchScript };

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
  const url = new URL(request.url);
  const shorter = withoutEmptyFilters(url);
  if (shorter) throw redirect(shorter);
  const filters = readListFilters(url.searchParams);
  const blog = await blogOf(context);
  if (isFiltered(filters)) return blog.searchOnServer(filters);
  if (filters.page > 1) throw redirect(blogListPath(filters.page));
  const list = blog.getListPage(1);
  if (!list) throw data(null, { status: 404 });
  return { query: filters.query, list };
}

/**
 * The search form sends its empty fields too (`/blog?q=&category=Tutorials`): the address without them, the one to
 * share and to cache, or undefined when there is none to drop. Other parameters (utm_*) stay.
 */
function withoutEmptyFilters(url: URL): string | undefined {
  const params = new URLSearchParams(url.search);
  const empty = [SEARCH_PARAM, CATEGORY_PARAM].filter((name) => params.has(name) && params.getAll(name).every((value) => value === ""));
  if (empty.length === 0) return undefined;
  for (const name of empty) params.delete(name);
  const search = params.toString();
  return search ? `${url.pathname}?${search}` : url.pathname;
}

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  const { query, category, list } = loaderData;
  const filtered = isFiltered({ query, category });
  return (
    <BlogList
      list={list}
      filtered={filtered}
      // Another page of a search keeps its results in view, as the search itself does.
      href={(page) => (filtered ? `${filteredListHref({ query, category }, page)}#${BLOG_FILTERS_ID}` : blogListPath(page))}
    />
  );
}
