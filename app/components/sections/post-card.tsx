import { Link } from "react-router";
import type { PostSummary } from "~/lib/blog";

// Stub until the blog issue lands.
export function PostCard({ post }: { post: PostSummary }) {
  return (
    <article>
      <h3>
        <Link to={`/blog/${post.slug}`}>{post.title}</Link>
      </h3>
    </article>
  );
}
