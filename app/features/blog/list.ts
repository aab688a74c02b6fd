// The blog's lists: /blog and its filters, /blog/page/N, each category's list and pages. Pure, for the server and
// the browser alike (react-router.config.ts reads the list of pages to prerender from here too).
import { blogListPath } from "~/content/paths";
import { BLOG_CATEGORIES, categoriesOf, categorySlug, normaliseCategory, type BlogCategory, type PostSummary } from "./post";

/** Posts in the grid of a list page; the first page also shows the featured post above them. */
export const POSTS_PER_PAGE = 12;

export const SEARCH_PARAM = "q";
export const CATEGORY_PARAM = "category";
export const PAGE_PARAM = "page";

/** A category's name as typed in a URL, in its own letter case ("resources" selects Resources); unknown names stay as typed. */
export function canonicalCategory(value: string | null | undefined): string | undefined {
  const requested = normaliseCategory(value);
  return BLOG_CATEGORIES.find((name) => name.toLowerCase() === requested?.toLowerCase()) ?? requested;
}

export function categoryBySlug(slug: string | undefined): BlogCategory | undefined {
  return BLOG_CATEGORIES.find((category) => categorySlug(category) === slug);
}

/** One page of a list of posts. */
export interface ListPage<T> {
  /** The first post of the list, on its first page only. */
  featured?: T;
  posts: T[];
  /** 1-based. */
  page: number;
  pageCount: number;
  /** Posts in the whole list. */
  total: number;
}

/** Pages a list of `total` posts takes: the first holds the featured post and POSTS_PER_PAGE more, the others POSTS_PER_PAGE. */
export function countPages(total: number): number {
  return 1 + Math.max(0, Math.ceil((total - 1 - POSTS_PER_PAGE) / POSTS_PER_PAGE));
}

/** The given page of a list, or undefined past its end. An empty list has one, empty, page. */
export function listPage<T>(items: readonly T[], page: number): ListPage<T> | undefined {
  const pageCount = countPages(items.length);
  if (!Number.isInteger(page) || page < 1 || page > pageCount) return undefined;
  const total = items.length;
  if (page === 1) {
    const [featured, ...posts] = items.slice(0, 1 + POSTS_PER_PAGE);
    return { featured, posts, page, pageCount, total };
  }
  const start = 1 + POSTS_PER_PAGE * (page - 1);
  return { posts: items.slice(start, start + POSTS_PER_PAGE), page, pageCount, total };
}

/** A page number as written in a URL: digits without a leading zero, so every page has one address. */
export function parsePage(value: string | null | undefined): number | undefined {
  return value && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : undefined;
}

/**
 * The page numbers a pagination bar shows: the first, the last and the neighbours of the current one, with a gap
 * where pages are left out (a gap never hides a single page: that page is shown instead).
 */
export function pageLinks(page: number, pageCount: number): (number | "gap")[] {
  const shown = [...new Set([1, page - 1, page, page + 1, pageCount])].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b);
  const links: (number | "gap")[] = [];
  for (const n of shown) {
    const previous = links.at(-1);
    if (typeof previous === "number" && n - previous === 2) links.push(n - 1);
    else if (typeof previous === "number" && n - previous > 2) links.push("gap");
    links.push(n);
  }
  return links;
}

/** Every list page after /blog that is built ahead: /blog/page/N, and each category's list and its pages. */
export function blogListPaths(posts: readonly Pick<PostSummary, "category">[]): string[] {
  const paths: string[] = [];
  for (let page = 2; page <= countPages(posts.length); page++) paths.push(blogListPath(page));
  for (const category of categoriesOf(posts)) {
    const count = posts.filter((post) => post.category === category).length;
    for (let page = 1; page <= countPages(count); page++) paths.push(blogListPath(page, categorySlug(category)));
  }
  return paths;
}

/** What /blog shows for a URL: the search, the category and the page asked for. */
export interface ListFilters {
  query: string;
  category?: string;
  page: number;
}

export function readListFilters(params: URLSearchParams): ListFilters {
  return {
    query: params.get(SEARCH_PARAM) ?? "",
    category: canonicalCategory(params.get(CATEGORY_PARAM)),
    page: parsePage(params.get(PAGE_PARAM)) ?? 1,
  };
}

export function isFiltered({ query, category }: Pick<ListFilters, "query" | "category">): boolean {
  return query.trim() !== "" || category !== undefined;
}

/** The /blog list: the filters it answers and one page of what they match. */
export interface BlogListData {
  query: string;
  category?: string;
  list: ListPage<PostSummary>;
}

/** The page of matches the filters ask for; a page past the end shows the last one. */
export function filteredList(matches: readonly PostSummary[], { query, category, page }: ListFilters): BlogListData {
  const list = listPage(matches, Math.min(page, countPages(matches.length))) ?? { posts: [], page: 1, pageCount: 1, total: 0 };
  return { query, category, list };
}

/** The address of a page of /blog filtered by search and category (page 1 carries no page number). */
export function filteredListHref({ query, category }: Pick<ListFilters, "query" | "category">, page = 1): string {
  const params = new URLSearchParams();
  if (query.trim() !== "") params.set(SEARCH_PARAM, query);
  if (category) params.set(CATEGORY_PARAM, category);
  if (page > 1) params.set(PAGE_PARAM, String(page));
  const search = params.toString();
  return search ? `/blog?${search}` : "/blog";
}
