// The published blog as one immutable snapshot (lists, search index, redirects, covers' placeholders), and the post
// files of the repo's Markdown format parsed into posts: what every public blog page reads, on the server only.
import {
  COVER_HEIGHT,
  COVER_WIDTH,
  coverName,
  coverSrc,
  filterPosts,
  sortByDateDesc,
  type BlogFilters,
  type Post,
  type PostImage,
  type PostSummary,
  type SearchablePost,
} from "./post";
import { categoryBySlug, filteredList, listPage, type BlogListData, type ListFilters, type ListPage } from "./list";
import { buildSearchIndex, createSearch, type BlogSearch, type BlogSearchIndex } from "./search";
import { parseFrontmatter, renderMarkdown } from "~/lib/markdown.server";
import { countWords, formatPostDate, htmlToText, readTime, searchWords } from "./post-text";
import { sanitizePostHtml } from "./sanitize";
import type { PostFields } from "./tables";
import { BlogPostFrontmatterSchema, describeIssues, type BlogPostFrontmatter } from "./frontmatter";

/** A post file as parsed and validated: its frontmatter and its Markdown body. */
export interface PostFile {
  front: BlogPostFrontmatter;
  /** Markdown (HTML allowed). */
  body: string;
}

/**
 * Parses and validates post files in the repo's Markdown format (keyed by path, e.g. "<dir>/<slug>.md"): the initial
 * content and `npm run blog:import`. Throws an Error naming the file on a missing or bad field, a slug that differs
 * from the file name, or a duplicate slug or id, so bad content is refused before anything is stored.
 */
export function parsePostFiles(files: Record<string, string>): PostFile[] {
  const parsedFiles: PostFile[] = [];
  const bySlug = new Map<string, string>();
  const byId = new Map<number, string>();
  for (const [path, source] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
    const fileName = path.split("/").pop() ?? path;
    const where = `Blog post ${path}`;
    const { data, body } = parseFrontmatter(source, where);
    const parsed = BlogPostFrontmatterSchema.safeParse(data);
    if (!parsed.success) throw new Error(`${where}: ${describeIssues(parsed.error)}`);
    const front = parsed.data;
    if (`${front.slug}.md` !== fileName) throw new Error(`${where}: slug "${front.slug}" must match the file name (${front.slug}.md)`);
    const sameSlug = bySlug.get(front.slug);
    if (sameSlug) throw new Error(`${where}: duplicate slug "${front.slug}" (also in ${sameSlug})`);
    const sameId = byId.get(front.id);
    if (sameId) throw new Error(`${where}: duplicate id ${front.id} (also in ${sameId})`);
    if (body.trim() === "") throw new Error(`${where}: the post has no content`);
    bySlug.set(front.slug, path);
    byId.set(front.id, path);
    parsedFiles.push({ front, body });
  }
  return parsedFiles;
}

/** A post's body as the site shows it: Markdown rendered, then sanitised. */
export function postHtml(markdown: string): string {
  return sanitizePostHtml(renderMarkdown(markdown));
}

/** What a post's page, cards and search need, from its stored or parsed fields (its body already rendered to HTML). */
export function toPost(
  fields: Omit<PostFields, "content" | "coverPlaceholder"> & {
    id: number;
    html: string;
    date: string;
    updated?: string | undefined;
    readTime?: string | undefined;
  },
): Post {
  // Sanitised again where it is shown: what a row holds is never trusted to have passed through this version's rules.
  const html = sanitizePostHtml(fields.html);
  const text = htmlToText(html);
  return {
    id: fields.id,
    slug: fields.slug,
    title: fields.title,
    excerpt: fields.excerpt,
    category: fields.category,
    date: fields.date,
    dateLabel: formatPostDate(fields.date),
    ...(fields.updated && fields.updated !== fields.date ? { updated: fields.updated, updatedLabel: formatPostDate(fields.updated) } : {}),
    author: fields.author,
    image: { src: coverSrc(fields.cover ?? fields.slug), width: COVER_WIDTH, height: COVER_HEIGHT, alt: fields.coverAlt },
    // What search engines and link previews read; the page falls back to the title, the excerpt and the cover.
    seo: {
      title: fields.seoTitle,
      description: fields.seoDescription,
      ...(fields.socialImage ? { image: coverSrc(fields.socialImage) } : {}),
    },
    tags: fields.tags,
    readTime: fields.readTime ?? readTime(text),
    searchText: searchWords(text),
    html,
    wordCount: countWords(text),
  };
}

/** Post files as posts (the tests of the format, the initial content's checks). */
export function loadPosts(files: Record<string, string>): Post[] {
  return sortByDateDesc(
    parsePostFiles(files).map(({ front, body }) =>
      toPost({
        ...front,
        cover: coverName(front.image) ?? front.slug,
        coverAlt: front.imageAlt ?? "",
        seoTitle: front.seoTitle ?? "",
        seoDescription: front.seoDescription ?? "",
        socialImage: null,
        tags: front.tags ?? [],
        html: postHtml(body),
      }),
    ),
  );
}

function coverSources(): Record<string, string> {
  return import.meta.glob<string>("../../content/blog/covers/*.svg", { query: "?raw", import: "default", eager: true });
}

/** A compact SVG data URI: only the characters a URL or a CSS url("…") cannot hold are escaped. */
function svgDataUri(svg: string) {
  const compact = svg.replace(/\s+/g, " ").replace(/> </g, "><").replace(/"/g, "'").trim();
  return `data:image/svg+xml,${compact.replace(/[%#<>{}]/g, (char) => encodeURIComponent(char))}`;
}

let vectorCovers: Map<string, string> | undefined;
/** The initial posts' covers have a vector source: inlined, it paints with the document under the raster. */
function vectorPlaceholder(src: string): string | undefined {
  vectorCovers ??= new Map(
    Object.entries(coverSources()).map(([path, svg]) => [
      path
        .split("/")
        .pop()
        ?.replace(/\.svg$/, "") ?? path,
      svgDataUri(svg),
    ]),
  );
  return vectorCovers.get(coverName(src) ?? "");
}

/** The initial content: the posts in app/content/blog/, imported into the database once (app/features/blog/seed.server.ts). */
export function initialPostFiles(): Record<string, string> {
  return import.meta.glob<string>("../../content/blog/*.md", { query: "?raw", import: "default", eager: true });
}

export function toSummary({ searchText: _searchText, html: _html, wordCount: _wordCount, ...summary }: Post): PostSummary {
  return summary;
}

export function toSearchable({ html: _html, wordCount: _wordCount, ...post }: Post): SearchablePost {
  return post;
}

/**
 * The published blog at one moment: every list, search and page reads this, built once per change of the posts
 * (app/features/blog/store.server.ts) and replaced, never mutated.
 */
export interface Blog {
  /** A version number, new with every change: what the page cache keys its generation on. */
  readonly version: number;
  /** Every post, newest first. */
  getAllPosts(): PostSummary[];
  /** Summaries with their plain text, for searching in the browser. */
  getSearchablePosts(): SearchablePost[];
  /** The most recent posts, date descending. */
  getRecentPosts(count?: number): PostSummary[];
  getPostBySlug(slug: string): Post | undefined;
  /** The current slug of a published post that had this one before (its old URL answers a 301). */
  currentSlugOf(formerSlug: string): string | undefined;
  /** Whether a post that was published, and no longer is, had this slug (its URL answers 404, not the list). */
  wasTakenDown(slug: string): boolean;
  getPostsByCategory(category: string): PostSummary[];
  /** Case-insensitive search over title, content text, excerpt, category and tags. */
  searchPosts(query: string, filters?: Omit<BlogFilters, "query">): PostSummary[];
  /** The search index of every post: served as /blog/search-index.json and searched by /blog?q=. */
  getSearchIndex(): BlogSearchIndex;
  /** The filtered /blog list, searched on the server with the index the browser fetches: both find the same posts. */
  searchOnServer(filters: ListFilters): BlogListData;
  /**
   * A page of every post's list (no category) or of one category's (by its URL slug), or undefined when there is no
   * such category or page. The first page's featured cover carries its placeholder: it is the page's largest paint.
   */
  getListPage(page: number, categorySlug?: string): (ListPage<PostSummary> & { category?: string }) | undefined;
  /** The cover with a placeholder painted while it loads, for the one cover above the fold. */
  withPlaceholder<T extends { slug: string; image: PostImage }>(post: T): T;
}

export interface BlogContent {
  posts: Post[];
  /** Former slug -> current slug. */
  redirects?: ReadonlyMap<string, string>;
  /** Slug -> the blurred data URI stored with an uploaded cover. */
  placeholders?: ReadonlyMap<string, string>;
  /** The slugs, current and former, of posts that were published and no longer are. */
  takenDown?: ReadonlySet<string>;
  /** The slug of the post an editor chose to show first on /blog; without one, the newest post is. */
  featured?: string | undefined;
  version?: number;
}

export function createBlog({
  posts: unsorted,
  redirects = new Map(),
  placeholders = new Map(),
  takenDown = new Set(),
  featured,
  version = 0,
}: BlogContent): Blog {
  const posts = sortByDateDesc(unsorted);
  const summaries = posts.map(toSummary);
  // /blog's list: the chosen post first (its featured place), then the others newest first.
  const chosen = summaries.find((post) => post.slug === featured);
  const listed = chosen ? [chosen, ...summaries.filter((post) => post !== chosen)] : summaries;
  const bySlug = new Map(posts.map((post) => [post.slug, post]));
  let searchIndex: BlogSearchIndex | undefined;
  let search: BlogSearch | undefined;
  const getSearchablePosts = () => posts.map(toSearchable);
  const getSearchIndex = () => (searchIndex ??= buildSearchIndex(getSearchablePosts()));
  const getPostsByCategory = (category: string) => filterPosts(posts, { category }).map(toSummary);
  const withCoverPlaceholder = <T extends { slug: string; image: PostImage }>(post: T): T => {
    const placeholder = placeholders.get(post.slug) ?? vectorPlaceholder(post.image.src);
    return placeholder ? { ...post, image: { ...post.image, placeholder } } : post;
  };

  return {
    version,
    getAllPosts: () => summaries,
    getSearchablePosts,
    getRecentPosts: (count = 3) => summaries.slice(0, Math.max(0, count)),
    getPostBySlug: (slug) => bySlug.get(slug),
    currentSlugOf(formerSlug) {
      const current = redirects.get(formerSlug);
      return current && bySlug.has(current) && current !== formerSlug ? current : undefined;
    },
    wasTakenDown: (slug) => takenDown.has(slug),
    getPostsByCategory,
    searchPosts: (query, filters = {}) => filterPosts(posts, { ...filters, query }).map(toSummary),
    getSearchIndex,
    searchOnServer(filters) {
      search ??= createSearch(getSearchIndex());
      return filteredList(search(filters), filters);
    },
    getListPage(page, categorySlug) {
      const category = categorySlug === undefined ? undefined : categoryBySlug(categorySlug);
      if (categorySlug !== undefined && !category) return undefined;
      const list = listPage(category ? getPostsByCategory(category) : listed, page);
      if (!list || (category && list.total === 0)) return undefined;
      return { ...list, featured: list.featured && withCoverPlaceholder(list.featured), category };
    },
    withPlaceholder: withCoverPlaceholder,
  };
}
