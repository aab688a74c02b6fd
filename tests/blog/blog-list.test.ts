import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../support/serve-build";
import { getPage, textOf } from "../support/server/page-document";

// What /blog's page script relies on (decision 031, 2026-11-29), read from the built server without a browser: each
// filtered list the script asks for is the server's page at the GET form's own address, with the results to swap in,
// the count in a live region beside them and the empty state's Reset Filters; and only /blog carries the script.
// What a visitor sees as they type is in tests/blog/blog.spec.ts.

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

/** The inline scripts of a page whose hash the page's Content-Security-Policy allows, and those it does not. */
function inlineScripts(html: string, csp: string) {
  const bodies = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, body]) => body!);
  const hashed = (body: string) => csp.includes(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  return { allowed: bodies.filter(hashed), refused: bodies.filter((body) => !hashed(body)) };
}

/** The page script's call, with the filters' id, its two fields and the typing pause (blog-search-script.ts). */
const SEARCH_SCRIPT_CALL = /\)\("search","q","category",\d+\);$/;

describe("/blog's filtered answers", () => {
  it("answers each address the script asks for, in the form's canonical shape, with the results, the count and Reset Filters", async () => {
    for (const [address, count, titles] of [
      ["/blog", "", 5],
      ["/blog?q=library", "1 article found", 1],
      ["/blog?category=Resources", "1 article found", 1],
      ["/blog?q=reply&category=Tutorials", "1 article found", 1],
      ["/blog?q=+zx", "0 articles found", 0],
      ["/blog?q=xylophone&category=Tutorials", "0 articles found", 0],
    ] as const) {
      const { response, html, doc } = await getPage(server.url, address, { redirect: "manual" });
      // The address the script builds is the one the server keeps: no redirect to follow.
      expect(response.status, address).toBe(200);
      const results = doc.querySelectorAll("[data-blog-results]");
      const status = doc.querySelectorAll("[data-blog-status]");
      expect([results.length, status.length], address).toEqual([1, 1]);
      // The live region stays while the results are swapped below it, so a screen reader hears the new count.
      expect(status[0]!.getAttribute("role"), address).toBe("status");
      expect(results[0]!.contains(status[0]!), address).toBe(false);
      expect(textOf(status[0]), address).toBe(count);
      expect(results[0]!.querySelectorAll("article"), address).toHaveLength(titles);
      const reset = results[0]!.querySelectorAll("a[data-blog-reset]");
      if (titles === 0) {
        expect(textOf(results[0]), address).toContain("No articles found matching your criteria.");
        expect([reset.length, textOf(reset[0]), reset[0]?.getAttribute("href")], address).toEqual([1, "Reset Filters", "/blog#search"]);
      } else expect(reset, address).toHaveLength(0);

      const scripts = inlineScripts(html, response.headers.get("content-security-policy") ?? "");
      expect(scripts.refused, address).toEqual([]);
      expect(
        scripts.allowed.filter((body) => SEARCH_SCRIPT_CALL.test(body)),
        address,
      ).toHaveLength(1);
    }
  });

  it("leaves a category's list without the script: its filters are the plain GET form to /blog", async () => {
    const { response, html, doc } = await getPage(server.url, "/blog/category/tutorials");
    expect(response.status).toBe(200);
    const scripts = inlineScripts(html, response.headers.get("content-security-policy") ?? "");
    expect(scripts.allowed.some((body) => SEARCH_SCRIPT_CALL.test(body))).toBe(false);
    expect(doc.querySelector("form#search")?.getAttribute("action")).toBe("/blog#search");
  });
});
