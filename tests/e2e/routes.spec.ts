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

  test("draws every icon from a symbol of the icon sprite, a long-cached asset", async ({ request }) => {
    const sprites = new Map<string, string>();
    for (const { path } of publicPages) {
      const html = await (await request.get(path)).text();
      const refs = [...html.matchAll(/<use href="([^"#]+)#([^"]+)"/g)].map(([, file, id]) => ({ file: file!, id: id! }));
      expect(refs.length, `${path} icons`).toBeGreaterThan(0);
      for (const { file, id } of refs) {
        if (!sprites.has(file)) {
          const response = await request.get(file);
          expect(response.status(), file).toBe(200);
          expect(response.headers()["content-type"], file).toContain("image/svg+xml");
          expect(response.headers()["cache-control"], file).toContain("immutable");
          sprites.set(file, await response.text());
        }
        expect(sprites.get(file), `${path}: #${id}`).toContain(`<symbol id="${id}" `);
      }
    }
    expect(sprites.size, "one sprite for every page").toBe(1);
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

test.describe("accessibility", { tag: "@mobile" }, () => {
  for (const { path } of publicPages) {
    test(`axe finds nothing on ${path}, in the light theme and the dark`, async ({ page }) => {
      for (const theme of ["light", "dark"] as const) {
        // Stored before any page script runs, as a returning visitor has it (the later choice wins).
        await storeTheme(page, theme);
        await page.goto(path);
        await expect(page.locator("html")).toHaveClass(new RegExp(theme));
        await expectNoAxeViolations(page);
      }
    });
  }
});
