import { blogListPath } from "~/content/paths";
import { categorySlug, countPages } from "~/features/blog";
import { createBlogFixture, openBlogFixture, removeBlogFixture, type BlogFixture } from "../support/blog-fixture";
import { startServer, type RunningServer } from "../support/serve-build";
import { expectNoAxeViolations } from "../support/browser/axe";
import { expect, test, type Page } from "../support/browser/test";
import { switchTheme } from "../support/browser/theme";

// A blog longer than the real one (tests/support/blog-fixture.ts): 95 synthetic posts imported into a data folder of
// their own with `npm run blog:import`'s code, served by this checkout's built server, which adds the five real posts on
// its first start: eight pages of /blog and two of each category, enough for every way a reader pages and searches. The
// 500-post blog's pages, their sizes and order are read through the built server (tests/blog/blog-archive.test.ts).
// Another blog made by `npm run bench:blog -- N --keep`: BLOG_FIXTURE_DIR=<its folder> npx playwright test tests/blog/blog-archive.spec.ts
const TOTAL_POSTS = 100;

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

  test("with JavaScript: the server's search, its pages of results, a search from a later page, a category's list, and axe in both themes", async ({
    page,
  }) => {
    await test.step("the server's search finds the post that is only on the last page; the page fetches no index", async () => {
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

    await test.step("a search from a later page moves to /blog's results, and Back returns to the page", async () => {
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

    await test.step("what is typed comes back as it was typed: a leading space stays in the box and the address", async () => {
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

    await test.step("a category has its own paged list, reached from a card's category", async () => {
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

    await test.step("a later page and a category's page have no axe violations, in either theme", async () => {
      for (const pathname of ["/blog/page/2", blogListPath(2, categorySlug(oldest().category))]) {
        await page.goto(url(pathname));
        await expect(pagination(page)).toBeVisible();
        for (const theme of ["light", "dark"] as const) {
          await switchTheme(page, theme);
          await expectNoAxeViolations(page);
        }
      }
    });
  });

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
