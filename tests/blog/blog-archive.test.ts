import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogListPath } from "~/content/paths";
import { countPages, categoriesOf, categorySlug } from "~/features/blog";
import { createBlogFixture, openBlogFixture, removeBlogFixture, type BlogFixture, type FixturePost } from "../support/blog-fixture";
import { startServer, type RunningServer } from "../support/serve-build";

// A blog far longer than the real one (tests/support/blog-fixture.ts): 495 synthetic posts imported into a data folder
// of their own with `npm run blog:import`'s code, served by the built server, which adds the five real posts on its first
// start. Forty-two pages of /blog and up to nine of a category, as the 500 posts, each read as a crawler reads
// it. What a reader does with them (search, paging, categories, with and without JavaScript) is in
// tests/blog/blog-archive.spec.ts, on a shorter blog. Another blog made by `npm run bench:blog -- N --keep`:
// BLOG_FIXTURE_DIR=<its folder> npx vitest run --project server tests/blog/blog-archive.test.ts
const TOTAL_POSTS = 500;
const MAX_LIST_PAGE_BYTES = 100 * 1024;
/** The first page of a list shows the featured post and 12 cards, later pages 12 (docs/decisions/011). */
const FIRST_PAGE_POSTS = 13;
const LATER_PAGE_POSTS = 12;

/** The slugs of the posts a list page shows, in order: each card's title links to its post. */
function postsOn(html: string): string[] {
  return [...html.matchAll(/<article\b[\s\S]*?<\/article>/g)].map(
    ([article]) => /<h[23]\b[^>]*>\s*<a\b[^>]*\bhref="\/blog\/([^"]+)"/.exec(article)?.[1] ?? "(a card without a title link)",
  );
}

describe("a blog of 500 posts", () => {
  let fixture: BlogFixture;
  let server: RunningServer;
  const get = (pathname: string) => fetch(`${server.url}${pathname}`, { redirect: "manual" });

  beforeAll(async () => {
    const kept = process.env.BLOG_FIXTURE_DIR;
    fixture = kept ? openBlogFixture(kept) : await createBlogFixture(TOTAL_POSTS);
    server = await startServer({ DATA_DIR: fixture.dataDir });
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    if (fixture && !process.env.BLOG_FIXTURE_DIR) removeBlogFixture(fixture);
  });

  it("answers every list page under 100 KB, and the pages of each list hold its posts once each, newest first", async () => {
    /** Every post the server shows, newest first (no two share a date). */
    const posts: FixturePost[] = [...fixture.real, ...fixture.synthetic].sort((a, b) => b.date.localeCompare(a.date));
    expect(posts.at(-1)?.slug, "the oldest post").toBe(fixture.synthetic.at(-1)!.slug);
    const lists = [
      { slug: undefined, posts },
      ...categoriesOf(posts).map((category) => ({
        slug: categorySlug(category),
        posts: posts.filter((post) => post.category === category),
      })),
    ];
    let pagesSeen = 0;
    for (const list of lists) {
      const shown: string[] = [];
      const last = countPages(list.posts.length);
      for (let n = 1; n <= last; n++) {
        const pathname = blogListPath(n, list.slug);
        const response = await get(pathname);
        expect(response.status, pathname).toBe(200);
        const html = Buffer.from(await response.arrayBuffer());
        expect(html.length, pathname).toBeLessThan(MAX_LIST_PAGE_BYTES);
        const onPage = postsOn(html.toString());
        expect(onPage.length, pathname).toBe(n === last ? list.posts.length - shown.length : n === 1 ? FIRST_PAGE_POSTS : LATER_PAGE_POSTS);
        shown.push(...onPage);
        pagesSeen += 1;
      }
      expect(shown, blogListPath(1, list.slug)).toEqual(list.posts.map((post) => post.slug));
      expect((await get(blogListPath(last + 1, list.slug))).status).toBe(404);
    }
    // As many pages as the blog needs, so the loop above cannot pass on a short blog: 42 and 5 × 9 at 500 posts.
    expect(pagesSeen).toBeGreaterThanOrEqual(countPages(fixture.totalPosts) + 5 * countPages(Math.ceil(fixture.totalPosts / 5) - 1));

    expect((await get("/blog/page/1")).headers.get("location")).toBe("/blog");
    expect((await get("/blog?page=2")).headers.get("location")).toBe("/blog/page/2");
    expect((await get("/blog/category/gardening")).status).toBe(404);
  });
});
