import { searchablePost } from "../../../tests/support/posts";
import { describe, expect, it } from "vitest";
import { BLOG_CATEGORIES, filterPosts, toPostSummary, type BlogFilters, type SearchablePost } from "./post";
import { buildSearchIndex, createSearch, decodePositions, encodePositions } from "./search";
import { createBlog, initialPostFiles, loadPosts } from "./snapshot.server";

const { getSearchablePosts } = createBlog({ posts: loadPosts(initialPostFiles()) });

/** A small deterministic generator, so a failing query can be reproduced. */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return Math.floor((state / 2147483648) * below);
  };
}

const post = (id: number, over: Partial<SearchablePost>) => searchablePost({ id, ...over });

describe("posting lists", () => {
  it.each([[[]], [[0]], [[0, 1, 2, 3]], [[31]], [[32]], [[5, 37, 1061, 1062, 40000, 1048607]]])("round-trip %j", (positions) => {
    const encoded = encodePositions(positions);
    expect(encoded).not.toMatch(/[\s"\\]/);
    expect(decodePositions(encoded)).toEqual(positions);
  });

  it("spends one character on each post that follows closely", () => {
    expect(encodePositions([0, 1, 2, 10, 41])).toHaveLength(5);
  });
});

describe("the search index", () => {
  it("keeps a word only when no other word of the same post contains it", () => {
    const index = buildSearchIndex([
      post(1, { title: "Reply fast", searchText: "replying replies re fast" }),
      post(2, { title: "Re", searchText: "re" }),
    ]);
    const words = index.words.split(" ");
    expect(words).toEqual(expect.arrayContaining(["replying", "replies", "fast", "re", "excerpt", "tutorials"]));
    expect(words).not.toContain("reply");
    // "re" is listed for the second post only: the first holds it inside "replying".
    expect(decodePositions(index.postings.split(" ")[words.indexOf("re")] ?? "")).toEqual([1]);
  });

  it("carries each post's card, never its words or body", () => {
    const index = buildSearchIndex(getSearchablePosts());
    expect(index.posts).toEqual(getSearchablePosts().map(toPostSummary));
    expect(index.posts[0]).not.toHaveProperty("searchText");
    expect(index.posts[0]).not.toHaveProperty("html");
  });

  it("takes fewer bytes than the posts' words side by side", () => {
    const posts = getSearchablePosts();
    const index = buildSearchIndex(posts);
    const sideBySide = posts.reduce((bytes, p) => bytes + p.searchText.length, 0);
    expect(index.words.length + index.postings.length).toBeLessThan(sideBySide);
  });
});

describe("search over the index finds exactly what filterPosts finds", () => {
  const real = getSearchablePosts();
  // Many posts with overlapping words, so posting lists get long and gaps get large.
  const pick = random(7);
  const vocabulary = real.flatMap((p) => p.searchText.split(" "));
  const many = Array.from({ length: 300 }, (_, i) =>
    post(i, {
      title: `${vocabulary[pick(vocabulary.length)]} ${vocabulary[pick(vocabulary.length)]} Ünïcode-Title`,
      searchText: Array.from({ length: 40 }, () => vocabulary[pick(vocabulary.length)]).join(" "),
      excerpt: `An excerpt about ${vocabulary[pick(vocabulary.length)]}`,
      category: BLOG_CATEGORIES[i % BLOG_CATEGORIES.length],
      tags: i % 3 === 0 ? ["Tag One", `tag-${i}`] : [],
    }),
  );

  function queries(posts: SearchablePost[], seed: number): BlogFilters[] {
    const next = random(seed);
    const words = posts.flatMap((p) => [p.title, p.searchText, p.excerpt, p.category, ...p.tags].join(" ").split(/\s+/));
    const word = () => words[next(words.length)] ?? "";
    const fragment = () => {
      const w = word();
      const start = next(w.length);
      return w.slice(start, start + 1 + next(w.length - start));
    };
    const categories = [undefined, "All", "", "tutorials", "Nope", ...BLOG_CATEGORIES];
    const list: BlogFilters[] = [{}, { query: "" }, { query: "   " }, { query: "zzzz-not-there" }, { query: "e" }];
    for (let i = 0; i < 300; i++) {
      const query = [
        word(),
        fragment(),
        `${fragment().toUpperCase()} ${word()}`,
        `${word()}  ${word()} ${fragment()}`,
        fragment().replace(/./, (c) => c.toUpperCase()),
      ][i % 5];
      list.push({ query, category: categories[next(categories.length)] });
    }
    return list;
  }

  it.each([
    ["the five real posts", real, 11],
    ["300 posts sharing their words", many, 12],
  ] as const)("%s", (_name, posts, seed) => {
    const search = createSearch(buildSearchIndex(posts));
    for (const filters of queries([...posts], seed)) {
      expect(
        search(filters).map((p) => p.slug),
        JSON.stringify(filters),
      ).toEqual(filterPosts(posts, filters).map((p) => p.slug));
    }
  });

  it("the real posts' known searches", () => {
    const search = createSearch(buildSearchIndex(real));
    const ids = (query: string) => search({ query }).map((p) => p.id);
    expect(ids("library")).toEqual([3]);
    expect(ids("ONBOARDING")).toEqual([2]);
    expect(ids("oLDROYD")).toEqual([1]);
    expect(ids("STEP-BY-STEP")).toEqual([2]);
    expect(search({ query: "reply", category: "tutorials" }).map((p) => p.id)).toEqual([2]);
  });
});
