import { Outlet, useLocation, useParams, useSearchParams } from "react-router";
import {
  BLOG_FEED_LINK,
  BlogFilters,
  categoriesOf,
  canonicalCategory,
  categoryBySlug,
  CATEGORY_PARAM,
  SEARCH_PARAM,
} from "~/features/blog";
import { Container } from "~/components/layout/container";
import { PageHeader } from "~/components/layout/page-header";
import { PageError, pageErrorMeta } from "~/components/sections/page-error";
import { site } from "~/content/site";
import { blogOf } from "~/context";
import type { Route } from "./+types/blog-layout";

// The frame of every list page (/blog, /blog/page/N, a category's list and its pages): the header and the filters
// above the list. Served without hydration like the lists (decision 031); React renders it after a client-side visit.

export const links: Route.LinksFunction = () => [BLOG_FEED_LINK];

// A list's own head comes from its page; this layout's, when its boundary shows an error instead.
export const meta: Route.MetaFunction = (args) => pageErrorMeta(args);

export async function loader({ context }: Route.LoaderArgs) {
  return { categories: categoriesOf((await blogOf(context)).getAllPosts()) };
}

// Paging within the list after a client-side visit never asks the server for the categories again.
export function shouldRevalidate() {
  return false;
}

export default function BlogLayout({ loaderData }: Route.ComponentProps) {
  const { categories } = loaderData;
  const params = useParams();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const onList = pathname === "/blog";
  const pageCategory = categoryBySlug(params.category);
  const category = pageCategory ?? (onList ? canonicalCategory(searchParams.get(CATEGORY_PARAM)) : undefined);

  return (
    <>
      {pageCategory ? (
        <PageHeader
          eyebrow="Blog"
          title={pageCategory}
          description={`Every ${pageCategory} article from the ${site.name} team, newest first.`}
        />
      ) : (
        <PageHeader
          eyebrow="Blog"
          title={`The ${site.name} Blog`}
          description="Practical advice on answering cold email replies, following up on time and turning interest into booked meetings."
        />
      )}
      <Container className="flex flex-col gap-10 py-10 sm:py-14">
        <BlogFilters categories={categories} query={onList ? (searchParams.get(SEARCH_PARAM) ?? "") : ""} category={category} />
        <Outlet />
      </Container>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}
