import { readdirSync } from "node:fs";
import { blogPostPath, publicPages } from "~/content/paths";
import { expectNoAxeViolations } from "../support/browser/axe";
import { expect, test, type Page } from "../support/browser/test";
import { switchTheme } from "../support/browser/theme";

// Every public page as a browser runs it, each visited once per check: what the served HTML says is read through the
// built server instead (tests/site/pages.test.ts, seo.test.ts: docs/decisions/017).

const posts = readdirSync("app/content/blog")
  .filter((name) => name.endsWith(".md"))
  .map((name) => blogPostPath(name.replace(/\.md$/, "")));
/**
 * Every public page is served without hydration (decisions 012, 031, 041): no app script at all, the frame and the forms
 * still work through their inline scripts. These are visited besides the public pages of app/content/paths.ts.
 */
const STATIC = [
  "/privacy",
  "/",
  "/login",
  "/demo",
  "/demo/booked",
  "/blog",
  "/blog?q=reply&category=Tutorials",
  "/blog/category/tutorials",
];
const everyPath = [...new Set([...publicPages.map((page) => page.path), ...STATIC, ...posts])];

/** The form pages (for visitors without JavaScript), which show no dialog. */
const FORM_PAGES = ["/forms/contact", "/forms/feature-request", "/forms/newsletter", "/forms/download?resource=cold-email-templates"];

/** axe in the light theme, then the dark one switched in place (the later choice is the one the page keeps). */
async function expectNoAxeViolationsInBothThemes(page: Page) {
  for (const theme of ["light", "dark"] as const) {
    await switchTheme(page, theme);
    await expect(page.locator("html")).toHaveClass(new RegExp(theme));
    await expectNoAxeViolations(page);
  }
}

test("every public page and post runs without a CSP violation, sets no cookie, stores nothing and asks no other host", async ({
  page,
  context,
  baseURL,
}) => {
  // A visit each, hydration included: about 1 s a page at rest.
  test.setTimeout(everyPath.length * 5_000);
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { cspViolations: string[] }).cspViolations = []);
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.violatedDirective} blocked ${event.blockedURI} in ${event.sourceFile}`),
    );
    // The posts' Share takes the clipboard path, the same in every browser: the frame's script answers the click.
    delete (Navigator.prototype as { share?: unknown }).share;
    Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText: () => Promise.resolve() } });
  });
  const own = new URL(baseURL!).host;
  const foreign: string[] = [];
  let scripts: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (!["data:", "blob:"].includes(url.protocol) && url.host !== own) foreign.push(`${page.url()} → ${request.url()}`);
    if (request.resourceType() === "script" || url.pathname.endsWith(".js")) scripts.push(request.url());
  });
  for (const path of everyPath) {
    await test.step(path, async () => {
      scripts = [];
      const response = await page.goto(path, { waitUntil: "networkidle" });
      expect(response?.status(), path).toBe(200);
      expect(await response?.headerValue("set-cookie"), path).toBeNull();
      const storage = await page.evaluate(() => ({ cookie: document.cookie, local: localStorage.length, session: sessionStorage.length }));
      expect(storage, path).toEqual({ cookie: "", local: 0, session: 0 });
      // Every icon is drawn from the sprite, with or without hydration.
      const icon = page
        .locator("header")
        .getByRole("button", { name: /Switch to (dark|light) theme/ })
        .locator("use")
        .first();
      await expect.poll(() => icon.evaluate((use: SVGUseElement) => use.getBBox().width), path).toBeGreaterThan(10);
      expect(scripts, `${path} asks for no script`).toEqual([]);
      await expect(page.locator('script[type="module"], script[type="text/x-deferred-module"], link[rel="modulepreload"]')).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated")), path).toBe(false);
      if (posts.includes(path)) {
        // The theme's script in the head and the frame's at the end of the body; the JSON-LD is data, not code.
        const kinds = await page
          .locator("script")
          .evaluateAll((elements: HTMLScriptElement[]) =>
            elements.map((script) => (script.src ? `src ${script.src}` : script.type || "inline")),
          );
        expect(
          kinds.filter((kind) => kind !== "application/ld+json"),
          path,
        ).toEqual(["inline", "inline"]);
        await page.getByRole("article").getByRole("button", { name: "Share" }).click();
        await expect(page.getByRole("article").getByRole("status"), path).toHaveText("Link copied to clipboard");
      }
      expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), path).toEqual([]);
    });
  }
  expect(await context.cookies()).toEqual([]);
  expect(foreign).toEqual([]);
});

test.describe("accessibility", { tag: "@mobile" }, () => {
  test("axe finds nothing on any public page, in the light theme and the dark", async ({ page }) => {
    test.setTimeout(publicPages.length * 8_000);
    for (const { path } of publicPages) {
      await test.step(path, async () => {
        await page.goto(path);
        await expectNoAxeViolationsInBothThemes(page);
      });
    }
  });

  test("axe finds nothing on the form pages, the open dialogs, a post, an empty search and the login's answer, in both themes", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    for (const path of FORM_PAGES) {
      await test.step(path, async () => {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expectNoAxeViolationsInBothThemes(page);
      });
    }
    await test.step("the feature request dialog", async () => {
      await page.goto("/roadmap");
      await page.getByRole("link", { name: "Request Feature" }).click();
      await expect(page.getByRole("dialog", { name: "Request a Feature" })).toBeVisible();
      await expectNoAxeViolationsInBothThemes(page);
    });
    await test.step("a download dialog", async () => {
      await page.goto("/resources");
      await page
        .getByRole("link", { name: /Download Resource/ })
        .first()
        .click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoAxeViolationsInBothThemes(page);
    });
    await test.step("a post, and /blog's empty search", async () => {
      await page.goto("/blog/cold-email-reply-classification-cheat-sheet");
      await expectNoAxeViolationsInBothThemes(page);
      await page.goto("/blog?q=xylophone");
      await expect(page.getByText("No articles found matching your criteria.")).toBeVisible();
      await expectNoAxeViolationsInBothThemes(page);
    });
    await test.step("the login page's answer to Sign in", async () => {
      await page.goto("/login");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByText("Nothing was sent.")).toBeVisible();
      await expectNoAxeViolationsInBothThemes(page);
    });
  });
});
