import { CalendarDays, Clock } from "lucide-react";
import type { PostSummary } from "~/lib/blog";
import { cn } from "~/lib/utils";

/** Date and read time, as on every card and post page. */
export function PostMeta({ post, className }: { post: Pick<PostSummary, "date" | "dateLabel" | "readTime">; className?: string }) {
  return (
    <p className={cn("flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground", className)}>
      <span className="inline-flex items-center gap-1.5">
        <CalendarDays aria-hidden="true" className="size-4" />
        <time dateTime={post.date}>{post.dateLabel}</time>
      </span>
      <span className="inline-flex items-center gap-1.5">
        <Clock aria-hidden="true" className="size-4" />
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
          #{tag}
        </li>
      ))}
    </ul>
  );
}
