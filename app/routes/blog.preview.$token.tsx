import { data } from "react-router";
import { PostArticle, getAuthor } from "~/features/blog";
import { Container } from "~/components/layout/container";
import { SiteFrame } from "~/components/layout/site-frame";
import { PageError, pageErrorMeta } from "~/components/sections/page-error";
import { databaseContext } from "~/context";
import { postOfPreview, rowToPost } from "~/features/blog/index.server";
import { isDatabaseAway, pageAway } from "~/lib/database-away";
import { staticPage } from "~/lib/hydration";
import type { Route } from "./+types/blog.preview.$token";

// A draft as readers will see it, for a reviewer the editor sent the link to (docs/decisions/023). The token is the
// permission: never indexed, never stored by a cache, and 410 Gone once the link is revoked or has expired.

export const handle = staticPage;

const PRIVATE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow", "Referrer-Policy": "no-referrer" };

export const headers: Route.HeadersFunction = () => PRIVATE;

export const meta: Route.MetaFunction = (args) =>
  isDatabaseAway(args.error)
    ? pageErrorMeta(args)
    : [
        { title: args.loaderData ? `Preview: ${args.loaderData.post.title}` : "Preview link" },
        { name: "robots", content: "noindex, nofollow" },
      ];

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await postOfPreview(context.get(databaseContext).db, params.token).catch(() => pageAway());
  if (found.status === "none") throw data("This preview link does not exist.", { status: 404, headers: PRIVATE });
  if (found.status === "gone") throw data("This preview link was revoked or has expired.", { status: 410, headers: PRIVATE });
  const { searchText: _searchText, ...post } = rowToPost(found.row);
  return { post, authorBio: getAuthor(post.author)?.bio };
}

export default function PostPreview({ loaderData }: Route.ComponentProps) {
  const { post, authorBio } = loaderData;
  return (
    <Container className="py-8 sm:py-12">
      <p role="note" className="mb-6 rounded-lg border border-warning/30 bg-warning/10 p-3 text-sm font-medium">
        A preview: this post is not published. Please do not share this link.
      </p>
      <PostArticle post={post} authorBio={authorBio} />
    </Container>
  );
}

// Outside the site layout, like the root's boundary it stands in for: in the frame.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <SiteFrame>
      <PageError error={error} />
    </SiteFrame>
  );
}
