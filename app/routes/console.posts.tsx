import { Link } from "react-router";
import { databaseContext } from "~/context";
import { LocalTime } from "~/features/blog";
import { ConsoleHeading } from "~/components/console/frame";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { blogPostPath } from "~/content/paths";
import { listPosts } from "~/features/blog/index.server";
import { consoleMeta } from "~/lib/console/meta";
import { consolePaths } from "~/lib/console/paths";
import type { Route } from "./+types/console.posts";

// Every post in every state, newest change first: where an editor starts (docs/decisions/023).

export const meta: Route.MetaFunction = () => consoleMeta("Posts");

export async function loader({ context, request }: Route.LoaderArgs) {
  const posts = await listPosts(context.get(databaseContext).db);
  const done = new URL(request.url).searchParams.get("done");
  return {
    message: done === "deleted" ? "Post deleted." : undefined,
    posts: posts.map((post) => ({
      ...post,
      publishAt: post.publishAt?.toISOString() ?? null,
      publishedAt: post.publishedAt?.toISOString() ?? null,
      editedAt: post.editedAt.toISOString(),
    })),
  };
}

const STATES = {
  draft: { label: "Draft", variant: "outline" },
  scheduled: { label: "Scheduled", variant: "secondary" },
  published: { label: "Published", variant: "default" },
  unpublished: { label: "Unpublished", variant: "outline" },
} as const;

export default function BlogAdminPosts({ loaderData }: Route.ComponentProps) {
  const { posts, message } = loaderData;
  return (
    <>
      <ConsoleHeading title="Posts" description="Write, preview, schedule and publish the blog's posts. A published post is live at once.">
        <Button asChild>
          <Link to={consolePaths.newPost}>New post</Link>
        </Button>
      </ConsoleHeading>
      <div role="status" aria-live="polite">
        {message ? (
          <p className="rounded-lg border border-success/30 bg-success/10 p-3 text-sm font-medium text-success">{message}</p>
        ) : null}
      </div>
      {posts.length === 0 ? (
        <p className="text-muted-foreground">No posts yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border">
          <table className="w-full text-sm">
            <caption className="sr-only">Every post and its state</caption>
            <thead className="bg-muted/50 text-left">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  Title
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  State
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Last change
                </th>
              </tr>
            </thead>
            <tbody>
              {posts.map((post) => (
                <tr key={post.id} className="border-t align-top">
                  <td className="px-4 py-3">
                    <Link to={consolePaths.post(post.id)} className="font-medium hover:underline">
                      {post.title}
                    </Link>
                    <p className="text-xs text-muted-foreground">
                      {post.status === "published" ? (
                        <a href={blogPostPath(post.slug)}>{blogPostPath(post.slug)}</a>
                      ) : (
                        blogPostPath(post.slug)
                      )}
                    </p>
                  </td>
                  <td className="px-4 py-3">
                    <Badge variant={STATES[post.status].variant}>{STATES[post.status].label}</Badge>
                    {post.featured && post.status === "published" ? (
                      <Badge variant="outline" className="ml-1">
                        Featured
                      </Badge>
                    ) : null}
                    {post.status === "scheduled" && post.publishAt ? (
                      <p className="mt-1 text-xs text-muted-foreground">
                        for <LocalTime iso={post.publishAt} />
                      </p>
                    ) : null}
                    {post.publishError ? (
                      <p className="mt-1 text-xs font-medium text-destructive">Publishing failed: {post.publishError}</p>
                    ) : null}
                  </td>
                  <td className="px-4 py-3 text-muted-foreground">
                    <LocalTime iso={post.editedAt} />
                    <p className="text-xs">{post.editedBy}</p>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
