// The frontmatter of a post file (the repo's Markdown format, decision 003), checked field by field.
import { z } from "~/lib/forms/zod";
import { SEO_DESCRIPTION_MAX, SEO_DESCRIPTION_MIN, SEO_TITLE_MAX } from "~/lib/seo-limits";
import { BLOG_CATEGORIES } from "./post";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const text = (max: number) => z.string().trim().min(1, "is required").max(max, `must be at most ${max} characters`);

const isoDate = z
  .string()
  .regex(ISO_DATE, "must be an ISO date (YYYY-MM-DD)")
  .refine(
    (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    "is not a real date",
  );

/** The frontmatter of app/content/blog/<slug>.md. Unknown keys are refused so a typo cannot pass silently. */
export const BlogPostFrontmatterSchema = z
  .object({
    id: z.number().int().positive(),
    slug: z.string().regex(SLUG_PATTERN, "must be lowercase words joined by hyphens"),
    title: text(160),
    excerpt: text(320),
    category: z.enum(BLOG_CATEGORIES),
    date: isoDate,
    author: text(80),
    image: z
      .string()
      .regex(/^\/images\/blog\/[a-z0-9]+(?:-[a-z0-9]+)*\.webp$/, "must be /images/blog/<name>.webp (built from covers/<name>.*)"),
    imageAlt: z.string().trim().max(200).optional(),
    /** The title and description search engines show, when they differ from the title and the excerpt. */
    seoTitle: z.string().trim().max(SEO_TITLE_MAX).optional(),
    seoDescription: z.string().trim().min(SEO_DESCRIPTION_MIN).max(SEO_DESCRIPTION_MAX).optional(),
    tags: z.array(z.string().trim().min(1).max(40)).max(12).optional(),
    readTime: z
      .string()
      .regex(/^[1-9]\d* min read$/, "must read 'N min read'")
      .optional(),
  })
  .strict();

export type BlogPostFrontmatter = z.infer<typeof BlogPostFrontmatterSchema>;

/** One line per problem, with the field's path: "title: is required". */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join(".") || "(frontmatter)"}: ${issue.message}`).join("; ");
}
