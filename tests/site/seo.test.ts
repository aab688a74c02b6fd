import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicPages } from "~/content/paths";
import { publicConfig, readEnv } from "~/lib/env.server";
import { startServer, type RunningServer } from "../support/serve-build";
import { getPage, parseXml, squash, textOf } from "../support/server/page-document";

// What a crawler reads, from the HTML and files the built server answers: every public page's title, heading,
// description, canonical and social tags, the structured data, the sitemap, robots.txt, the feed, each blog post's head,
// and the blog's redirects. One server for the file, on the run's migrated PGlite, as the browser tests' shared server.

const siteUrl = publicConfig(readEnv()).siteUrl;
const indexable = publicPages.filter((page) => !("noindex" in page && page.noindex));
const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";

const POSTS = [
  { slug: "why-speed-to-lead-wins-cold-email", title: "Why Speed-to-Lead Wins Cold Email: The 5-Minute Rule" },
  { slug: "set-up-inbox-manager-per-client", title: "How to Set Up an Inbox Manager for Each Client: A Step-by-Step Guide" },
  { slug: "psychology-of-cold-email-objections", title: "Not Now, Send Info, Who Are You: The Psychology of Cold Email Objections" },
  { slug: "cold-email-reply-classification-cheat-sheet", title: "The Cold Email Reply Classification Cheat Sheet" },
  {
    slug: "ai-reply-handling-deliverability-trends",
    title: "AI Reply Handling and the New Deliverability Rules: What Outbound Teams Need to Know",
  },
];

let server: RunningServer;
const get = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, { redirect: "manual", ...init });
const meta = (doc: Document, attribute: "name" | "property", key: string) =>
  doc.querySelector(`meta[${attribute}="${key}"]`)?.getAttribute("content") ?? undefined;
const jsonLd = (doc: Document) =>
  [...doc.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent ?? "") as Record<string, unknown>,
  );

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

describe("every public page, as a crawler gets it", () => {
  it("is HTML under the site's CSP with a unique title and one main heading in the HTML itself", async () => {
    const titles = new Set<string>();
    for (const { path } of publicPages) {
      const { response, doc } = await getPage(server.url, path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type"), path).toContain("text/html");
      expect(response.headers.get("content-security-policy"), path).toContain("script-src 'self'");
      const title = textOf(doc.querySelector("title"));
      expect(title, `${path} title`).toMatch(/Replywise/);
      titles.add(title);
      expect(doc.querySelectorAll("h1"), `${path} h1 count`).toHaveLength(1);
      expect(textOf(doc.querySelector("h1")), `${path} h1 text`).toBeTruthy();
    }
    expect(titles.size).toBe(publicPages.length);
  });

  it("draws every icon from a symbol of the icon sprite, a long-cached asset", async () => {
    const sprites = new Map<string, string>();
    for (const { path } of publicPages) {
      const { doc } = await getPage(server.url, path);
      const refs = [...doc.querySelectorAll("use[href]")]
        .map((use) => use.getAttribute("href")!)
        .filter((href) => !href.startsWith("#"))
        .map((href) => ({ file: href.split("#")[0]!, id: href.split("#")[1]! }));
      expect(refs.length, `${path} icons`).toBeGreaterThan(0);
      for (const { file, id } of refs) {
        if (!sprites.has(file)) {
          const response = await get(file);
          expect(response.status, file).toBe(200);
          expect(response.headers.get("content-type"), file).toContain("image/svg+xml");
          expect(response.headers.get("cache-control"), file).toContain("immutable");
          sprites.set(file, await response.text());
        }
        expect(sprites.get(file), `${path}: #${id}`).toContain(`<symbol id="${id}" `);
      }
    }
    expect(sprites.size, "one sprite for every page").toBe(1);
  });

  it("each indexable page holds a unique title, description, canonical, social tags and its h1; /login and the form pages say noindex", async () => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const { path } of indexable) {
      const { doc } = await getPage(server.url, path);
      const title = textOf(doc.querySelector("title"));
      expect(title, path).not.toBe("");
      titles.add(title);
      const description = meta(doc, "name", "description") ?? "";
      expect(description.length, `${path} description`).toBeGreaterThan(50);
      expect(description.length, `${path} description`).toBeLessThanOrEqual(200);
      descriptions.add(description);
      const canonical = doc.querySelector('link[rel="canonical"]')?.getAttribute("href");
      expect(canonical, `${path} canonical`).toBe(new URL(path, `${siteUrl}/`).toString());
      expect(meta(doc, "property", "og:title"), path).toBe(title);
      expect(meta(doc, "property", "og:url"), path).toBe(canonical);
      expect(meta(doc, "property", "og:image"), path).toBe(`${siteUrl}/images/og/replywise.png`);
      expect(meta(doc, "name", "twitter:card"), path).toBe("summary_large_image");
      expect(meta(doc, "name", "robots"), path).toBeUndefined();
      expect(textOf(doc.querySelector("h1")), `${path} h1`).not.toBe("");
    }
    expect(titles.size).toBe(indexable.length);
    expect(descriptions.size).toBe(indexable.length);

    const home = (await getPage(server.url, "/")).doc;
    expect(textOf(home.querySelector("title"))).toBe("Replywise - Human-Like Inbox Management");

    const { html, doc: login } = await getPage(server.url, "/login");
    expect(meta(login, "name", "robots")).toMatch(/noindex/);
    expect(textOf(login.querySelector("title"))).not.toBe("");
    expect(meta(login, "name", "description")).toBeTruthy();
    expect(html).toContain(`<link rel="canonical" href="${siteUrl}/login"/>`);
    expect(textOf(login.querySelector("h1"))).not.toBe("");
    // The forms' own pages, for visitors without JavaScript, are answers rather than pages to find.
    for (const path of ["/forms/contact", "/forms/feature-request", "/forms/newsletter", "/forms/download?resource=cold-email-templates"]) {
      const form = await getPage(server.url, path);
      expect(form.response.status, path).toBe(200);
      expect(meta(form.doc, "name", "robots"), path).toMatch(/noindex/);
      expect(textOf(form.doc.querySelector("h1")), path).not.toBe("");
    }
  });

  it("structured data: Organization and FAQPage on home, Product with three offers on pricing; a 1200x630 PNG to share", async () => {
    const home = jsonLd((await getPage(server.url, "/")).doc);
    expect(home.map((block) => block["@type"])).toEqual(expect.arrayContaining(["Organization", "FAQPage"]));
    const faqPage = home.find((block) => block["@type"] === "FAQPage") as { mainEntity: unknown[] };
    expect(faqPage.mainEntity).toHaveLength(6);
    const pricing = jsonLd((await getPage(server.url, "/pricing")).doc);
    const product = pricing.find((block) => block["@type"] === "Product") as {
      offers: { name: string; price: string; priceCurrency: string }[];
    };
    expect(product.offers.map((offer) => [offer.name, offer.price, offer.priceCurrency])).toEqual([
      ["Starter", "15.00", "USD"],
      ["Professional", "60.00", "USD"],
      ["Agencies", "150.00", "USD"],
    ]);

    const share = await get("/images/og/replywise.png");
    expect(share.status).toBe(200);
    expect(share.headers.get("content-type")).toContain("image/png");
    const png = Buffer.from(await share.arrayBuffer());
    expect(png.subarray(1, 4).toString("ascii")).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  it("/sitemap.xml is well-formed and lists every public route with lastmod, a legal page's its newest version", async () => {
    const response = await get("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("xml");
    const doc = parseXml(await response.text());
    const entries = [...doc.getElementsByTagNameNS(SITEMAP_NS, "url")].map((url) => ({
      loc: textOf(url.getElementsByTagNameNS(SITEMAP_NS, "loc")[0]),
      lastmod: textOf(url.getElementsByTagNameNS(SITEMAP_NS, "lastmod")[0]),
    }));
    const locs = entries.map((entry) => entry.loc);
    for (const { path } of indexable) expect(locs, path).toContain(new URL(path, `${siteUrl}/`).toString());
    for (const path of ["/login", "/console/posts"]) expect(locs).not.toContain(new URL(path, `${siteUrl}/`).toString());
    for (const entry of entries) expect(entry.lastmod, entry.loc).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // A legal page's lastmod is its newest version, the date its "Last updated" line shows.
    for (const path of ["/privacy", "/terms", "/cookies"]) {
      const page = (await getPage(server.url, path)).doc;
      const line = [...page.querySelectorAll("main *")].find((element) => /^Last updated:/.test(textOf(element)));
      expect(entries.find((entry) => entry.loc.endsWith(path))?.lastmod, path).toBe(line?.querySelector("time")?.getAttribute("datetime"));
    }
  });

  it("/robots.txt names the sitemap, and not the operators' pages (they say noindex themselves)", async () => {
    const response = await get("/robots.txt");
    expect(response.headers.get("content-type")).toContain("text/plain");
    const body = await response.text();
    expect(body).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
    expect(body).not.toMatch(/inbox|blog-admin|preview/);
  });
});

describe("the blog, as a crawler gets it", () => {
  it("/blog and every post hold their content in the HTML itself", async () => {
    const list = await (await get("/blog")).text();
    for (const post of POSTS) expect(list).toContain(post.title.replace(/&/g, "&amp;"));
    for (const post of POSTS) {
      const { response, html, doc } = await getPage(server.url, `/blog/${post.slug}`);
      expect(response.status).toBe(200);
      expect(doc.querySelectorAll("h1")).toHaveLength(1);
      expect(html).toContain("<h2>");
      expect(html.match(/<p>/g)?.length ?? 0).toBeGreaterThan(5);
      expect(textOf(doc.querySelector("title"))).toMatch(/ \| Replywise$/);
    }
    expect(await (await get(`/blog/${POSTS[0]!.slug}`)).text()).toContain("Oldroyd");
  });

  it("a post's head: its title, description, canonical, Open Graph article tags, JSON-LD, feed link, and a JPEG to share", async () => {
    const post = POSTS[2]!;
    const { doc } = await getPage(server.url, `/blog/${post.slug}`);
    expect(textOf(doc.querySelector("title"))).toBe(`${post.title} | Replywise`);
    expect(meta(doc, "name", "description")).toMatch(/^Most objections to cold email are not positions/);
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute("href")).toMatch(new RegExp(`/blog/${post.slug}$`));
    expect(meta(doc, "property", "og:type")).toBe("article");
    const image = meta(doc, "property", "og:image") ?? "";
    expect(image).toMatch(new RegExp(`/images/blog/${post.slug}\\.jpg$`));
    expect(meta(doc, "property", "article:published_time")).toBe("2025-12-02");
    expect(doc.querySelectorAll('meta[property="article:tag"]')).toHaveLength(4);
    expect(doc.querySelector('link[rel="alternate"][type="application/rss+xml"]')?.getAttribute("href")).toBe("/blog/rss.xml");
    expect(jsonLd(doc)[0]).toMatchObject({
      "@type": "BlogPosting",
      headline: post.title,
      datePublished: "2025-12-02",
      author: { name: "Sofia Lindqvist" },
    });
    expect((await get(new URL(image).pathname)).headers.get("content-type")).toBe("image/jpeg");
  });

  it("the feed is well-formed RSS 2.0 listing the 5 posts with their links and dates", async () => {
    const response = await get("/blog/rss.xml");
    expect(response.status).toBe(200);
    const doc = parseXml(await response.text());
    expect(doc.documentElement.getAttribute("version")).toBe("2.0");
    const items = [...doc.querySelectorAll("channel > item")].map((item) => ({
      title: squash(item.querySelector("title")?.textContent),
      link: squash(item.querySelector("link")?.textContent),
      pubDate: squash(item.querySelector("pubDate")?.textContent),
    }));
    expect(items).toHaveLength(5);
    expect(items.map((item) => item.title).sort()).toEqual(POSTS.map((post) => post.title).sort());
    for (const item of items) {
      expect(item.link).toMatch(/^https?:\/\/.+\/blog\/[a-z0-9-]+$/);
      expect(Number.isNaN(Date.parse(item.pubDate))).toBe(false);
    }
  });

  it("the search form's empty fields are dropped by a redirect that keeps the rest; a slug that never was a post goes to /blog, for now only", async () => {
    const location = async (path: string) => (await get(path)).headers.get("location");
    expect(await location("/blog?q=&category=Tutorials")).toBe("/blog?category=Tutorials");
    expect(await location("/blog?q=&category=")).toBe("/blog");
    expect(await location("/blog?q=reply&utm_campaign=spring")).toBeNull();
    expect(await location("/blog?q=&utm_campaign=spring")).toBe("/blog?utm_campaign=spring");
    // Product decision 9: a temporary redirect, since a post may take that slug one day.
    const missing = await get("/blog/no-such-post");
    expect(missing.status).toBe(302);
    expect(missing.headers.get("location")).toBe("/blog");
    expect((await get("/blog")).status).toBe(200);
  });
});
