import { readdirSync } from "node:fs";
import { expect, test } from "./support/test";
import { authors } from "~/content/authors";

const slugs = readdirSync("app/content/blog")
  .filter((name) => name.endsWith(".md"))
  .map((name) => name.replace(/\.md$/, ""));

test.describe("blog posts", () => {
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
});
