import { searchablePost } from "../../../tests/support/posts";
import { describe, expect, it } from "vitest";
import { categorySlug, type SearchablePost } from "./post";
import {
  blogListPaths,
  canonicalCategory,
  categoryBySlug,
  countPages,
  filteredList,
  filteredListHref,
  listPage,
  pageLinks,
  parsePage,
  POSTS_PER_PAGE,
  readListFilters,
} from "./list";

const post = (over: Partial<SearchablePost>) => searchablePost(over);

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
