import { data, redirect } from "react-router";
import { blogListMeta, BlogList, categorySlug, parsePage } from "~/features/blog";
import { NOT_FOUND } from "~/components/sections/route-error";
import { blogListPath } from "~/content/paths";
import { blogOf } from "~/context";
import { buildMeta } from "~/lib/meta";
import { staticPage } from "~/lib/hydration";
import { cachedPage } from "~/lib/page-cache";
import type { Route } from "./+types/blog.category.$category";

// The same for everyone who asks, until a post changes: rendered once per change (docs/decisions/023). Links and a GET
// form only: nothing to hydrate (decision 031).
export const handle = { ...staticPage, ...cachedPage };

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  loaderData
    ? blogListMeta(loaderData.list, loaderData.list.category)
    : buildMeta({ title: "Page not found", description: NOT_FOUND.message, path: location.pathname, noindex: true });

/**
 * /blog/category/{category} and /blog/category/{category}/page/N: one category's posts, newest first. An unknown
 * category or a page past the end is a 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const page = params.page === undefined ? 1 : parsePage(params.page);
  if (params.page === "1") throw redirect(blogListPath(1, params.category), 301);
  const list = page === undefined ? undefined : (await blogOf(context)).getListPage(page, params.category);
  if (!list) throw data(null, { status: 404 });
  return { list };
}

export default function BlogCategoryPage({ loaderData }: Route.ComponentProps) {
  const { list } = loaderData;
  const slug = categorySlug(list.category ?? "");
  return <BlogList list={list} filtered={false} href={(page) => blogListPath(page, slug)} />;
}
