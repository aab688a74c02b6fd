import type { PostFields } from "./tables";
import { BLOG_CATEGORIES, slugify } from "./post";
import { parseTags } from "./post-file";
import { SLUG_PATTERN } from "./frontmatter";
import { plainText } from "~/lib/forms/form-fields";
import { z } from "~/lib/forms/zod";
import { SEO_DESCRIPTION_MAX, SEO_DESCRIPTION_MIN, SEO_TITLE_MAX } from "~/lib/seo-limits";

// What the editor (/console/posts) may save. A draft needs a title; a post needs everything a reader sees before it
// goes live (publishRequirements). The messages are the editor's own (the spec's, where it has one).

/** The largest cover an editor may upload (the server checks it; the editor says so before sending). */
export const COVER_MAX_BYTES = 10 * 1024 * 1024;
export const coverTooLarge = () =>
  `The image is larger than ${COVER_MAX_BYTES / 1024 / 1024} MB. Save it at a smaller size, or as a JPEG, and upload it again.`;

export const THUMBNAIL_REQUIRED = "Please upload a thumbnail image for the blog post.";
export const LIMITS = {
  title: 160,
  slug: 120,
  excerpt: 320,
  content: 200_000,
  author: 80,
  tag: 40,
  tags: 12,
  coverAlt: 200,
  seoTitle: SEO_TITLE_MAX,
  seoDescription: SEO_DESCRIPTION_MAX,
} as const;

/**
 * Images in the body: only files this site serves, so a post never loads from another host (and the CSP agrees). The
 * spaces and the optional quote (or angle bracket) sit inside the look-ahead: outside it, the pattern could skip them
 * and test the look-ahead at the quote, refusing `src="/images/…"`.
 */
const FOREIGN_IMAGE = /<img\b[^>]*\bsrc\s*=(?!\s*["']?\/images\/)|!\[[^\]]*\]\((?!\s*<?\/images\/)/i;
/** An image in the body with no description: a Markdown `![](…)`, or an <img> without a non-empty alt. */
const UNDESCRIBED_IMAGE = /!\[\s*\]\(|<img\b(?![^>]*\balt\s*=\s*(?:"[^"\s][^"]*"|'[^'\s][^']*'|[^\s"'>]))[^>]*>/i;

/** The fields a person types: every post field (the table's POST_FIELDS) but the images, which are uploaded, and the placeholder. */
export type EditorField = Exclude<keyof PostFields, "cover" | "coverPlaceholder" | "socialImage">;

export const PostFieldsSchema = z.object({
  title: plainText("The title", LIMITS.title).pipe(z.string().min(1, "Give the post a title.")),
  slug: z
    .string()
    .trim()
    .max(LIMITS.slug, `The slug must be at most ${LIMITS.slug} characters.`)
    .regex(SLUG_PATTERN, "The slug may hold only lowercase letters a-z, digits and single hyphens (no slashes, dots or accents)."),
  excerpt: plainText("The excerpt", LIMITS.excerpt),
  content: z
    .string()
    .max(LIMITS.content, `The content must be at most ${LIMITS.content.toLocaleString("en-US")} characters.`)
    .refine(
      (value) => !FOREIGN_IMAGE.test(value),
      "Images in the content must be files on this site (a path starting /images/): upload the picture with “Add an image” below the content.",
    )
    .refine(
      (value) => !UNDESCRIBED_IMAGE.test(value),
      "Every image in the content needs a description (alt text) for readers who cannot see it.",
    ),
  author: plainText("The author", LIMITS.author),
  category: z.union([z.literal(""), z.enum(BLOG_CATEGORIES, { message: "Choose one of the categories." })]),
  tags: z
    .string()
    .transform(parseTags)
    .pipe(
      z
        .array(plainText("A tag", LIMITS.tag))
        .max(LIMITS.tags, `At most ${LIMITS.tags} tags.`)
        .refine((tags) => tags.every((tag) => !tag.includes(",")), "Separate tags with commas."),
    ),
  coverAlt: plainText("The image description", LIMITS.coverAlt),
  // Empty: the page uses the title and the excerpt (the form shows them as placeholders).
  seoTitle: plainText("The headline for search engines", LIMITS.seoTitle),
  seoDescription: plainText("The summary for search engines", LIMITS.seoDescription).refine(
    (value) => value === "" || value.length >= SEO_DESCRIPTION_MIN,
    `Write at least ${SEO_DESCRIPTION_MIN} characters, or leave it empty to use the excerpt: search engines replace a shorter one with text of their own.`,
  ),
} satisfies { [Field in EditorField]: z.ZodType<PostFields[Field], string> });

export type ValidPostFields = z.output<typeof PostFieldsSchema>;

/** The editor's form fields, in the form's order. */
export const EDITOR_FIELDS = PostFieldsSchema.keyof().options;
/** The typed fields as the form holds them: text, the tags joined by commas. */
export type EditorValues = Record<EditorField, string>;
export const EMPTY_EDITOR_VALUES = Object.fromEntries(EDITOR_FIELDS.map((name) => [name, ""])) as EditorValues;

/** A post's fields as the editor's form shows them. */
export function editorValuesOf(fields: Pick<PostFields, EditorField>): EditorValues {
  return Object.fromEntries(EDITOR_FIELDS.map((name) => [name, name === "tags" ? fields.tags.join(", ") : fields[name]])) as EditorValues;
}

/** The slug as the editor derives it from the title until someone edits it. */
export const slugFromTitle = (title: string) => slugify(title).slice(0, LIMITS.slug).replace(/-+$/, "");

/** What is missing before a post can go live, by field: empty when it can be published. */
export function publishRequirements(
  fields: Pick<ValidPostFields, "excerpt" | "content" | "author" | "coverAlt"> & { category: string; cover: string | null },
): Record<string, string> {
  const missing: Record<string, string> = {};
  if (!fields.excerpt) missing.excerpt = "Write an excerpt: it is the post's description in lists and search results.";
  if (!fields.content.trim()) missing.content = "Write the post's content.";
  if (!fields.author) missing.author = "Name the author.";
  if (!fields.category) missing.category = "Choose a category.";
  if (!fields.cover) missing.cover = THUMBNAIL_REQUIRED;
  else if (!fields.coverAlt) missing.coverAlt = "Describe the cover image for readers who cannot see it.";
  return missing;
}

/** A post as the editor opens it: its typed fields, its cover, and (once saved) its state. */
export interface EditorPost extends EditorValues {
  id?: number;
  version?: number;
  status?: "draft" | "scheduled" | "published" | "unpublished";
  cover: string | null;
  /** The link previews' own image, when it is not the cover. */
  socialImage?: string | null;
  publishedAt?: string | null;
  publishAt?: string | null;
}
