import { describe, expect, it } from "vitest";
import {
  blogListPaths,
  canonicalCategory,
  categoriesOf,
  categoryBySlug,
  categorySlug,
  countPages,
  countWords,
  coverSrcSets,
  draftToMarkdown,
  filteredList,
  filteredListHref,
  filterPosts,
  formatPostDate,
  htmlToText,
  listPage,
  pageLinks,
  parsePage,
  parseTags,
  POSTS_PER_PAGE,
  readListFilters,
  readTime,
  slugify,
  type SearchablePost,
} from "./blog";

const post = (over: Partial<SearchablePost>): SearchablePost => ({
  id: 1,
  slug: "a",
  title: "Title",
  excerpt: "Excerpt",
  category: "Tutorials",
  date: "2025-01-01",
  dateLabel: "January 1, 2025",
  author: "A. Writer",
  image: { src: "/images/blog/a.webp", width: 1200, height: 675, alt: "" },
  tags: [],
  readTime: "1 min read",
  searchText: "",
  ...over,
});

describe("slugify", () => {
  it.each([
    ["Why Speed-to-Lead Wins Cold Email: The 5-Minute Rule", "why-speed-to-lead-wins-cold-email-the-5-minute-rule"],
    ["Hello World", "hello-world"],
    ["  Leading and   trailing  ", "leading-and-trailing"],
    ["Don't stop, won't stop!", "dont-stop-wont-stop"],
    ["Not Now, Send Info, Who Are You?", "not-now-send-info-who-are-you"],
    ["Café déjà vu", "cafe-deja-vu"],
    ["Tabs\tand\nnew lines", "tabs-and-new-lines"],
    ["a -- b", "a-b"],
    ["100% (really) #1", "100-really-1"],
    ["!!!", ""],
  ])("%j -> %j", (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });
});

describe("readTime", () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(" ");
  it.each([
    [1, "1 min read"],
    [199, "1 min read"],
    [200, "1 min read"],
    [201, "2 min read"],
    [400, "2 min read"],
    [401, "3 min read"],
    [1334, "7 min read"],
  ])("%i words -> %s", (n, expected) => {
    expect(readTime(words(n))).toBe(expected);
  });
  it("counts words separated by any whitespace", () => {
    expect(countWords("  one\ttwo\n\nthree  ")).toBe(3);
    expect(countWords("   ")).toBe(0);
    expect(readTime("")).toBe("0 min read");
  });
});

describe("htmlToText", () => {
  it("drops tags, scripts and decodes entities", () => {
    expect(htmlToText("<h2>Hi &amp; bye</h2><p>It&#39;s <strong>fine</strong>&nbsp;now</p><script>x()</script>")).toBe(
      "Hi & bye It's fine now",
    );
  });
});

describe("formatPostDate", () => {
  it("reads as month day, year whatever the time zone", () => {
    expect(formatPostDate("2025-09-18")).toBe("September 18, 2025");
    expect(formatPostDate("2026-01-01")).toBe("January 1, 2026");
  });
});

describe("filterPosts", () => {
  const posts = [
    post({ id: 1, slug: "one", title: "Speed wins", category: "Sales Strategies", tags: ["follow-up"] }),
    post({ id: 2, slug: "two", title: "Setup guide", category: "Tutorials", searchText: "connect the calendar first" }),
    post({ id: 3, slug: "three", excerpt: "Objections decoded", category: "Sales Psychology", tags: ["objection library"] }),
  ];
  const slugs = (list: SearchablePost[]) => list.map((p) => p.slug);

  it("returns everything without filters", () => {
    expect(slugs(filterPosts(posts, {}))).toEqual(["one", "two", "three"]);
    expect(slugs(filterPosts(posts, { query: "  ", category: "All" }))).toEqual(["one", "two", "three"]);
  });
  it("searches title, content, excerpt, category and tags in any letter case", () => {
    expect(slugs(filterPosts(posts, { query: "SPEED" }))).toEqual(["one"]);
    expect(slugs(filterPosts(posts, { query: "calendar" }))).toEqual(["two"]);
    expect(slugs(filterPosts(posts, { query: "decoded" }))).toEqual(["three"]);
    expect(slugs(filterPosts(posts, { query: "psychology" }))).toEqual(["three"]);
    expect(slugs(filterPosts(posts, { query: "Library" }))).toEqual(["three"]);
  });
  it("needs every word of the query", () => {
    expect(slugs(filterPosts(posts, { query: "setup calendar" }))).toEqual(["two"]);
    expect(slugs(filterPosts(posts, { query: "setup objections" }))).toEqual([]);
  });
  it("filters by category, combined with the query", () => {
    expect(slugs(filterPosts(posts, { category: "Tutorials" }))).toEqual(["two"]);
    expect(slugs(filterPosts(posts, { category: "tutorials", query: "speed" }))).toEqual([]);
    expect(slugs(filterPosts(posts, { category: "Nope" }))).toEqual([]);
  });
  it("lists distinct categories in the filter order", () => {
    expect(categoriesOf([...posts, post({ category: "Tutorials" })])).toEqual(["Sales Strategies", "Tutorials", "Sales Psychology"]);
  });
});

describe("covers", () => {
  it("derives the srcsets of the built renditions", () => {
    expect(coverSrcSets("/images/blog/my-post.webp")?.webp).toBe(
      "/images/blog/my-post-400.webp 400w, /images/blog/my-post-800.webp 800w, /images/blog/my-post-1200.webp 1200w",
    );
    expect(coverSrcSets("blob:http://x/1")).toBeUndefined();
  });
});

describe("draftToMarkdown", () => {
  it("writes frontmatter and the body", () => {
    const md = draftToMarkdown({
      id: 7,
      title: 'A "quoted": title',
      slug: "a-quoted-title",
      excerpt: "E",
      content: "<p>Hi</p>",
      author: "Me",
      category: "Tutorials",
      tags: "a, b, a, ",
      date: "2026-02-03",
    });
    expect(md).toContain('title: "A \\"quoted\\": title"');
    expect(md).toContain('tags: ["a","b"]');
    expect(md).toContain('readTime: "1 min read"');
    expect(md.endsWith("---\n\n<p>Hi</p>\n")).toBe(true);
    expect(parseTags(" x ,, y ")).toEqual(["x", "y"]);
  });
});

describe("list pages", () => {
  const numbers = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

  it("holds the featured post and 12 more on the first page, 12 on each other", () => {
    expect(POSTS_PER_PAGE).toBe(12);
    expect([0, 1, 5, 13, 14, 25, 26, 500].map(countPages)).toEqual([1, 1, 1, 1, 2, 2, 3, 42]);
    const items = numbers(26);
    expect(listPage(items, 1)).toEqual({ featured: 1, posts: numbers(13).slice(1), page: 1, pageCount: 3, total: 26 });
    expect(listPage(items, 2)?.posts).toEqual(numbers(25).slice(13));
    expect(listPage(items, 3)).toEqual({ posts: [26], page: 3, pageCount: 3, total: 26 });
    expect(listPage(items, 4)).toBeUndefined();
    expect(listPage(items, 0)).toBeUndefined();
    expect(listPage(items, 1.5)).toBeUndefined();
    expect(listPage([], 1)).toEqual({ featured: undefined, posts: [], page: 1, pageCount: 1, total: 0 });
  });

  it("reads a page number only in its one written form", () => {
    expect(["2", "42", "1"].map(parsePage)).toEqual([2, 42, 1]);
    expect(["0", "02", "-1", "1.5", "two", "", null, undefined, "9999999"].map(parsePage)).toEqual(Array(9).fill(undefined));
  });

  it.each([
    [1, 1, [1]],
    [1, 2, [1, 2]],
    [1, 5, [1, 2, "gap", 5]],
    [3, 5, [1, 2, 3, 4, 5]],
    [5, 42, [1, "gap", 4, 5, 6, "gap", 42]],
    [42, 42, [1, "gap", 41, 42]],
    [4, 7, [1, 2, 3, 4, 5, 6, 7]],
  ] as const)("page %i of %i shows %j", (page, count, expected) => {
    expect(pageLinks(page, count)).toEqual(expected);
  });

  it("names every list page built ahead", () => {
    const posts = [
      ...Array.from({ length: 20 }, () => ({ category: "Tutorials" })),
      ...Array.from({ length: 3 }, () => ({ category: "Sales Psychology" })),
    ];
    expect(blogListPaths(posts)).toEqual([
      "/blog/page/2",
      "/blog/category/tutorials",
      "/blog/category/tutorials/page/2",
      "/blog/category/sales-psychology",
    ]);
    expect(blogListPaths([{ category: "Resources" }])).toEqual(["/blog/category/resources"]);
  });

  it("maps categories to URL slugs and back, and URL names to their letter case", () => {
    expect(categorySlug("Sales Strategies")).toBe("sales-strategies");
    expect(categoryBySlug("industry-trends")).toBe("Industry Trends");
    expect(categoryBySlug("Industry Trends")).toBeUndefined();
    expect(canonicalCategory("resources")).toBe("Resources");
    expect(canonicalCategory("All")).toBeUndefined();
    expect(canonicalCategory("Gardening")).toBe("Gardening");
  });

  it("reads the filters of a /blog URL and writes them back", () => {
    const filters = readListFilters(new URLSearchParams("q=Reply+fast&category=tutorials&page=3"));
    expect(filters).toEqual({ query: "Reply fast", category: "Tutorials", page: 3 });
    expect(filteredListHref(filters, 2)).toBe("/blog?q=Reply+fast&category=Tutorials&page=2");
    expect(filteredListHref({ query: " ", category: undefined })).toBe("/blog");
    expect(readListFilters(new URLSearchParams("page=x"))).toEqual({ query: "", category: undefined, page: 1 });
  });

  it("shows the last page of the matches when the page asked for is past it", () => {
    const matches = Array.from({ length: 15 }, (_, i) => post({ id: i, slug: `p${i}` }));
    const { list } = filteredList(matches, { query: "x", page: 9 });
    expect([list.page, list.pageCount, list.posts.map((p) => p.slug)]).toEqual([2, 2, ["p13", "p14"]]);
    expect(filteredList([], { query: "x", page: 2 }).list).toEqual({ posts: [], page: 1, pageCount: 1, total: 0, featured: undefined });
  });
});
