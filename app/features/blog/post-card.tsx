import { Link } from "react-router";
import { CoverImage } from "./cover-image";
import { CategoryLink } from "./category-link";
import { PostAuthor, PostMeta, PostTags } from "./post-meta";
import { blogPostPath } from "~/content/paths";
import { TAGS_PER_CARD, type PostSummary } from "./post";
import { cn } from "~/lib/utils";

export const CARD_IMAGE_SIZES = "(min-width: 1152px) 352px, (min-width: 1024px) 31vw, (min-width: 640px) 47vw, calc(100vw - 2rem)";

/** A post in a grid (/blog and the home page's 'Latest from our Blog'): the whole card opens the post. */
export function PostCard({ post, className }: { post: PostSummary; className?: string }) {
  return (
    <article
      className={cn(
        "group relative flex h-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md has-[h3_a:focus-visible]:outline-2 has-[h3_a:focus-visible]:outline-offset-2 has-[h3_a:focus-visible]:outline-ring",
        className,
      )}
    >
      <CoverImage image={post.image} sizes={CARD_IMAGE_SIZES} className="border-b" />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <CategoryLink category={post.category} />
          <PostMeta post={post} className="gap-x-3" />
        </div>
        <h3 className="text-lg leading-snug font-semibold">
          <Link to={blogPostPath(post.slug)} className="group-hover:text-primary after:absolute after:inset-0 focus-visible:outline-none">
            {post.title}
          </Link>
        </h3>
        <p className="line-clamp-3 text-sm text-muted-foreground">{post.excerpt}</p>
        <PostTags tags={post.tags.slice(0, TAGS_PER_CARD)} />
        <PostAuthor author={post.author} className="mt-auto pt-2" />
      </div>
    </article>
  );
}
