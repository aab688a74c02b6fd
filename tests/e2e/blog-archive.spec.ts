import { blogListPath } from "~/content/paths";
import { categoriesOf, categorySlug } from "~/lib/blog/post";
import { countPages } from "~/lib/blog/list";
import { createBlogFixture, openBlogFixture, removeBlogFixture, type BlogFixture, type FixturePost } from "../support/blog-fixture";
import { startServer, type RunningServer } from "../support/serve-build";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test, type Page } from "./support/test";
import { storeTheme } from "./support/theme";

// A blog far longer than the real one (tests/support/blog-fixture.ts): 495 synthetic posts imported into a data
// folder of their own with `npm run blog:import`'s code, served by this checkout's built server, which adds the five
// real posts on its first start. Forty-two pages of /blog and up to nine of a category, as the 500 posts.
// Another blog made by `npm run bench:blog -- N --keep`: BLOG_FIXTURE_DIR=<its folder> npx playwright test tests/e2e/blog-archive.spec.ts
const TOTAL_POSTS = 500;
const MAX_LIST_PAGE_BYTES = 100 * 1024;
/** The first page of a list shows the featured post and 12 cards, later pages 12 (docs/decisions/011). */
const FIRST_PAGE_POSTS = 13;
const LATER_PAGE_POSTS = 12;

let fixture: BlogFixture;
let server: RunningServer | undefined;

const url = (pathname: string) => `${server?.url}${pathname}`;
const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search articles" });
/** Types a search and sends it with Enter: a GET form the server answers (decision 031). */
async function search(page: Page, query: string) {
  await searchBox(page).fill(query);
  await searchBox(page).press("Enter");
}
/** The fragment a search leads to: the filters, with the results below them. */
const AT_FILTERS = "#search";
const featured = (page: Page) => page.locator("article").filter({ has: page.getByText("Featured", { exact: true }) });
const pagination = (page: Page) => page.getByRole("navigation", { name: "Pagination" });
const shownTitles = (page: Page) => page.locator("main article h2 a, main article h3 a").allInnerTexts();
const oldest = () => fixture.synthetic.at(-1)!;
/** Every post the server shows, newest first (no two share a date). */
const everyPost = (): FixturePost[] => [...fixture.real, ...fixture.synthetic].sort((a, b) => b.date.localeCompare(a.date));

/** The slugs of the posts a list page shows, in order: each card's title links to its post. */
function postsOn(html: string): string[] {
  return [...html.matchAll(/<article\b[\s\S]*?<\/article>/g)].map(
    ([article]) => /<h[23]\b[^>]*>\s*<a\b[^>]*\bhref="\/blog\/([^"]+)"/.exec(article)?.[1] ?? "(a card without a title link)",
  );
}

test.describe.configure({ mode: "serial" });

test.describe("a blog of many posts", () => {
  test.beforeAll(async () => {
    // Was 240 s when this built a copy of the repository; now an import and a server start.
    test.setTimeout(60_000);
    const kept = process.env.BLOG_FIXTURE_DIR;
    fixture = kept ? openBlogFixture(kept) : await createBlogFixture(TOTAL_POSTS);
    server = await startServer({ DATA_DIR: fixture.dataDir });
  });

  test.afterAll(async () => {
    await server?.stop();
    if (fixture && !process.env.BLOG_FIXTURE_DIR) removeBlogFixture(fixture);
  });

  test("every list page answers under 100 KB, and the pages of each list hold its posts once each, newest first", async ({ request }) => {
    // About 90 pages, each rendered on its first request: seconds alone, past 30 s when the server suites start beside it
    // (the fresh-clone run of 2026-11-27 09:18, the run's first minute).
    test.setTimeout(120_000);
    const posts = everyPost();
    expect(posts.at(-1)?.slug, "the oldest post, which the searches below find").toBe(oldest().slug);
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
        const response = await request.get(url(pathname));
        expect(response.status(), pathname).toBe(200);
        const html = await response.body();
        expect(html.length, pathname).toBeLessThan(MAX_LIST_PAGE_BYTES);
        const onPage = postsOn(html.toString());
        expect(onPage.length, pathname).toBe(n === last ? list.posts.length - shown.length : n === 1 ? FIRST_PAGE_POSTS : LATER_PAGE_POSTS);
        shown.push(...onPage);
        pagesSeen += 1;
      }
      expect(shown, blogListPath(1, list.slug)).toEqual(list.posts.map((post) => post.slug));
      expect((await request.get(url(blogListPath(last + 1, list.slug)))).status()).toBe(404);
    }
    // As many pages as the blog needs, so the loop above cannot pass on a short blog: 42 and 5 × 9 at 500 posts.
    expect(pagesSeen).toBeGreaterThanOrEqual(countPages(fixture.totalPosts) + 5 * countPages(Math.ceil(fixture.totalPosts / 5) - 1));

    expect((await request.get(url("/blog/page/1"), { maxRedirects: 0 })).headers().location).toBe("/blog");
    expect((await request.get(url("/blog?page=2"), { maxRedirects: 0 })).headers().location).toBe("/blog/page/2");
    expect((await request.get(url("/blog/category/gardening"))).status()).toBe(404);
  });

  test("with JavaScript: the server's search finds the post that is only on the last page; the page fetches no index", async ({ page }) => {
    const indexRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/blog/search-index.json") indexRequests.push(request.url());
    });
    await page.goto(url("/blog"));
    await expect(page.getByRole("link", { name: oldest().title })).toHaveCount(0);

    await search(page, oldest().marker.toUpperCase());
    await expect(page).toHaveURL(url(`/blog?q=${oldest().marker.toUpperCase()}${AT_FILTERS}`));
    await expect.poll(() => shownTitles(page)).toEqual([oldest().title]);
    await expect(featured(page).getByRole("heading", { name: oldest().title })).toBeVisible();
    await expect(page.getByText("No articles found matching your criteria.")).toHaveCount(0);

    // Every synthetic post holds a marker starting "zx00": the results are paged like the list.
    const synthetic = fixture.synthetic;
    await search(page, "zx00");
    await expect(page.getByRole("main").getByRole("status")).toHaveText(`${synthetic.length} articles found`);
    await expect.poll(async () => (await shownTitles(page))[0]).toBe(synthetic[0]?.title);
    await pagination(page).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(url(`/blog?q=zx00&page=2${AT_FILTERS}`));
    await expect.poll(() => shownTitles(page)).toEqual(synthetic.slice(13, 25).map((post) => post.title));
    // The results of the next page are in view, with the search that found them.
    await expect(searchBox(page)).toBeInViewport();
    expect(indexRequests).toEqual([]);
  });

  test("a search from a later page moves to /blog's results, and Back returns to the page", async ({ page }) => {
    await page.goto(url("/blog/page/3"));
    await searchBox(page).pressSequentially(oldest().marker);
    await searchBox(page).press("Enter");
    await expect(page).toHaveURL(url(`/blog?q=${oldest().marker}${AT_FILTERS}`));
    await expect(searchBox(page)).toHaveValue(oldest().marker);
    await expect.poll(() => shownTitles(page)).toEqual([oldest().title]);
    await page.goBack();
    await expect(page).toHaveURL(url("/blog/page/3"));
    await expect(searchBox(page)).toHaveValue("");
  });

  test("what is typed comes back as it was typed: a leading space stays in the box and the address", async ({ page }) => {
    await page.goto(url("/blog"));
    await searchBox(page).pressSequentially(" zx00");
    await searchBox(page).press("Enter");
    await expect(page).toHaveURL(url(`/blog?q=+zx00${AT_FILTERS}`));
    await expect(searchBox(page)).toHaveValue(" zx00");
    await expect(page.getByRole("main").getByRole("status")).toHaveText(`${fixture.synthetic.length} articles found`);
    // A space alone filters nothing: the whole list, page 1.
    await search(page, " ");
    await expect(page).toHaveURL(url(`/blog?q=+${AT_FILTERS}`));
    await expect(page.getByRole("main").getByRole("status")).toHaveText("");
    await expect(pagination(page).getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  });

  test("a category has its own paged list, reached from a card's category", async ({ page }) => {
    await page.goto(url("/blog/page/2"));
    const card = page.getByRole("article").filter({ hasText: oldest().category }).first();
    await card.getByRole("link", { name: oldest().category, exact: true }).click();
    const categoryPath = blogListPath(1, categorySlug(oldest().category));
    await expect(page).toHaveURL(url(categoryPath));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(oldest().category);
    await expect(page.getByRole("button", { name: oldest().category, exact: true })).toHaveAttribute("aria-pressed", "true");
    const inCategory = fixture.synthetic.filter((post) => post.category === oldest().category);
    await expect.poll(async () => (await shownTitles(page)).slice(1, 3)).toEqual(inCategory.slice(0, 2).map((post) => post.title));

    const lastPage = pagination(page)
      .getByRole("link", { name: /^Page \d+$/ })
      .last();
    await lastPage.click();
    await expect(page).toHaveURL(new RegExp(`${categoryPath}/page/\\d+$`));
    await expect(page.getByRole("link", { name: oldest().title })).toBeVisible();
    await expect(page.getByRole("link", { name: /^Page \d+$/ }).last()).toHaveAttribute("aria-current", "page");
  });

  for (const theme of ["light", "dark"] as const) {
    test(`a later page and a category's page have no axe violations (${theme})`, async ({ page }) => {
      await storeTheme(page, theme);
      for (const pathname of ["/blog/page/2", blogListPath(2, categorySlug(oldest().category))]) {
        await page.goto(url(pathname));
        await expect(pagination(page)).toBeVisible();
        await expectNoAxeViolations(page);
      }
    });
  }

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("page links reach the last page, and the server's search finds its post", async ({ page }) => {
      await page.goto(url("/blog"));
      const last = countPages(fixture.totalPosts);
      await pagination(page)
        .getByRole("link", { name: `Page ${last}` })
        .click();
      await expect(page).toHaveURL(url(`/blog/page/${last}`));
      await expect(page.getByRole("link", { name: oldest().title })).toBeVisible();
      await expect(pagination(page).getByRole("link", { name: "Next" })).toHaveCount(0);

      await search(page, oldest().marker);
      await expect(page).toHaveURL(url(`/blog?q=${oldest().marker}${AT_FILTERS}`));
      expect(await shownTitles(page)).toEqual([oldest().title]);
      await expect(featured(page).getByRole("heading", { name: oldest().title })).toBeVisible();
    });
  });
});
