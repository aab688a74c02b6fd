import { data, redirect } from "react-router";
import { blogListMeta, BlogList, parsePage } from "~/features/blog";
import { NOT_FOUND } from "~/components/sections/route-error";
import { blogListPath } from "~/content/paths";
import { blogOf } from "~/context";
import { buildMeta } from "~/lib/meta";
import { staticPage } from "~/lib/hydration";
import { cachedPage } from "~/lib/page-cache";
import type { Route } from "./+types/blog.page.$page";

// The same for everyone who asks, until a post changes: rendered once per change (docs/decisions/023). Links and a GET
// form only: nothing to hydrate (decision 031).
export const handle = { ...staticPage, ...cachedPage };

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  loaderData
    ? blogListMeta(loaderData.list)
    : buildMeta({ title: "Page not found", description: NOT_FOUND.message, path: location.pathname, noindex: true });

/** /blog/page/N: every post, N-th page. Page 1 is /blog itself; a page past the end is a 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const page = parsePage(params.page);
  if (page === 1) throw redirect(blogListPath(1), 301);
  const list = page === undefined ? undefined : (await blogOf(context)).getListPage(page);
  if (!list) throw data(null, { status: 404 });
  return { list };
}

export default function BlogListPage({ loaderData }: Route.ComponentProps) {
  return <BlogList list={loaderData.list} filtered={false} href={(page) => blogListPath(page)} />;
}
