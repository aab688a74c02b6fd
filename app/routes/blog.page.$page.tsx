import { data, redirect } from "react-router";
import { blogListMeta, BlogList } from "~/components/blog/blog-list";
import { NOT_FOUND } from "~/components/sections/route-error";
import { blogListPath } from "~/content/paths";
import { parsePage } from "~/lib/blog-list";
import { getListPage } from "~/lib/blog.server";
import { buildMeta } from "~/lib/meta";
import type { Route } from "./+types/blog.page.$page";

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  loaderData
    ? blogListMeta(loaderData.list)
    : buildMeta({ title: "Page not found", description: NOT_FOUND.message, path: location.pathname, noindex: true });

/** /blog/page/N: every post, N-th page. Page 1 is /blog itself; a page past the end is a 404. */
export function loader({ params }: Route.LoaderArgs) {
  const page = parsePage(params.page);
  if (page === 1) throw redirect(blogListPath(1), 301);
  const list = page === undefined ? undefined : getListPage(page);
  if (!list) throw data(null, { status: 404 });
  return { list };
}

export default function BlogListPage({ loaderData }: Route.ComponentProps) {
  return <BlogList list={loaderData.list} filtered={false} href={(page) => blogListPath(page)} />;
}
