import { gzipSync } from "node:zlib";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../support/serve-build";
import { createTestDatabase, type TestDatabase } from "../support/server/postgres";
import { formBody as form, pause, raw } from "../support/server/raw-http";

// Odd and hostile requests against the built server, as a prober would send them. Each gets a clear 4xx with the
// form's own words, or a quiet refusal: never a 5xx, a reset or a hang, and nothing stored. None of these answers
// depends on the database, so they run once (on PostgreSQL, where rows can be read beside the running server);
// what hostile input leaves stored is checked on both databases in hostile-input.{pglite,postgres}.test.ts.

const contact = { name: "Ada Lovelace", email: "ada@example.com", companyName: "", message: "A real message" };
const feature = { name: "Grace Hopper", email: "grace@example.com", featureTitle: "HubSpot sync", description: "Push meetings." };

describe("odd and hostile requests", () => {
  let pg: TestDatabase;
  let server: RunningServer;
  /** Everything the tests below post and expect stored, once. */
  const stored: string[] = [];

  beforeAll(async () => {
    pg = await createTestDatabase();
    server = await startServer({ DATABASE_URL: pg.url, TRUST_PROXY: "loopback" });
  });

  afterAll(async () => {
    await server?.stop();
    try {
      const sql = postgres(pg.url, { max: 1, onnotice: () => {} });
      try {
        expect((await sql`SELECT message FROM contact_requests ORDER BY id`).map((row) => row.message)).toEqual(stored);
        expect(await sql`SELECT feature_title FROM feature_requests`).toEqual([]);
      } finally {
        await sql.end({ timeout: 1 });
      }
    } finally {
      await pg?.destroy();
    }
  });

  const post = (pathname: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${pathname}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "198.51.100.77", ...headers },
      body,
    });

  it("refuses a NUL byte or a line break in a name with the form's own message, and stores nothing", async () => {
    const nul = await post("/forms/contact.data", form({ ...contact, message: "before\u0000after" }));
    expect(nul.status).toBe(400);
    expect(await nul.text()).toContain("Message contains characters that cannot be saved. Please remove them.");

    const page = await post("/forms/feature-request", form({ ...feature, description: "a\u0000b" }));
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("Description contains characters that cannot be saved. Please remove them.");

    const header = await post("/forms/contact.data", form({ ...contact, name: "Ada\r\nBcc: everyone@example.com" }));
    expect(header.status).toBe(400);
    expect(await header.text()).toContain("Name contains characters that cannot be saved. Please remove them.");

    // Line breaks belong in a message.
    const multiline = await post("/forms/contact.data", form({ ...contact, message: "Line one\r\nLine two\tend" }));
    expect(multiline.status).toBe(200);
    stored.push("Line one\r\nLine two\tend");
  });

  it("answers TRACE, OPTIONS and a POST to a page without a form with 405 and Allow, one log line each, no stack", async () => {
    const before = server.output().length;
    const trace = await fetch(`${server.url}/`, { method: "TRACE" }).catch(() => null);
    // fetch refuses to send TRACE; a socket does.
    const traced =
      trace ?? (await raw(server.url, async (write) => void write("TRACE / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")));
    expect(traced.status).toBe(405);
    const options = await fetch(`${server.url}/contact`, { method: "OPTIONS" });
    expect(options.status).toBe(405);
    expect(options.headers.get("allow")).toBe("GET, HEAD, POST");
    // A prerendered page (/pricing was the one here until its plans moved to the database, decision 035).
    const about = await post("/about", "x=1");
    expect(about.status).toBe(405);
    expect(about.headers.get("allow")).toBe("GET, HEAD");
    const aboutData = await post("/about.data", "x=1");
    expect(aboutData.status).toBe(405);

    // Each log line is JSON; its `msg` reads "METHOD route status duration".
    const requestLines = () =>
      server
        .output()
        .slice(before)
        .split("\n")
        .map((line) => (line.startsWith("{") ? String((JSON.parse(line) as { msg?: unknown }).msg) : line))
        .filter((line) => /^(TRACE|OPTIONS|POST \/about)/.test(line));
    await expect.poll(() => requestLines().length).toBe(4);
    expect(server.output().slice(before)).not.toMatch(/^\s+at |Error/m);
    expect(requestLines()).toEqual([
      expect.stringMatching(/^TRACE \/ 405 /),
      expect.stringMatching(/^OPTIONS \/contact 405 /),
      expect.stringMatching(/^POST \/about 405 /),
      expect.stringMatching(/^POST \/about\.data 405 /),
    ]);
  });

  it("has no /metrics when METRICS_TOKEN is unset", async () => {
    expect((await fetch(`${server.url}/metrics`, { headers: { Authorization: "Bearer anything-at-all-0123456789" } })).status).toBe(404);
  });

  it("refuses a JSON, text or XML post with 415 and a clear message, storing nothing", async () => {
    const bodies: [string, string][] = [
      ["application/json", JSON.stringify({ ...contact, website: "" })],
      ["text/plain", "name=Ada&email=ada@example.com&message=hi"],
      ["application/xml", "<contact><email>ada@example.com</email></contact>"],
    ];
    for (const [type, body] of bodies) {
      const answer = await post("/forms/contact.data", body, { "Content-Type": type });
      expect(answer.status, type).toBe(415);
      expect(await answer.text()).toBe(
        `This form accepts application/x-www-form-urlencoded or multipart/form-data, as the site's own form sends it; ${type} is not read.\n`,
      );
      expect(answer.headers.get("accept-post")).toBe("application/x-www-form-urlencoded, multipart/form-data");
    }
  });

  it("refuses a cross-site post to every form in every spelling, and to any other page, with 403 and no stack in the log", async () => {
    const since = server.output().length;
    for (const name of ["contact", "feature-request", "newsletter", "download"]) {
      const spellings = [
        `/forms/${name}`,
        `/FORMS/${name.toUpperCase()}`,
        `/Forms/${name}/`,
        `//forms/${name}`,
        `/forms/%${name.charCodeAt(0).toString(16)}${name.slice(1)}`,
      ];
      for (const target of spellings.flatMap((spelling) => [spelling, `${spelling.replace(/\/$/, "")}.data`])) {
        const answer = await post(target, form(contact), { Origin: "https://evil.example" });
        expect(answer.status, target).toBe(403);
        expect(await answer.text(), target).toBe("Form submissions from other sites are refused.\n");
      }
    }
    for (const target of ["/pricing", "/pricing.data", "/newsletter/unsubscribe", "/no-such-page"]) {
      const answer = await post(target, "x=1", { Origin: "https://evil.example" });
      expect(answer.status, target).toBe(403);
    }
    expect(server.output().slice(since)).not.toMatch(/Error|\bat [\w.<>]+ \(/);
  });

  it("refuses a compressed body with 415 and a sentence on every POST path: the forms, the console, the webhook receiver", async () => {
    const since = server.output().length;
    const body = gzipSync(form(contact));
    for (const target of ["/forms/contact", "/forms/newsletter.data", "/console/sign-in", "/console/posts/new", "/webhooks/email-events"]) {
      for (const encoding of ["gzip", "br", "deflate"]) {
        const answer = await post(target, body.toString("latin1"), { "Content-Encoding": encoding, Origin: server.url });
        expect(answer.status, `${encoding} ${target}`).toBe(415);
        expect(answer.headers.get("accept-encoding")).toBe("identity");
        expect(await answer.text()).toBe(
          "This address reads a body as it was written, without Content-Encoding; a compressed body is not read.\n",
        );
      }
    }
    expect(server.output().slice(since)).not.toMatch(/Error|\bat [\w.<>]+ \(/);
  });

  it("answers /%ZZ with 400 and a forbidden or odd path with its 4xx: one log line each, no stack, nothing typed", async () => {
    // The log is written in the background: an earlier test's lines may still arrive, so lines are taken by their time.
    const since = Date.now();
    const linesSince = () =>
      server
        .output()
        .split("\n")
        .filter((line) => {
          try {
            return (JSON.parse(line) as { time?: number }).time! >= since;
          } catch {
            return false;
          }
        });
    const answers: Record<string, number> = {};
    for (const pathname of [
      "/%ZZ",
      "/blog/%E0%A4%A",
      "/assets/%ZZ.js",
      "/console/%ZZ",
      "/forms/contact/%ZZ",
      "/%2e%2e/%2e%2e/etc/passwd",
      "/.env",
    ]) {
      answers[pathname] = (await fetch(`${server.url}${pathname}?who=visitor-typed-this`)).status;
    }
    expect(answers).toEqual({
      "/%ZZ": 400,
      "/blog/%E0%A4%A": 400,
      "/assets/%ZZ.js": 400,
      "/console/%ZZ": 400,
      "/forms/contact/%ZZ": 400,
      "/%2e%2e/%2e%2e/etc/passwd": 404,
      "/.env": 404,
    });
    expect(await (await fetch(`${server.url}/%ZZ`)).text()).toBe("This address is malformed.\n");
    // Eight requests, one line each, but for the asset path, which the access log leaves out like every asset.
    await expect.poll(() => linesSince().filter((line) => / (400|403|404) /.test(line)).length).toBe(7);
    // The server's errors are JSON lines too (pino), a stack inside them.
    const log = linesSince().join("\n");
    expect(log).not.toMatch(/^\s+at |Error/m);
    expect(log).not.toContain("visitor-typed-this");
  });

  it("answers a chunked body over 64 KB with 413 and the form's words, without resetting the connection", async () => {
    const answer = await raw(server.url, async (write) => {
      write("POST /forms/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\n");
      write("Transfer-Encoding: chunked\r\nX-Forwarded-For: 198.51.100.78\r\n\r\n");
      const chunk = `website=&name=Ada&email=ada%40example.com&message=${"y".repeat(16 * 1024)}`;
      for (let i = 0; i < 6; i++) write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
      write("0\r\n\r\n");
    });
    expect(answer.ended).toBe("closed");
    expect(answer.status).toBe(413);
    expect(answer.body).toContain("Something went wrong");
    expect(answer.body).toContain("What you sent is too long");
  });

  it("tells the writer of a 100,000-character message that it is too long", async () => {
    const response = await post("/forms/contact", form({ ...contact, message: "x".repeat(100_000) }));
    expect(response.status).toBe(413);
    // What the page shows, not its forms' script, which carries the generic message for a network that fails.
    const page = (await response.text()).replace(/<script\b[\s\S]*?<\/script>/g, "");
    expect(page).toContain("What you sent is too long. Please shorten it (at most 5,000 characters a field) and try again.");
    expect(page).not.toContain("Please try again later.");
  });

  it("drops a client that stalls in its headers or its body, within the configured limits", async () => {
    // Short limits here (the defaults are 10 s and 30 s), so the test need not wait for the production values.
    const strict = await startServer({ DATABASE_URL: pg.url, HEADERS_TIMEOUT_SECONDS: "1", REQUEST_TIMEOUT_SECONDS: "2" });
    try {
      const [headers, body] = await Promise.all([
        raw(strict.url, async (write) => {
          write("POST /forms/contact HTTP/1.1\r\nHost: localhost\r\n");
          await pause(10_000);
        }),
        raw(strict.url, async (write) => {
          write("POST /forms/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\n");
          write("Content-Length: 500\r\n\r\nwebsite=&name=Slow");
          await pause(10_000);
        }),
      ]);
      expect(headers.ms).toBeLessThan(3_500);
      expect(headers.status === 408 || headers.status === null).toBe(true);
      expect(body.ms).toBeLessThan(4_500);
      expect(body.ms).toBeGreaterThan(1_500);
    } finally {
      await strict.stop();
    }
  });

  it("sends Retry-After and no-store with the first 429, to the script and to the form's page", async () => {
    const limited = await startServer({ DATABASE_URL: pg.url, TRUST_PROXY: "loopback", RATE_LIMIT_MAX: "1" });
    try {
      const send = (pathname: string, address: string, fields: Record<string, string>) =>
        fetch(`${limited.url}${pathname}`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": address },
          body: form(fields),
        });
      // The one post the limit allows is invalid, so nothing is stored; the next is refused before it is read.
      expect((await send("/forms/newsletter", "198.51.100.90", { email: "not-an-address" })).status).toBe(400);
      const page = await send("/forms/newsletter", "198.51.100.90", { email: "limit@example.com" });
      expect(page.status).toBe(429);
      expect(Number(page.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(page.headers.get("cache-control")).toBe("no-store");
      expect(await page.text()).toContain("You have sent several requests in a short time.");
      const data = await send("/forms/newsletter.data", "198.51.100.90", { email: "limit@example.com" });
      expect(data.status).toBe(429);
      expect(Number(data.headers.get("retry-after"))).toBeGreaterThan(0);

      // A page that echoes what a visitor typed is never cached, whatever its status.
      const invalid = await send("/forms/contact", "198.51.100.91", { name: "Ada", email: "not-an-address", message: "Hi" });
      expect(invalid.status).toBe(400);
      expect(invalid.headers.get("cache-control")).toBe("no-store");
    } finally {
      await limited.stop();
    }
  });
});
