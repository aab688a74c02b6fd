// A post as a file in the repo's own content format (decision 003), as `npm run blog:export` writes it, and the tags
// as the editor types them.
import type { PostFields } from "./tables";
import { htmlToText, readTime } from "./post-text";

/** What a post file holds: the post's fields but its cover, with its id and its date (YYYY-MM-DD). */
export type PostFileFields = Omit<PostFields, "cover" | "coverAlt" | "coverPlaceholder" | "socialImage" | "seoTitle" | "seoDescription"> &
  Partial<Pick<PostFields, "seoTitle" | "seoDescription">> & { id: number; date: string };

export function parseTags(tags: string): string[] {
  return [
    ...new Set(
      tags
        .split(",")
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * The draft as a post file in the repo's own format (app/content/blog/<slug>.md): YAML frontmatter, then the body.
 * Strings are written as JSON, which is valid YAML, so no quoting rule can be got wrong.
 */
export function draftToMarkdown(draft: PostFileFields): string {
  const { tags } = draft;
  const lines = [
    "---",
    `id: ${draft.id}`,
    `slug: ${draft.slug}`,
    `title: ${JSON.stringify(draft.title.trim())}`,
    `excerpt: ${JSON.stringify(draft.excerpt.trim())}`,
    `category: ${JSON.stringify(draft.category)}`,
    `date: ${draft.date}`,
    `author: ${JSON.stringify(draft.author.trim())}`,
    `image: /images/blog/${draft.slug}.webp`,
    `readTime: ${JSON.stringify(readTime(htmlToText(draft.content)))}`,
    ...(tags.length > 0 ? [`tags: ${JSON.stringify(tags)}`] : []),
    ...(draft.seoTitle ? [`seoTitle: ${JSON.stringify(draft.seoTitle)}`] : []),
    ...(draft.seoDescription ? [`seoDescription: ${JSON.stringify(draft.seoDescription)}`] : []),
    "---",
    "",
    draft.content.trim(),
    "",
  ];
  return lines.join("\n");
}
