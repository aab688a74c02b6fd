import {
  COVER_HEIGHT,
  COVER_WIDTH,
  coverName,
  filterPosts,
  sortByDateDesc,
  type BlogFilters,
  type Post,
  type PostImage,
  type PostSummary,
  type SearchablePost,
} from "./blog";
import { categoryBySlug, filteredList, listPage, type BlogListData, type ListFilters, type ListPage } from "./blog-list";
import { buildSearchIndex, createSearch, type BlogSearch, type BlogSearchIndex } from "./blog-search";
import { parseFrontmatter, renderMarkdown } from "./markdown.server";
import { countWords, formatPostDate, htmlToText, readTime, searchWords } from "./post-text";
import { sanitizePostHtml } from "./sanitize";
import { BlogPostFrontmatterSchema, describeIssues } from "./schemas/blog-post";

/**
 * Parses and validates every post file (keyed by path, e.g. "../content/blog/<slug>.md"). Throws an Error naming
 * the file on a missing or bad field, a slug that differs from the file name, or a duplicate slug or id, so bad
 * content fails the build instead of shipping.
 */
export function loadPosts(files: Record<string, string>): Post[] {
  const posts: Post[] = [];
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

    const html = sanitizePostHtml(renderMarkdown(body));
    const text = htmlToText(html);
    posts.push({
      id: front.id,
      slug: front.slug,
      title: front.title,
      excerpt: front.excerpt,
      category: front.category,
      date: front.date,
      dateLabel: formatPostDate(front.date),
      author: front.author,
      image: { src: front.image, width: COVER_WIDTH, height: COVER_HEIGHT, alt: front.imageAlt ?? "" },
      tags: front.tags ?? [],
      readTime: front.readTime ?? readTime(text),
      searchText: searchWords(text),
      html,
      wordCount: countWords(text),
    });
  }
  return sortByDateDesc(posts);
}

function coverSources(): Record<string, string> {
  return import.meta.glob<string>("../content/blog/covers/*.svg", { query: "?raw", import: "default", eager: true });
}

/** A compact SVG data URI: only the characters a URL or a CSS url("…") cannot hold are escaped. */
function svgDataUri(svg: string) {
  const compact = svg.replace(/\s+/g, " ").replace(/> </g, "><").replace(/"/g, "'").trim();
  return `data:image/svg+xml,${compact.replace(/[%#<>{}]/g, (char) => encodeURIComponent(char))}`;
}

let placeholders: Map<string, string> | undefined;
/** The cover with its vector source inlined as a placeholder, when the source is an SVG. */
export function withPlaceholder<T extends { image: PostImage }>(post: T): T {
  placeholders ??= new Map(
    Object.entries(coverSources()).map(([path, svg]) => [
      path
        .split("/")
        .pop()
        ?.replace(/\.svg$/, "") ?? path,
      svgDataUri(svg),
    ]),
  );
  const placeholder = placeholders.get(coverName(post.image.src) ?? "");
  return placeholder ? { ...post, image: { ...post.image, placeholder } } : post;
}

function postFiles(): Record<string, string> {
  return import.meta.glob<string>("../content/blog/*.md", { query: "?raw", import: "default", eager: true });
}

let cache: Post[] | undefined;
/** Every post, newest first, loaded once per process. */
function posts(): Post[] {
  cache ??= loadPosts(postFiles());
  return cache;
}

export function toSummary({ searchText: _searchText, html: _html, wordCount: _wordCount, ...summary }: Post): PostSummary {
  return summary;
}

export function toSearchable({ html: _html, wordCount: _wordCount, ...post }: Post): SearchablePost {
  return post;
}

/** Every post, newest first. */
export function getAllPosts(): PostSummary[] {
  return posts().map(toSummary);
}

/** Summaries with their plain text, for searching in the browser. */
export function getSearchablePosts(): SearchablePost[] {
  return posts().map(toSearchable);
}

/** The most recent posts, date descending. */
export function getRecentPosts(count = 3): PostSummary[] {
  return getAllPosts().slice(0, Math.max(0, count));
}

export function getPostBySlug(slug: string): Post | undefined {
  return posts().find((post) => post.slug === slug);
}

export function getPostsByCategory(category: string): PostSummary[] {
  return filterPosts(posts(), { category }).map(toSummary);
}

/** Case-insensitive search over title, content text, excerpt, category and tags. */
export function searchPosts(query: string, filters: Omit<BlogFilters, "query"> = {}): PostSummary[] {
  return filterPosts(posts(), { ...filters, query }).map(toSummary);
}

let searchIndex: BlogSearchIndex | undefined;
/** The search index of every post, built once per process: served as /blog/search-index.json and searched by /blog?q=. */
export function getSearchIndex(): BlogSearchIndex {
  searchIndex ??= buildSearchIndex(getSearchablePosts());
  return searchIndex;
}

let search: BlogSearch | undefined;
/** The filtered /blog list, searched on the server with the index the browser fetches: both find the same posts. */
export function searchOnServer(filters: ListFilters): BlogListData {
  search ??= createSearch(getSearchIndex());
  return filteredList(search(filters), filters);
}

/**
 * A page of every post's list (no category) or of one category's (by its URL slug), or undefined when there is no
 * such category or page. The first page's featured cover carries its placeholder: it is the page's largest paint.
 */
export function getListPage(page: number, categorySlug?: string): (ListPage<PostSummary> & { category?: string }) | undefined {
  const category = categorySlug === undefined ? undefined : categoryBySlug(categorySlug);
  if (categorySlug !== undefined && !category) return undefined;
  const posts = category ? getPostsByCategory(category) : getAllPosts();
  const list = listPage(posts, page);
  if (!list || (category && posts.length === 0)) return undefined;
  return { ...list, featured: list.featured && withPlaceholder(list.featured), category };
}
