import { expect, test } from "./support/test";
import { publicPages } from "~/content/paths";
import { expectNoAxeViolations } from "./support/axe";
import { storeTheme } from "./support/theme";

const decode = (text: string) =>
  text
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");

test.describe("every public route, as a crawler gets it", () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 768, "server HTML does not depend on the viewport");

  test("has a unique title and one main heading in the HTML itself", async ({ request }) => {
    const titles = new Set<string>();
    for (const { path } of publicPages) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["content-type"], path).toContain("text/html");
      expect(response.headers()["content-security-policy"], path).toContain("script-src 'self'");
      const html = await response.text();
      const title = decode(/<title>([^<]+)<\/title>/.exec(html)?.[1] ?? "");
      expect(title, `${path} title`).toMatch(/Replywise/);
      titles.add(title);
      const headings = html.match(/<h1[\s>]/g) ?? [];
      expect(headings, `${path} h1 count`).toHaveLength(1);
      const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/
        .exec(html)?.[1]
        ?.replace(/<[^>]+>/g, "")
        .trim();
      expect(h1, `${path} h1 text`).toBeTruthy();
    }
    expect(titles.size).toBe(publicPages.length);
  });

  test("runs without a single Content-Security-Policy violation, hydration included", async ({ page }) => {
    await page.addInitScript(() => {
      const seen: string[] = ((window as unknown as { cspViolations: string[] }).cspViolations = []);
      document.addEventListener("securitypolicyviolation", (event) =>
        seen.push(`${event.violatedDirective} blocked ${event.blockedURI} in ${event.sourceFile}`),
      );
    });
    for (const { path } of publicPages) {
      await page.goto(path, { waitUntil: "networkidle" });
      expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), path).toEqual([]);
    }
  });
});

for (const theme of ["light", "dark"] as const) {
  test.describe(`accessibility in the ${theme} theme`, () => {
    for (const { path } of publicPages) {
      test(`axe finds nothing on ${path}`, async ({ page }) => {
        await storeTheme(page, theme);
        await page.goto(path);
        await expect(page.locator("html")).toHaveClass(new RegExp(theme));
        await expectNoAxeViolations(page);
      });
    }
  });
}
