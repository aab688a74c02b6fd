import { describe, expect, it } from "vitest";
import { draftToMarkdown } from "./post-file";
import { createBlog, initialPostFiles, loadPosts } from "./snapshot.server";

// The initial posts as the site shows them once imported (the store builds the same Blog from the database's rows).
const blog = createBlog({ posts: loadPosts(initialPostFiles()) });
const { getAllPosts, getPostBySlug, getPostsByCategory, getRecentPosts, getSearchablePosts, searchPosts, withPlaceholder } = blog;

const valid = (over: Record<string, string> = {}) => {
  const fields: Record<string, string> = {
    id: "9",
    slug: "my-post",
    title: "My post",
    excerpt: "Short",
    category: "Tutorials",
    date: "2025-05-06",
    author: "Ann",
    image: "/images/blog/my-post.webp",
    ...over,
  };
  const front = Object.entries(fields)
    .filter(([, value]) => value !== "")
    .map(([key, value]) => `${key}: ${value}`)
    .join("\n");
  return `---\n${front}\n---\n\nSome **words** here.\n`;
};

describe("the real posts", () => {
  const posts = getAllPosts();

  it("are the five posts, newest first", () => {
    expect(posts.map((p) => p.id).sort()).toEqual([1, 2, 3, 5, 6]);
    expect(posts.map((p) => p.date)).toEqual([...posts.map((p) => p.date)].sort().reverse());
    expect(new Set(posts.map((p) => p.category))).toEqual(
      new Set(["Sales Strategies", "Tutorials", "Sales Psychology", "Resources", "Industry Trends"]),
    );
  });

  it("are real articles of 800 words or more, with a cover and a read time", () => {
    for (const post of posts) {
      const full = getPostBySlug(post.slug);
      expect(full?.wordCount, post.slug).toBeGreaterThanOrEqual(800);
      expect(full?.html).toMatch(/<h2>/);
      expect(post.image).toMatchObject({ src: `/images/blog/${post.slug}.webp`, width: 1200, height: 675 });
      expect(post.readTime).toMatch(/^\d+ min read$/);
    }
  });

  it("computes the read time when the frontmatter has none (200 words a minute, rounded up)", () => {
    const post = getPostBySlug("ai-reply-handling-deliverability-trends");
    expect(post?.readTime).toBe(`${Math.ceil((post?.wordCount ?? 0) / 200)} min read`);
    expect(getPostBySlug("why-speed-to-lead-wins-cold-email")?.readTime).toBe("7 min read");
  });

  it("recent() is date descending, 3 by default", () => {
    expect(getRecentPosts()).toEqual(posts.slice(0, 3));
    expect(getRecentPosts(10)).toHaveLength(5);
    expect(getRecentPosts(0)).toEqual([]);
  });

  it("finds by slug and by category", () => {
    expect(getPostBySlug("set-up-inbox-manager-per-client")?.id).toBe(2);
    expect(getPostBySlug("nope")).toBeUndefined();
    expect(getPostsByCategory("Resources").map((p) => p.id)).toEqual([5]);
    expect(getPostsByCategory("Nope")).toEqual([]);
  });

  it("searches title, content, excerpt, category and tags, case-insensitively", () => {
    expect(searchPosts("library").map((p) => p.id)).toEqual([3]);
    expect(searchPosts("ONBOARDING").map((p) => p.id)).toEqual([2]);
    expect(searchPosts("Triage").map((p) => p.id)).toEqual([5]);
    expect(searchPosts("cheat sheet").map((p) => p.id)).toContain(5);
    expect(searchPosts("industry trends").map((p) => p.id)).toEqual([6]);
    expect(searchPosts("DMARC").map((p) => p.id)).toContain(6);
    expect(searchPosts("zzzz-not-there")).toEqual([]);
  });

  it('inlines the vector cover as a placeholder that fits a CSS url("…")', () => {
    const { image } = withPlaceholder(getAllPosts()[0]!);
    expect(image.placeholder).toMatch(/^data:image\/svg\+xml,%3Csvg /);
    expect(image.placeholder).not.toMatch(/["#<>\s]{2}|["#<>]/);
    expect(getAllPosts()[0]?.image.placeholder).toBeUndefined();
  });

  it("sends summaries without the HTML body", () => {
    expect(getAllPosts()[0]).not.toHaveProperty("html");
    expect(getSearchablePosts()[0]?.searchText.length).toBeGreaterThan(1000);
  });
});

describe("loadPosts validation", () => {
  it("accepts a valid file and computes the read time", () => {
    const [post] = loadPosts({ "../content/blog/my-post.md": valid() });
    expect(post).toMatchObject({ id: 9, slug: "my-post", readTime: "1 min read", tags: [], dateLabel: "May 6, 2025" });
  });

  it.each([
    ["title", { title: "" }, /my-post\.md: title/],
    ["category", { category: "Gardening" }, /my-post\.md: category/],
    ["date", { date: "May 6" }, /my-post\.md: date/],
    ["impossible date", { date: "2025-02-30" }, /my-post\.md: date/],
    ["image", { image: "https://elsewhere.example/x.png" }, /my-post\.md: image/],
    ["unknown key", { titel: "typo" }, /my-post\.md: .*titel/],
    ["id", { id: "one" }, /my-post\.md: id/],
  ])("names the file when %s is bad", (_name, over, message) => {
    expect(() => loadPosts({ "../content/blog/my-post.md": valid(over) })).toThrow(message);
  });

  it("refuses a slug that differs from the file name", () => {
    expect(() => loadPosts({ "../content/blog/other.md": valid() })).toThrow(/other\.md: slug "my-post" must match/);
  });

  it("refuses a duplicate slug or id, naming both files", () => {
    expect(() => loadPosts({ "a/my-post.md": valid(), "b/my-post.md": valid({ id: "10" }) })).toThrow(
      /b\/my-post\.md: duplicate slug "my-post" \(also in a\/my-post\.md\)/,
    );
    expect(() => loadPosts({ "../content/blog/my-post.md": valid(), "../content/blog/two.md": valid({ slug: "two" }) })).toThrow(
      /two\.md: duplicate id 9/,
    );
  });

  it("refuses a file without frontmatter or content", () => {
    expect(() => loadPosts({ "../content/blog/x.md": "no frontmatter" })).toThrow(/x\.md/);
    expect(() => loadPosts({ "../content/blog/my-post.md": valid().replace("Some **words** here.", "") })).toThrow(
      /my-post\.md: the post has no content/,
    );
  });
});

describe("an exported admin draft", () => {
  it("round-trips through the content loader", () => {
    const draft = {
      id: 7,
      title: 'Handling: "Not now" replies — a guide',
      slug: "handling-not-now-replies-a-guide",
      excerpt: "What to say when a prospect says: not now.",
      content:
        "<h2>Why</h2>\n<p>Because <strong>timing</strong> matters &amp; people forget.</p>\n<ul><li>One</li><li>Two</li></ul>\n<script>alert(1)</script>",
      author: "Jo O'Neil",
      category: "Sales Psychology",
      tags: ["objections", "timing"],
      date: "2026-11-21",
    };
    const [post] = loadPosts({ [`../content/blog/${draft.slug}.md`]: draftToMarkdown(draft) });
    expect(post).toMatchObject({
      id: 7,
      slug: draft.slug,
      title: draft.title,
      excerpt: draft.excerpt,
      category: draft.category,
      author: draft.author,
      date: draft.date,
      tags: ["objections", "timing"],
      readTime: "1 min read",
      image: { src: `/images/blog/${draft.slug}.webp` },
    });
    expect(post?.html).toContain("<h2>Why</h2>");
    expect(post?.html).toContain("<strong>timing</strong>");
    expect(post?.html).not.toContain("script");
  });
});

describe("the search fields in the exchange format", () => {
  it("round-trip through an export and the content loader", () => {
    const draft = {
      id: 8,
      title: "A post with its own headline",
      slug: "a-post-with-its-own-headline",
      excerpt: "The excerpt.",
      content: "Some words.",
      author: "Ann",
      category: "Tutorials",
      tags: [],
      date: "2026-11-21",
      seoTitle: "A headline for search engines",
      seoDescription: "A summary for search engines, long enough for them to keep it as it is.",
    };
    const [post] = loadPosts({ [`../content/blog/${draft.slug}.md`]: draftToMarkdown(draft) });
    expect(post?.seo).toEqual({ title: draft.seoTitle, description: draft.seoDescription });
  });
});

describe("the featured post", () => {
  const posts = loadPosts(initialPostFiles());
  const oldest = posts.at(-1)!;

  it("is the newest post, unless an editor chose another, which leaves the grid so no post shows twice", () => {
    expect(createBlog({ posts }).getListPage(1)?.featured?.slug).toBe(posts[0]!.slug);
    const chosen = createBlog({ posts, featured: oldest.slug }).getListPage(1)!;
    expect(chosen.featured?.slug).toBe(oldest.slug);
    expect(chosen.posts.map((post) => post.slug)).toEqual(posts.slice(0, -1).map((post) => post.slug));
    expect(chosen.total).toBe(posts.length);
  });

  it("leads /blog only: a category's list and the search keep their own order", () => {
    const blog = createBlog({ posts, featured: oldest.slug });
    const category = posts.find((post) => post.category !== oldest.category)!.category;
    const slug = category.toLowerCase().replaceAll(" ", "-");
    expect(blog.getListPage(1, slug)?.featured?.slug).toBe(posts.find((post) => post.category === category)!.slug);
    // A chosen slug that is not published (taken down meanwhile) leaves the newest in its place.
    expect(createBlog({ posts, featured: "no-such-post" }).getListPage(1)?.featured?.slug).toBe(posts[0]!.slug);
  });
});
