import { expect, test } from "./support/test";
import { publicPages } from "~/content/paths";
import { publicConfig, readEnv } from "~/lib/env.server";

const siteUrl = publicConfig(readEnv()).siteUrl;
const indexable = publicPages.filter((page) => !("noindex" in page && page.noindex));

const decode = (text: string) =>
  text
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");

function metaContent(html: string, attribute: "name" | "property", key: string): string | undefined {
  const tag = new RegExp(`<meta[^>]*${attribute}="${key.replace(/[.:]/g, "\\$&")}"[^>]*>`).exec(html)?.[0];
  const content = tag ? /content="([^"]*)"/.exec(tag)?.[1] : undefined;
  return content === undefined ? undefined : decode(content);
}

function jsonLdBlocks(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

test.describe("search-engine presence", () => {
  test("every indexable page's HTML holds a unique title, description, canonical, social tags and its h1", async ({ request }) => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const { path } of indexable) {
      const html = await (await request.get(path)).text();
      const title = decode(/<title>([^<]+)<\/title>/.exec(html)?.[1] ?? "");
      expect(title, path).not.toBe("");
      titles.add(title);
      const description = metaContent(html, "name", "description") ?? "";
      expect(description.length, `${path} description`).toBeGreaterThan(50);
      expect(description.length, `${path} description`).toBeLessThanOrEqual(200);
      descriptions.add(description);
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
      expect(canonical, `${path} canonical`).toBe(new URL(path, `${siteUrl}/`).toString());
      expect(metaContent(html, "property", "og:title"), path).toBe(title);
      expect(metaContent(html, "property", "og:url"), path).toBe(canonical);
      expect(metaContent(html, "property", "og:image"), path).toBe(`${siteUrl}/images/og/replywise.png`);
      expect(metaContent(html, "name", "twitter:card"), path).toBe("summary_large_image");
      expect(metaContent(html, "name", "robots"), path).toBeUndefined();
      expect(/<h1[^>]*>[\s\S]*?\S[\s\S]*?<\/h1>/.test(html), `${path} h1`).toBe(true);
    }
    expect(titles.size).toBe(indexable.length);
    expect(descriptions.size).toBe(indexable.length);
  });

  test("the home title is the product name and tagline", async ({ request }) => {
    const html = await (await request.get("/")).text();
    expect(/<title>([^<]+)<\/title>/.exec(html)?.[1]).toBe("Replywise - Human-Like Inbox Management");
  });

  test("/login is noindex", async ({ request }) => {
    for (const path of ["/login"]) {
      const html = await (await request.get(path)).text();
      expect(metaContent(html, "name", "robots"), path).toMatch(/noindex/);
      expect(/<title>[^<]+<\/title>/.test(html), `${path} title`).toBe(true);
      expect(metaContent(html, "name", "description"), `${path} description`).toBeTruthy();
      expect(html, `${path} canonical`).toContain(`<link rel="canonical" href="${siteUrl}${path}"/>`);
      expect(/<h1[^>]*>[\s\S]*?\S[\s\S]*?<\/h1>/.test(html), `${path} h1`).toBe(true);
    }
  });

  test("structured data: Organization and FAQPage on home, Product with three offers on pricing", async ({ request }) => {
    const home = jsonLdBlocks(await (await request.get("/")).text());
    expect(home.map((block) => block["@type"])).toEqual(expect.arrayContaining(["Organization", "FAQPage"]));
    const faqPage = home.find((block) => block["@type"] === "FAQPage") as {
      mainEntity: { name: string; acceptedAnswer: { text: string } }[];
    };
    expect(faqPage.mainEntity).toHaveLength(6);
    const pricing = jsonLdBlocks(await (await request.get("/pricing")).text());
    const product = pricing.find((block) => block["@type"] === "Product") as {
      offers: { name: string; price: string; priceCurrency: string }[];
    };
    expect(product.offers.map((offer) => [offer.name, offer.price, offer.priceCurrency])).toEqual([
      ["Starter", "15.00", "USD"],
      ["Professional", "60.00", "USD"],
      ["Agencies", "150.00", "USD"],
    ]);
  });

  test("the share image is a 1200x630 PNG", async ({ request }) => {
    const response = await request.get("/images/og/replywise.png");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("image/png");
    const png = await response.body();
    expect(png.subarray(1, 4).toString("ascii")).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  test("/sitemap.xml parses as XML and lists every public route with lastmod", async ({ page, request }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("xml");
    const xml = await response.text();
    await page.goto("/");
    const entries = await page.evaluate((source) => {
      const doc = new DOMParser().parseFromString(source, "application/xml");
      if (doc.getElementsByTagName("parsererror").length > 0) throw new Error("sitemap.xml is not well-formed XML");
      return [...doc.getElementsByTagNameNS("http://www.sitemaps.org/schemas/sitemap/0.9", "url")].map((url) => ({
        loc: url.getElementsByTagNameNS("http://www.sitemaps.org/schemas/sitemap/0.9", "loc")[0]?.textContent ?? "",
        lastmod: url.getElementsByTagNameNS("http://www.sitemaps.org/schemas/sitemap/0.9", "lastmod")[0]?.textContent ?? "",
      }));
    }, xml);
    const locs = entries.map((entry) => entry.loc);
    for (const { path } of indexable) expect(locs, path).toContain(new URL(path, `${siteUrl}/`).toString());
    for (const path of ["/login", "/blog-admin"]) expect(locs).not.toContain(new URL(path, `${siteUrl}/`).toString());
    for (const entry of entries) expect(entry.lastmod, entry.loc).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // A legal page's lastmod is its newest version, the date its "Last updated" line shows.
    for (const path of ["/privacy", "/terms", "/cookies"]) {
      await page.goto(path);
      const lastUpdated = await page
        .getByText(/^Last updated:/)
        .locator("time")
        .getAttribute("datetime");
      expect(entries.find((entry) => entry.loc.endsWith(path))?.lastmod, path).toBe(lastUpdated);
    }
  });

  test("/robots.txt names the sitemap, and not the operators' pages (they say noindex themselves)", async ({ request }) => {
    const response = await request.get("/robots.txt");
    expect(response.headers()["content-type"]).toContain("text/plain");
    const body = await response.text();
    expect(body).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
    expect(body).not.toMatch(/inbox|blog-admin|preview/);
  });
});
