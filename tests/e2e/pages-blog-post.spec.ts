import { readdirSync } from "node:fs";
import { expect, test } from "./support/test";
import { authors } from "~/content/authors";

const slugs = readdirSync("app/content/blog")
  .filter((name) => name.endsWith(".md"))
  .map((name) => name.replace(/\.md$/, ""));

test.describe("blog posts", () => {
  test("are served without React: no script but the inline ones, allowed by the CSP, and Share still works", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script" || new URL(request.url()).pathname.endsWith(".js")) scripts.push(request.url());
    });
    await page.addInitScript(() => {
      const violations: string[] = ((window as unknown as { cspViolations: string[] }).cspViolations = []);
      document.addEventListener("securitypolicyviolation", (event) => violations.push(`${event.violatedDirective} ${event.blockedURI}`));
      // The clipboard path, the same in every browser: the frame's script is what answers the click.
      delete (Navigator.prototype as { share?: unknown }).share;
      Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText: () => Promise.resolve() } });
    });
    for (const slug of slugs) {
      await page.goto(`/blog/${slug}`, { waitUntil: "networkidle" });
      const kinds = await page
        .locator("script")
        .evaluateAll((elements: HTMLScriptElement[]) =>
          elements.map((script) => (script.src ? `src ${script.src}` : script.type || "inline")),
        );
      // The theme's script in the head and the frame's at the end of the body; the JSON-LD is data, not code.
      expect(
        kinds.filter((kind) => kind !== "application/ld+json"),
        slug,
      ).toEqual(["inline", "inline"]);
      await expect(page.locator('link[rel="modulepreload"]'), slug).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated")), slug).toBe(false);
      await page.getByRole("article").getByRole("button", { name: "Share" }).click();
      await expect(page.getByRole("article").getByRole("status"), slug).toHaveText("Link copied to clipboard");
      expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), slug).toEqual([]);
    }
    expect(scripts).toEqual([]);
  });

  for (const slug of slugs) {
    test(`${slug} links its sources inline and ends with a line about its author`, async ({ page }) => {
      await page.goto(`/blog/${slug}`);
      const article = page.getByRole("article").first();
      const sources = article.locator(".prose-content a[href^='https://']");
      expect(await sources.count(), "external sources linked in the text").toBeGreaterThan(0);
      const author = await article.getByText(/^By /).locator("span").textContent();
      const bio = authors.find((entry) => entry.name === author)?.bio;
      expect(bio, `a line about ${author} in app/content/authors.ts`).toBeTruthy();
      await expect(article.getByTestId("author-line")).toHaveText(`About the author. ${bio}`);
    });
  }

  // Issue 38: stretched beside a title that wraps, a thumbnail's frame left an empty band under its image.
  test("Recent Articles thumbnails are as tall as their images, whatever the title's length", { tag: "@mobile" }, async ({ page }) => {
    await page.goto(`/blog/${slugs[0]}`);
    const thumbnails = page.getByRole("complementary", { name: "Recent Articles" }).getByRole("listitem").locator("img");
    expect(await thumbnails.count()).toBeGreaterThan(0);
    for (const image of await thumbnails.all()) {
      const gap = await image.evaluate((img) => {
        const frame = img.closest("li > div")!.getBoundingClientRect();
        return frame.bottom - img.getBoundingClientRect().bottom;
      });
      // The frame's 1 px border, no more.
      expect(gap).toBeLessThanOrEqual(1.5);
    }
  });
});
