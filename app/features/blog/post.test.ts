import { searchablePost } from "../../../tests/support/posts";
import { describe, expect, it } from "vitest";
import { categoriesOf, coverSrcSets, filterPosts, slugify, type SearchablePost } from "./post";

const post = (over: Partial<SearchablePost>) => searchablePost(over);

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
