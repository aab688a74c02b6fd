import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicPages } from "~/content/paths";
import { freePort, startServer, type RunningServer } from "../support/serve-build";
import { parseHtml, parseXml, squash } from "../support/server/page-document";

// Product decision 23 (docs/decisions/042): the one build of the run, started twice with two SITE_URLs, names each
// server's own address everywhere it gives one (head tags, structured data, sitemap, robots.txt, the feed, the legal
// pages, the browser's configuration, mail) in every encoding it answers, and the other address, or the build's,
// nowhere.

const STAGING = "https://staging.replywise.example";
/** What the build would have baked in: SITE_URL's default. */
const BUILD_DEFAULT = "http://localhost:3000";
const ENCODINGS = ["br", "gzip", "identity"] as const;
const FILES = ["/sitemap.xml", "/robots.txt", "/blog/rss.xml", "/blog/search-index.json"];

interface Site {
  server: RunningServer;
  siteUrl: string;
  dataDir: string;
}

let sites: [Site, Site];

async function startAt(siteUrl: string | ((port: number) => string)): Promise<Site> {
  const port = await freePort();
  const address = typeof siteUrl === "function" ? siteUrl(port) : siteUrl;
  const dataDir = mkdtempSync(path.join(tmpdir(), "replywise-any-address-"));
  const server = await startServer({ PORT: String(port), SITE_URL: address, DATA_DIR: dataDir, FORM_MIN_FILL_SECONDS: "0" });
  return { server, siteUrl: address, dataDir };
}

beforeAll(async () => {
  sites = await Promise.all([startAt((port) => `http://127.0.0.1:${port}`), startAt(STAGING)]);
}, 120_000);
afterAll(async () => {
  await Promise.all((sites ?? []).map((site) => site?.server.stop()));
});

/** A body as the server sends it in one encoding (fetch decodes it), with the encoding it came in. */
async function fetchIn(site: Site, pathname: string, encoding: (typeof ENCODINGS)[number]) {
  const response = await fetch(`${site.server.url}${pathname}`, { headers: { "Accept-Encoding": encoding } });
  expect(response.status, `${pathname} (${encoding})`).toBe(200);
  return {
    body: await response.text(),
    encoding: response.headers.get("content-encoding") ?? "identity",
    etag: response.headers.get("etag"),
  };
}

const other = (site: Site) => sites.find((each) => each !== site)!.siteUrl;

/** Neither the other server's address nor the one the build would have baked in, anywhere in the text. */
function expectOnlyOwnAddress(site: Site, text: string, where: string) {
  expect(text, `${where}: the other server's address`).not.toContain(other(site));
  expect(text, `${where}: the other server's address, URL-encoded`).not.toContain(encodeURIComponent(other(site)));
  expect(text, `${where}: the build's default address`).not.toContain(BUILD_DEFAULT);
  expect(text, `${where}: the build's default address, URL-encoded`).not.toContain(encodeURIComponent(BUILD_DEFAULT));
}

describe("one build served at two addresses", () => {
  it("every public page's canonical, og:url and structured data name the server's own address, in every encoding", async () => {
    for (const site of sites) {
      let structuredUrls = 0;
      for (const { path: pathname } of publicPages) {
        const own = new URL(pathname, `${site.siteUrl}/`).toString();
        const etags = new Set<string | null>();
        let brotliOrGzip = 0;
        for (const encoding of ENCODINGS) {
          const answer = await fetchIn(site, pathname, encoding);
          const where = `${site.siteUrl}${pathname} (${encoding})`;
          if (answer.encoding !== "identity") {
            expect(answer.encoding, where).toBe(encoding);
            brotliOrGzip += 1;
          }
          etags.add(answer.etag);
          expectOnlyOwnAddress(site, answer.body, where);
          const doc = parseHtml(answer.body);
          expect(doc.querySelector('link[rel="canonical"]')?.getAttribute("href"), where).toBe(own);
          expect(doc.querySelector('meta[property="og:url"]')?.getAttribute("content"), where).toBe(own);
          const ld = [...doc.querySelectorAll('script[type="application/ld+json"]')].map((script) => script.textContent ?? "");
          for (const block of ld) {
            // A block's own address (the organisation's site, a post's page), not the addresses it links to (a portal).
            const data = JSON.parse(block) as Record<string, unknown>;
            const ours = ["url", "@id", "mainEntityOfPage"].map((key) => data[key]).filter((value) => typeof value === "string");
            structuredUrls += ours.length;
            for (const url of ours) expect(url, `${where} JSON-LD`).toMatch(new RegExp(`^${site.siteUrl.replace(/[.]/g, "\\.")}(?:/|$)`));
          }
        }
        // Pages of any size come compressed: a page too small for it would make this loop prove less than it says.
        expect(brotliOrGzip, `${site.siteUrl}${pathname}: Brotli and gzip variants`).toBe(2);
        // Each encoding's ETag is its own, and a different body (another address) is another ETag.
        expect(etags.size, `${site.siteUrl}${pathname} ETags`).toBe(3);
      }
      expect(structuredUrls, `${site.siteUrl}: addresses in the structured data`).toBeGreaterThan(0);
    }
    // The two servers' ETags for one prerendered page differ: their bodies do.
    const [first, second] = await Promise.all(sites.map((site) => fetchIn(site, "/privacy", "br")));
    expect(first!.etag).not.toBe(second!.etag);
  });

  it("sitemap.xml, robots.txt, the feed and the search index name the server's own address, in every encoding", async () => {
    for (const site of sites) {
      for (const file of FILES) {
        for (const encoding of ENCODINGS) {
          const { body } = await fetchIn(site, file, encoding);
          expectOnlyOwnAddress(site, body, `${site.siteUrl}${file} (${encoding})`);
          if (file === "/robots.txt") expect(body).toContain(`Sitemap: ${site.siteUrl}/sitemap.xml`);
          if (file === "/sitemap.xml") {
            const locs = [...parseXml(body).getElementsByTagName("loc")].map((loc) => squash(loc.textContent));
            expect(locs.length).toBeGreaterThan(10);
            for (const loc of locs) expect(loc.startsWith(`${site.siteUrl}/`), loc).toBe(true);
          }
          if (file === "/blog/rss.xml") {
            const links = [...parseXml(body).getElementsByTagName("link")].map((link) => squash(link.textContent)).filter(Boolean);
            expect(links.length).toBeGreaterThan(1);
            for (const link of links) expect(link.startsWith(site.siteUrl), link).toBe(true);
          }
        }
      }
    }
  });

  it("the privacy policy names the server's own address, and hydrated pages hand the browser the address the server runs at", async () => {
    for (const site of sites) {
      const { body } = await fetchIn(site, "/privacy", "br");
      expect(squash(parseHtml(body).querySelector("main")?.textContent)).toContain(site.siteUrl);
      // The browser's copy of the configuration (the console hydrates): the address this server was started with.
      const contact = await fetchIn(site, "/contact", "identity");
      expectOnlyOwnAddress(site, contact.body, `${site.siteUrl}/contact`);
    }
  });

  it("a mail's links lead to the server's own address", async () => {
    for (const site of sites) {
      const answer = await fetch(`${site.server.url}/forms/newsletter`, {
        method: "POST",
        headers: { Origin: site.server.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ website: "", email: "reader@example.com", source: "/privacy" }),
      });
      expect(answer.status).toBe(200);
      const mailDir = path.join(site.dataDir, "mail");
      const mails = () => (existsSync(mailDir) ? readdirSync(mailDir).filter((name) => name.endsWith(".eml")) : []);
      await expect.poll(() => mails().length, { timeout: 20_000 }).toBe(1);
      const raw = readFileSync(path.join(mailDir, mails()[0]!), "utf8");
      const mail = await simpleParser(raw);
      const html = mail.html || "";
      const links = [...parseHtml(html).querySelectorAll("a[href]")]
        .map((link) => link.getAttribute("href")!)
        .filter((href) => href.startsWith("http"));
      expect(
        links.some((href) => href.startsWith(`${site.siteUrl}/newsletter/confirm?token=`)),
        links.join("\n"),
      ).toBe(true);
      for (const href of links) expect(href.startsWith(`${site.siteUrl}/`) || href === site.siteUrl, href).toBe(true);
      for (const text of [html, mail.text ?? ""]) expectOnlyOwnAddress(site, text, `${site.siteUrl}'s mail`);
    }
  });
});
