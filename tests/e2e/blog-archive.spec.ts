import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { blogListPath } from "~/content/paths";
import { categorySlug } from "~/lib/blog";
import { countPages } from "~/lib/blog-list";
import { createBlogFixture, openBlogFixture, removeBlogFixture, run, type BlogFixture } from "../../scripts/support/blog-fixture";
import { startServer, type RunningServer } from "../../scripts/support/serve-build";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test, type Page } from "./support/test";
import { storeTheme } from "./support/theme";

// A blog far longer than the real one, built in a throwaway copy of the repository (scripts/support/blog-fixture.ts):
// 70 posts make six pages of /blog and two of each category. A list page holds 13 posts however long the blog, so
// this proves what 500 posts need at a fraction of the build; to run it on a bigger blog:
//   npm run bench:blog -- 500 --keep, then BLOG_FIXTURE_DIR=<the folder> npx playwright test tests/e2e/blog-archive.spec.ts
const TOTAL_POSTS = 70;
const MAX_LIST_PAGE_BYTES = 100 * 1024;

let fixture: BlogFixture;
let server: RunningServer | undefined;

const url = (pathname: string) => `${server?.url}${pathname}`;
const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search articles" });
const featured = (page: Page) => page.locator("article").filter({ has: page.getByText("Featured", { exact: true }) });
const pagination = (page: Page) => page.getByRole("navigation", { name: "Pagination" });
const shownTitles = (page: Page) => page.locator("main article h2 a, main article h3 a").allInnerTexts();
const oldest = () => fixture.synthetic.at(-1)!;

function listPages(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listPages(full);
    return entry.name === "index.html" && /[/\\]blog[/\\](page|category)[/\\]/.test(full) ? [full] : [];
  });
}

test.describe.configure({ mode: "serial" });

test.describe("a blog of many posts", () => {
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    const kept = process.env.BLOG_FIXTURE_DIR;
    fixture = kept ? openBlogFixture(kept) : createBlogFixture(TOTAL_POSTS);
    // Niced: the other worker's journeys keep their pace while this builds.
    if (!kept) await run(fixture, "npx", ["react-router", "build"], { nice: true });
    server = await startServer({}, { cwd: fixture.dir });
  });

  test.afterAll(async () => {
    await server?.stop();
    if (fixture && !process.env.BLOG_FIXTURE_DIR) removeBlogFixture(fixture);
  });

  test("every list page is prerendered and under 100 KB, and the oldest post is on the last page only", async ({ request }) => {
    const client = path.join(fixture.dir, "build/client");
    const perCategory = Math.ceil(fixture.totalPosts / 5);
    const pages = [path.join(client, "blog/index.html"), ...listPages(path.join(client, "blog"))];
    expect(pages.length).toBeGreaterThanOrEqual(countPages(fixture.totalPosts) + 5 * countPages(perCategory - 1));
    for (const file of pages) expect(statSync(file).size, path.relative(client, file)).toBeLessThan(MAX_LIST_PAGE_BYTES);

    const last = countPages(fixture.totalPosts);
    const link = `href="/blog/${oldest().slug}"`;
    for (let n = 1; n <= last; n++) {
      const response = await request.get(url(blogListPath(n)));
      expect(response.status()).toBe(200);
      expect((await response.text()).includes(link), `page ${n}`).toBe(n === last);
    }
    expect((await request.get(url(blogListPath(last + 1)))).status()).toBe(404);
    expect((await request.get(url("/blog/page/1"), { maxRedirects: 0 })).headers().location).toBe("/blog");
    expect((await request.get(url("/blog?page=2"), { maxRedirects: 0 })).headers().location).toBe("/blog/page/2");
    expect((await request.get(url("/blog/category/gardening"))).status()).toBe(404);
  });

  test("with JavaScript: search finds the post that is only on the last page, from an index fetched on the first search", async ({
    page,
  }) => {
    const indexRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/blog/search-index.json") indexRequests.push(request.url());
    });
    await page.goto(url("/blog"));
    await expect(page.getByRole("link", { name: oldest().title })).toHaveCount(0);
    expect(indexRequests, "the index is not part of the page's first load").toEqual([]);

    await searchBox(page).fill(oldest().marker.toUpperCase());
    await expect(page).toHaveURL(url(`/blog?q=${oldest().marker.toUpperCase()}`));
    await expect.poll(() => shownTitles(page)).toEqual([oldest().title]);
    await expect(featured(page).getByRole("heading", { name: oldest().title })).toBeVisible();
    await expect(page.getByText("No articles found matching your criteria.")).toHaveCount(0);

    // Every synthetic post holds a marker starting "zx00": the results are paged like the list.
    const synthetic = fixture.synthetic;
    await searchBox(page).fill("zx00");
    await expect(page.getByRole("main").getByRole("status")).toHaveText(`${synthetic.length} articles found`);
    await expect.poll(async () => (await shownTitles(page))[0]).toBe(synthetic[0]?.title);
    await pagination(page).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(url("/blog?q=zx00&page=2"));
    await expect.poll(() => shownTitles(page)).toEqual(synthetic.slice(13, 25).map((post) => post.title));
    expect(indexRequests).toHaveLength(1);
  });

  test("typing on a later page moves to /blog's results without losing a keystroke, and Back returns to the page", async ({ page }) => {
    await page.goto(url("/blog/page/3"));
    await searchBox(page).pressSequentially(oldest().marker);
    await expect(page).toHaveURL(url(`/blog?q=${oldest().marker}`));
    await expect(searchBox(page)).toHaveValue(oldest().marker);
    await expect(searchBox(page)).toBeFocused();
    await expect.poll(() => shownTitles(page)).toEqual([oldest().title]);
    await page.goBack();
    await expect(page).toHaveURL(url("/blog/page/3"));
    await expect(searchBox(page)).toHaveValue("");
  });

  test("what is typed is never undone: not by a leading space, nor by a slow index", async ({ page }) => {
    await page.route("**/blog/search-index.json", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(url("/blog"));
    // The space alone filters nothing (the URL stays /blog), and that answer arrives while the typing goes on.
    await searchBox(page).pressSequentially(" zx00", { delay: 100 });
    await expect(searchBox(page)).toHaveValue(" zx00");
    await expect(page.getByRole("main").getByRole("status")).toHaveText(`${fixture.synthetic.length} articles found`);
    await expect(page).toHaveURL(url("/blog?q=+zx00"));
    await expect(searchBox(page)).toHaveValue(" zx00");
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

      await searchBox(page).fill(oldest().marker);
      await searchBox(page).press("Enter");
      await expect(page).toHaveURL(url(`/blog?q=${oldest().marker}`));
      expect(await shownTitles(page)).toEqual([oldest().title]);
      await expect(featured(page).getByRole("heading", { name: oldest().title })).toBeVisible();
    });
  });
});
