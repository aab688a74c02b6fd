import { Icon } from "~/components/ui/icon";
import type { PostSummary } from "./post";
import { cn } from "~/lib/utils";

/** Date and read time, as on every card and post page. */
export function PostMeta({
  post,
  className,
}: {
  post: Pick<PostSummary, "date" | "dateLabel" | "readTime" | "updated" | "updatedLabel">;
  className?: string;
}) {
  return (
    <p
      className={cn(
        "flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground *:inline-flex *:items-center *:gap-1.5",
        className,
      )}
    >
      <span>
        <Icon name="calendar-days" className="size-4" />
        <time dateTime={post.date}>{post.dateLabel}</time>
      </span>
      {post.updated ? (
        <span>
          Updated <time dateTime={post.updated}>{post.updatedLabel}</time>
        </span>
      ) : null}
      <span>
        <Icon name="clock" className="size-4" />
        {post.readTime}
      </span>
    </p>
  );
}

export function PostTags({ tags, className }: { tags: readonly string[]; className?: string }) {
  if (tags.length === 0) return null;
  return (
    // The items' look is set once on the list: a page of cards repeats it dozens of times.
    <ul
      aria-label="Tags"
      className={cn(
        "flex flex-wrap gap-2 *:rounded-full *:border *:bg-background *:px-2.5 *:py-0.5 *:text-xs *:font-medium *:text-muted-foreground",
        className,
      )}
    >
      {tags.map((tag) => (
        <li key={tag}>{`#${tag}`}</li>
      ))}
    </ul>
  );
}

/** The post's author, as on every card. */
export function PostAuthor({ author, className }: { author: string; className?: string }) {
  return (
    <p className={cn("inline-flex items-center gap-2 text-sm text-muted-foreground", className)}>
      <Icon name="user-round" className="size-4" />
      {author}
    </p>
  );
}
