// The blog admin's draft and the post file it exports, in the repo's own content format (decision 003).
import { htmlToText, readTime } from "./post-text";

/** The blog-admin draft, as typed. */
export interface BlogDraft {
  id: number;
  title: string;
  slug: string;
  excerpt: string;
  /** HTML, as typed in the admin; Markdown allows it in the body as it is. */
  content: string;
  author: string;
  category: string;
  tags: string;
  date: string;
}

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
export function draftToMarkdown(draft: BlogDraft): string {
  const tags = parseTags(draft.tags);
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
    "---",
    "",
    draft.content.trim(),
    "",
  ];
  return lines.join("\n");
}
