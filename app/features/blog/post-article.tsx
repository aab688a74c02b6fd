import type * as React from "react";
import { Badge } from "~/components/ui/badge";
import { Icon } from "~/components/ui/icon";
import type { PostSummary } from "./post";
import { cn } from "~/lib/utils";
import { CoverImage } from "./cover-image";
import { PostMeta, PostTags } from "./post-meta";

export const ARTICLE_IMAGE_SIZES = "(min-width: 1152px) 752px, (min-width: 1024px) 68vw, calc(100vw - 2rem)";

interface PostArticleProps {
  /** `image` is null in the admin preview until a thumbnail is chosen. */
  post: Omit<PostSummary, "id" | "excerpt" | "image"> & { image: PostSummary["image"] | null; html: string };
  /** The post page's title is its h1; the admin preview sits under the admin's own h1. */
  titleAs?: "h1" | "h2";
  /** The line about the author (content/authors.ts), when there is one; the caller looks it up. */
  authorBio?: string;
  /** Shown beside the tags (the Share button on the post page). */
  actions?: React.ReactNode;
  className?: string;
}

/** A post as readers see it: the post page and the blog-admin preview both render this. */
export function PostArticle({ post, titleAs: Title = "h1", authorBio, actions, className }: PostArticleProps) {
  return (
    <article className={cn("flex min-w-0 flex-col gap-8", className)}>
      <header className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <Badge variant="secondary">{post.category}</Badge>
          <PostMeta post={post} />
        </div>
        <Title className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl lg:text-5xl">{post.title}</Title>
        <p className="inline-flex items-center gap-2 text-muted-foreground">
          <Icon name="user-round" className="size-4" />
          <span>
            By <span className="font-medium text-foreground">{post.author}</span>
          </span>
        </p>
      </header>
      {post.image ? (
        <CoverImage image={post.image} sizes={ARTICLE_IMAGE_SIZES} priority className="rounded-xl border" />
      ) : (
        <div className="flex aspect-video w-full items-center justify-center rounded-xl border border-dashed bg-muted text-muted-foreground">
          No thumbnail yet
        </div>
      )}
      <div className="prose-content max-w-none text-base sm:text-lg" dangerouslySetInnerHTML={{ __html: post.html }} />
      {authorBio ? (
        <p className="flex items-start gap-3 rounded-xl bg-muted/60 p-4 text-sm text-muted-foreground sm:p-5" data-testid="author-line">
          <Icon name="user-round" className="mt-0.5 size-4 shrink-0" />
          <span>
            <span className="font-semibold text-foreground">About the author.</span> {authorBio}
          </span>
        </p>
      ) : null}
      {post.tags.length > 0 || actions ? (
        <footer className="flex flex-wrap items-center justify-between gap-4 border-t pt-6">
          <PostTags tags={post.tags} />
          {actions}
        </footer>
      ) : null}
    </article>
  );
}
