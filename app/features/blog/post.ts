// Blog types and the pure functions the list and post pages need in the browser too (cards, covers, categories). The
// list pages live in list.ts, the search index in search.ts, what a post's text gives in post-text.ts, a post
// as a Markdown file in post-file.ts and the published snapshot in snapshot.server.ts. This module is in every blog page's
// first load (decision 012): what only the server or the admin needs goes to those.

export interface PostImage {
  src: string;
  width: number;
  height: number;
  alt: string;
  /**
   * The vector cover source as a data URI, for the one cover above the fold: painted with the document under the
   * raster while that loads, so the page's largest image shows at first paint.
   */
  placeholder?: string;
}

export interface PostSummary {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  category: string;
  /** ISO date (YYYY-MM-DD). */
  date: string;
  /** Display text, e.g. "September 18, 2025". */
  dateLabel: string;
  /** ISO date of the last change made after publication, when it was a later day. */
  updated?: string;
  updatedLabel?: string;
  author: string;
  image: PostImage;
  tags: string[];
  readTime: string;
}

/** A summary plus what /blog needs to search the content in the browser. */
export interface SearchablePost extends PostSummary {
  /**
   * The distinct words of the body, lowercase. Query terms never contain whitespace, so matching them against these
   * words finds exactly what matching the full text would, for about half the bytes in the page.
   */
  searchText: string;
}

export interface Post extends SearchablePost {
  /** Sanitised HTML of the body. */
  html: string;
  /** The search title and description ("": the title, the excerpt) and the social image (absent: the cover). */
  seo: { title: string; description: string; image?: string };
  wordCount: number;
}

/** Only a summary's own fields, whatever else the post carries (its words, its HTML). */
export function toPostSummary({
  id,
  slug,
  title,
  excerpt,
  category,
  date,
  dateLabel,
  author,
  image,
  tags,
  readTime,
}: PostSummary): PostSummary {
  return { id, slug, title, excerpt, category, date, dateLabel, author, image, tags, readTime };
}

/** The categories a post may carry, in the order the /blog filter buttons show them. */
export const BLOG_CATEGORIES = ["Sales Strategies", "Tutorials", "Sales Psychology", "Resources", "Industry Trends"] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

export const RECENT_POSTS_ON_HOME = 3;
export const RECENT_POSTS_ON_POST = 4;
export const TAGS_PER_CARD = 3;
/** The newest posts, with their full text, in the RSS feed: readers want what is new, not the archive. */
export const FEED_ITEMS = 20;

/** Covers are drawn at 16:9; every rendition keeps that ratio. */
export const COVER_WIDTH = 1200;
export const COVER_HEIGHT = 675;
export const COVER_WIDTHS = [400, 800, 1200] as const;
const COVER_PATH = /^\/images\/blog\/([a-z0-9]+(?:-[a-z0-9]+)*)\.webp$/;

/** A cover's public path by its name: the 1200 px WebP, whose other renditions coverSrcSets() lists. */
export function coverSrc(name: string): string {
  return `/images/blog/${name}.webp`;
}

/** The cover's file name without extension, from its public path (`/images/blog/<name>.webp`). */
export function coverName(src: string): string | undefined {
  return COVER_PATH.exec(src)?.[1];
}

/** `srcset` values for the AVIF and WebP renditions written by scripts/build-images.ts. */
export function coverSrcSets(src: string): { avif: string; webp: string } | undefined {
  const name = coverName(src);
  if (!name) return undefined;
  const list = (format: "avif" | "webp") => COVER_WIDTHS.map((width) => `/images/blog/${name}-${width}.${format} ${width}w`).join(", ");
  return { avif: list("avif"), webp: list("webp") };
}

/** The JPEG rendition for link previews (Open Graph), which not every crawler reads in WebP. */
export function coverShareImage(src: string): string {
  const name = coverName(src);
  return name ? `/images/blog/${name}.jpg` : src;
}

/** The URL segment of a category's own list: "Sales Strategies" is /blog/category/sales-strategies. */
export function categorySlug(category: string): string {
  return slugify(category);
}

/** Lowercase, punctuation removed, whitespace (and existing hyphens) turned into single hyphens. */
export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/[\s-]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export function sortByDateDesc<T extends Pick<PostSummary, "date" | "id">>(posts: readonly T[]): T[] {
  return [...posts].sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
}

/** Distinct categories of the given posts, in the order of BLOG_CATEGORIES. */
export function categoriesOf(posts: readonly Pick<PostSummary, "category">[]): string[] {
  const present = new Set(posts.map((post) => post.category));
  return BLOG_CATEGORIES.filter((category) => present.has(category));
}

export interface BlogFilters {
  query?: string | null;
  /** A category name; empty, missing or "All" means every category. */
  category?: string | null;
}

export const ALL_CATEGORIES = "All";

export function normaliseCategory(category: string | null | undefined): string | undefined {
  const value = category?.trim();
  return value && value.toLowerCase() !== ALL_CATEGORIES.toLowerCase() ? value : undefined;
}

/** Case-insensitive: every word of the query must appear in the title, content text, excerpt, category or tags. */
export function matchesQuery(post: SearchablePost, query: string | null | undefined): boolean {
  const terms = (query ?? "").toLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return true;
  const haystack = [post.title, post.searchText, post.excerpt, post.category, ...post.tags].join("\n").toLowerCase();
  return terms.every((term) => haystack.includes(term));
}

/** The one filter used by the /blog page, its server render and searchPosts(): order is kept. */
export function filterPosts<T extends SearchablePost>(posts: readonly T[], { query, category }: BlogFilters): T[] {
  const wanted = normaliseCategory(category)?.toLowerCase();
  return posts.filter((post) => (!wanted || post.category.toLowerCase() === wanted) && matchesQuery(post, query));
}
