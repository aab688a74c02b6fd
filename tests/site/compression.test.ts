import { readdirSync } from "node:fs";
import { request, type IncomingHttpHeaders } from "node:http";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../support/serve-build";

// The built server answers pages, assets, the feed, the sitemap and the search index from the Brotli and gzip copies
// the build wrote, and a filtered blog list from the version it kept (docs/decisions/022): the same bytes whatever the
// encoding, the right headers, 304 for a copy the client holds, and a log line that names the route only.

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function get(url: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
}

function decoded({ headers, body }: Answer): Buffer {
  if (headers["content-encoding"] === "br") return brotliDecompressSync(body);
  if (headers["content-encoding"] === "gzip") return gunzipSync(body);
  return body;
}

/** Every header helmet and the Permissions-Policy middleware set, as an answer carries them. */
const SECURITY_HEADERS = [
  "cross-origin-opener-policy",
  "cross-origin-resource-policy",
  "origin-agent-cluster",
  "permissions-policy",
  "referrer-policy",
  "x-content-type-options",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-frame-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
];
const securityOf = (headers: IncomingHttpHeaders) => Object.fromEntries(SECURITY_HEADERS.map((name) => [name, headers[name]]));

const ENCODINGS = [
  { accept: "br, gzip", encoding: "br" },
  { accept: "gzip", encoding: "gzip" },
  { accept: "", encoding: undefined },
] as const;

// The site's hashed stylesheet (no page is prerendered any more to read it from: decision 043).
const stylesheet = readdirSync(path.resolve("build/client/assets"))
  .filter((file) => /^root-[\w-]+\.css$/.test(file))
  .map((file) => `/assets/${file}`)[0];

describe("precompressed, in-memory serving of the build", () => {
  let server: RunningServer;
  let expressAnswer: Answer;
  beforeAll(async () => {
    server = await startServer();
    // Answered by Express (the 404 page is rendered per request): the reference for the security headers.
    expressAnswer = await get(`${server.url}/no-such-page`);
    expect(expressAnswer.status).toBe(404);
    expect(expressAnswer.headers["x-content-type-options"]).toBe("nosniff");
  });
  afterAll(() => server?.stop());

  it("isolates the console's window and leaves the public pages in the visitor's (decision 037)", async () => {
    const consolePage = await get(`${server.url}/console/sign-in`);
    expect(consolePage.status).toBe(200);
    expect(consolePage.headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(consolePage.headers["origin-agent-cluster"]).toBe("?1");
    expect(consolePage.headers["x-frame-options"]).toBe(expressAnswer.headers["x-frame-options"]);
    for (const answer of [expressAnswer, await get(`${server.url}/features`), await get(`${server.url}/about`)]) {
      expect(answer.headers["cross-origin-opener-policy"]).toBeUndefined();
      expect(answer.headers["origin-agent-cluster"]).toBeUndefined();
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    }
  });

  // Pages rendered by the server and cached (edited content, the company's details, a post).
  const pages = ["/about", "/", "/features", "/pricing", "/roadmap", "/blog/why-speed-to-lead-wins-cold-email"];
  const files = [stylesheet!, "/blog/rss.xml", "/sitemap.xml", "/blog/search-index.json"];

  it.each([...pages, ...files])("%s: the same bytes with br, gzip and no encoding, each with its headers", async (target) => {
    const answers = await Promise.all(
      ENCODINGS.map(({ accept }) => get(`${server.url}${target}`, accept ? { "Accept-Encoding": accept } : {})),
    );
    const identity = decoded(answers[2]!);
    expect(identity.length).toBeGreaterThan(0);
    answers.forEach((answer, i) => {
      expect(answer.status).toBe(200);
      expect(answer.headers["content-encoding"]).toBe(ENCODINGS[i]!.encoding);
      expect(answer.headers.vary).toBe("Accept-Encoding");
      expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
      expect(decoded(answer).equals(identity)).toBe(true);
      // Strong, and one per encoding: the bytes differ.
      expect(answer.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(securityOf(answer.headers)).toEqual(securityOf(expressAnswer.headers));
    });
    expect(new Set(answers.map((answer) => answer.headers.etag)).size).toBe(3);
    expect(answers[0]!.body.length).toBeLessThan(answers[1]!.body.length);
    if (pages.includes(target)) {
      expect(answers[0]!.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(answers[0]!.headers["content-security-policy"]).toMatch(/^default-src 'self'; script-src 'self' 'sha256-/);
      for (const answer of answers) expect(answer.headers["content-security-policy"]).toBe(answers[0]!.headers["content-security-policy"]);
    } else {
      expect(answers[0]!.headers["content-security-policy"]).toBeUndefined();
    }
  });

  it("answers If-None-Match with 304 and the same ETag, CSP and security headers, only for the encoding the client holds", async () => {
    // A page the server renders once per change of the content and keeps (the last prerendered ones joined them when
    // the company's details became content, decision 043).
    const page = `${server.url}/about`;
    const first = await get(page, { "Accept-Encoding": "br" });
    const again = await get(page, { "Accept-Encoding": "br", "If-None-Match": first.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers["content-security-policy"]).toBe(first.headers["content-security-policy"]);
    expect(again.headers["cache-control"]).toMatch(/^public, max-age=0, must-revalidate, stale-if-error=\d+$/);
    expect(again.headers.vary).toBe("Accept-Encoding");
    expect(securityOf(again.headers)).toEqual(securityOf(first.headers));
    // A list, a weak form of the same tag: still the client's copy.
    expect((await get(page, { "Accept-Encoding": "br", "If-None-Match": `"old", W/${first.headers.etag}` })).status).toBe(304);
    // The gzip copy is other bytes; an old tag is an old copy.
    expect((await get(page, { "Accept-Encoding": "gzip", "If-None-Match": first.headers.etag! })).status).toBe(200);
    expect((await get(page, { "Accept-Encoding": "br", "If-None-Match": '"old"' })).status).toBe(200);

    const asset = await get(`${server.url}${stylesheet}`, { "Accept-Encoding": "gzip" });
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const unchanged = await get(`${server.url}${stylesheet}`, { "Accept-Encoding": "gzip", "If-None-Match": asset.headers.etag! });
    expect(unchanged.status).toBe(304);
  });

  it("answers HEAD with the headers and length of the GET, and no body", async () => {
    const head = await get(`${server.url}/`, { "Accept-Encoding": "gzip" }, "HEAD");
    const full = await get(`${server.url}/`, { "Accept-Encoding": "gzip" });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-length"]).toBe(full.headers["content-length"]);
    expect(head.headers.etag).toBe(full.headers.etag);
  });

  it("renders a filtered blog list once, then answers it from memory in each encoding, with 304", async () => {
    const list = `${server.url}/blog?q=reply`;
    const answers = [];
    for (const { accept } of [...ENCODINGS, ...ENCODINGS]) answers.push(await get(list, accept ? { "Accept-Encoding": accept } : {}));
    const identity = decoded(answers[2]!);
    expect(identity.toString("utf8")).toContain("<html");
    answers.forEach((answer, i) => {
      expect(answer.status).toBe(200);
      expect(answer.headers["content-encoding"]).toBe(ENCODINGS[i % 3]!.encoding);
      expect(answer.headers.vary).toBe("Accept-Encoding");
      expect(decoded(answer).equals(identity)).toBe(true);
      expect(answer.headers["content-security-policy"]).toMatch(/^default-src 'self'; script-src 'self' 'sha256-/);
      expect(securityOf(answer.headers)).toEqual(securityOf(expressAnswer.headers));
    });
    // One kept version with a copy per encoding (a strong tag each), not a render compressed again for each request
    // (which would tag br and gzip alike): the tags do not change between the render and the copies from memory.
    expect(new Set(answers.slice(0, 3).map((answer) => answer.headers.etag)).size).toBe(3);
    for (const answer of answers) expect(answer.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(answers.slice(3).map((answer) => answer.headers.etag)).toEqual(answers.slice(0, 3).map((answer) => answer.headers.etag));
    // Another query is another version.
    const other = await get(`${server.url}/blog?q=meeting`, { "Accept-Encoding": "br" });
    expect(other.status).toBe(200);
    expect(other.headers.etag).not.toBe(answers[0]!.headers.etag);
    const unchanged = await get(list, { "Accept-Encoding": "br", "If-None-Match": answers[0]!.headers.etag! });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers["content-security-policy"]).toBe(answers[0]!.headers["content-security-policy"]);
  });

  it("logs one JSON line per request with the route, never the query or the client's address", async () => {
    await get(`${server.url}/blog?q=private-words&category=Tutorials`, { "Accept-Encoding": "br" });
    await get(`${server.url}/features?email=someone%40example.com`);
    await get(`${server.url}/features`);
    await get(`${server.url}/a-path-someone-typed`);
    // Lines are written in the background, in order: the last four are these requests'.
    const requestLines = () =>
      server
        .output()
        .split("\n")
        .filter((line) => line.includes('"reqId"'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    await expect
      .poll(() =>
        requestLines()
          .slice(-4)
          .map(({ method, route, status }) => `${method} ${route} ${status}`),
      )
      .toEqual(["GET /blog 200", "GET /features 200", "GET /features 200", "GET /* 404"]);
    for (const line of requestLines()) {
      expect(Object.keys(line).sort()).toEqual(["hostname", "level", "method", "ms", "msg", "pid", "reqId", "route", "status", "time"]);
      expect(JSON.stringify(line)).not.toContain("127.0.0.1");
    }
    for (const typed of ["private-words", "Tutorials", "someone", "a-path-someone-typed"]) expect(server.output()).not.toContain(typed);
  });
});
