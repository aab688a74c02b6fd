import { Link } from "react-router";
import { badgeVariants } from "~/components/ui/badge";
import { blogListPath } from "~/content/paths";
import { categorySlug, type PostSummary } from "~/lib/blog";
import { cn } from "~/lib/utils";
import { PostIcon } from "./post-icons";

/** Date and read time, as on every card and post page. */
export function PostMeta({ post, className }: { post: Pick<PostSummary, "date" | "dateLabel" | "readTime">; className?: string }) {
  return (
    <p className={cn("flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground", className)}>
      <span className="inline-flex items-center gap-1.5">
        <PostIcon name="calendar" className="size-4" />
        <time dateTime={post.date}>{post.dateLabel}</time>
      </span>
      <span className="inline-flex items-center gap-1.5">
        <PostIcon name="clock" className="size-4" />
        {post.readTime}
      </span>
    </p>
  );
}

export function PostTags({ tags, className }: { tags: readonly string[]; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label="Tags" className={cn("flex flex-wrap gap-2", className)}>
      {tags.map((tag) => (
        <li key={tag} className="rounded-full border bg-background px-2.5 py-0.5 text-xs font-medium text-muted-foreground">
          {`#${tag}`}
        </li>
      ))}
    </ul>
  );
}

/** The post's author, as on every card. */
export function PostAuthor({ author, className }: { author: string; className?: string }) {
  return (
    <p className={cn("inline-flex items-center gap-2 text-sm text-muted-foreground", className)}>
      <PostIcon name="author" className="size-4" />
      {author}
    </p>
  );
}

/**
 * The category badge of a card, linking to the category's own list. It sits above the title link's overlay that covers
 * the card (`z-10`), so both can be clicked.
 */
export function CategoryLink({ category, variant = "secondary" }: { category: string; variant?: "default" | "secondary" }) {
  return (
    <Link
      to={blogListPath(1, categorySlug(category))}
      className={cn(
        badgeVariants({ variant }),
        "relative z-10 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
      )}
    >
      {category}
    </Link>
  );
}
