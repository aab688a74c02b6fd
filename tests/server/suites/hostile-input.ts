import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../../../scripts/support/serve-build";
import { startPostgres, type PostgresCluster } from "../support/postgres";

// Odd and hostile requests against the built server, as a prober would send them. Each gets a clear 4xx with the
// form's own words, or a quiet refusal: never a 5xx, a reset or a hang, and nothing stored that should not be.

const form = (fields: Record<string, string>) => new URLSearchParams({ website: "", ...fields }).toString();
const contact = { name: "Ada Lovelace", email: "ada@example.com", companyName: "", message: "A real message" };
const feature = { name: "Grace Hopper", email: "grace@example.com", featureTitle: "HubSpot sync", description: "Push meetings." };

interface RawAnswer {
  status: number | null;
  head: string;
  body: string;
  /** How the connection ended: closed by the server after an answer or without one, or reset. */
  ended: "closed" | "reset";
  ms: number;
}

/** Speaks HTTP/1.1 over a socket, to send what fetch will not: chunked bodies, stalls, half requests. */
function raw(url: string, send: (write: (chunk: string) => boolean) => Promise<void>, timeoutMs = 15_000): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let received = "";
    let settled = false;
    const finish = (ended: RawAnswer["ended"]) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const [head = "", body = ""] = received.split("\r\n\r\n", 2);
      const status = /^HTTP\/1\.1 (\d{3})/.exec(head)?.[1];
      resolve({ status: status ? Number(status) : null, head, body, ended, ms: Date.now() - started });
    };
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`still connected after ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on("data", (chunk) => (received += chunk.toString("latin1")));
    socket.on("error", (error: NodeJS.ErrnoException) => finish(error.code === "ECONNRESET" ? "reset" : "closed"));
    socket.on("close", () => finish("closed"));
    socket.on("connect", () => {
      send((chunk) => !socket.destroyed && socket.write(chunk)).catch(() => socket.destroy());
    });
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The suite for one database; one file per database runs it, so the two run side by side. */
export function hostileInputSuite(driver: "pglite" | "postgres") {
  describe(`hostile and odd input on ${driver}`, () => {
    let server: RunningServer;
    let cluster: PostgresCluster | null = null;
    let dataDir: string;
    /** The rows each table must hold at the end: what was acknowledged, once. */
    const expected = { contact_requests: [] as string[], feature_requests: [] as string[], newsletter_subscribers: [] as string[] };

    const start = (env: Record<string, string> = {}) =>
      startServer({
        DATA_DIR: dataDir,
        ...(cluster ? { DATABASE_URL: cluster.url } : {}),
        TRUST_PROXY: "loopback",
        ...env,
      });

    /** Runs `use` against a server with other settings; PGlite allows one process on its folder, so the main one pauses. */
    async function withServer<T>(env: Record<string, string>, use: (other: RunningServer) => Promise<T>): Promise<T> {
      await server.stop();
      const other = await start(env);
      try {
        return await use(other);
      } finally {
        await other.stop();
        server = await start();
      }
    }

    /** One column of a table, read beside the server (PostgreSQL) or between two runs of it (PGlite). */
    async function readColumn(query: string, { restart = true } = {}): Promise<string[]> {
      if (cluster) {
        const sql = postgres(cluster.url, { max: 1, onnotice: () => {} });
        try {
          return (await sql.unsafe(query)).map((row) => String(Object.values(row)[0]));
        } finally {
          await sql.end({ timeout: 1 });
        }
      }
      await server.stop();
      const db = await PGlite.create({ dataDir: path.join(dataDir, "pglite") });
      try {
        return (await db.query<Record<string, unknown>>(query)).rows.map((row) => String(Object.values(row)[0]));
      } finally {
        await db.close();
        if (restart) server = await start();
      }
    }

    const post = (pathname: string, body: string, headers: Record<string, string> = {}) =>
      fetch(`${server.url}${pathname}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "198.51.100.77", ...headers },
        body,
      });

    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), "replywise-hostile-"));
      if (driver === "postgres") cluster = await startPostgres();
      server = await start();
    }, 120_000);

    afterAll(async () => {
      await server?.stop();
      try {
        // Nothing refused was stored, and everything acknowledged is there exactly once.
        const read = (query: string) => readColumn(query, { restart: false });
        // Concurrent posts are stored in arrival order: compare as sets with their counts.
        const sorted = (values: string[]) => [...values].sort();
        expect(sorted(await read("SELECT message FROM contact_requests"))).toEqual(sorted(expected.contact_requests));
        expect(sorted(await read("SELECT feature_title FROM feature_requests"))).toEqual(sorted(expected.feature_requests));
        expect(sorted(await read("SELECT email FROM newsletter_subscribers"))).toEqual(sorted(expected.newsletter_subscribers));
      } finally {
        cluster?.destroy();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }, 60_000);

    // First in the file, so the form-wide counter of this window starts at zero.
    it("holds a per-form ceiling across addresses, and refuses none of 100 posts from 100 addresses at once below it", async () => {
      const burst = (url: string, tag: string) =>
        Promise.all(
          Array.from({ length: 100 }, (_, i) =>
            fetch(`${url}/forms/feature-request.data`, {
              method: "POST",
              headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": `203.0.113.${i}` },
              body: form({ ...feature, featureTitle: `${tag} ${i}` }),
            }).then((response) => response.status),
          ),
        );
      await withServer({ RATE_LIMIT_FORM_MAX: "40" }, async (capped) => {
        const limited = await burst(capped.url, "Botnet");
        expect(limited.filter((status) => status === 200)).toHaveLength(40);
        expect(limited.filter((status) => status === 429)).toHaveLength(60);
      });
      // Which 40 got through depends on arrival order: the final check expects exactly those, once each.
      const accepted = await readColumn("SELECT feature_title FROM feature_requests WHERE feature_title LIKE 'Botnet %'");
      expect(accepted).toHaveLength(40);
      expected.feature_requests.push(...accepted);

      // With the default ceiling (1,000 a window), a real peak is never refused. (How fast: npm run bench:forms.)
      const statuses = await burst(server.url, "Peak");
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
      expected.feature_requests.push(...Array.from({ length: 100 }, (_, i) => `Peak ${i}`));
    }, 120_000);

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
      expected.contact_requests.push("Line one\r\nLine two\tend");
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
      const pricing = await post("/pricing", "x=1");
      expect(pricing.status).toBe(405);
      expect(pricing.headers.get("allow")).toBe("GET, HEAD");
      const pricingData = await post("/pricing.data", "x=1");
      expect(pricingData.status).toBe(405);

      // Each log line is JSON; its `msg` reads "METHOD route status duration".
      const requestLines = () =>
        server
          .output()
          .slice(before)
          .split("\n")
          .map((line) => (line.startsWith("{") ? String((JSON.parse(line) as { msg?: unknown }).msg) : line))
          .filter((line) => /^(TRACE|OPTIONS|POST \/pricing)/.test(line));
      await expect.poll(() => requestLines().length).toBe(4);
      expect(server.output().slice(before)).not.toMatch(/^\s+at |Error/m);
      expect(requestLines()).toEqual([
        expect.stringMatching(/^TRACE \/ 405 /),
        expect.stringMatching(/^OPTIONS \/contact 405 /),
        expect.stringMatching(/^POST \/pricing 405 /),
        expect.stringMatching(/^POST \/pricing\.data 405 /),
      ]);
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
      const page = await response.text();
      expect(page).toContain("What you sent is too long. Please shorten it (at most 5,000 characters a field) and try again.");
      expect(page).not.toContain("Please try again later.");
    });

    it("drops a client that stalls in its headers or its body, within the configured limits", async () => {
      // Short limits here (the defaults are 10 s and 30 s), so the test need not wait for the production values.
      await withServer({ HEADERS_TIMEOUT_SECONDS: "1", REQUEST_TIMEOUT_SECONDS: "2" }, async (strict) => {
        const headers = await raw(strict.url, async (write) => {
          write("POST /forms/contact HTTP/1.1\r\nHost: localhost\r\n");
          await pause(10_000);
        });
        expect(headers.ms).toBeLessThan(3_500);
        expect(headers.status === 408 || headers.status === null).toBe(true);

        const body = await raw(strict.url, async (write) => {
          write("POST /forms/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\n");
          write("Content-Length: 500\r\n\r\nwebsite=&name=Slow");
          await pause(10_000);
        });
        expect(body.ms).toBeLessThan(4_500);
        expect(body.ms).toBeGreaterThan(1_500);
      });
    }, 60_000);

    it("sends Retry-After and no-store with the first 429, to the script and to the form's page", async () => {
      await withServer({ RATE_LIMIT_MAX: "1" }, async (limited) => {
        const send = (pathname: string) =>
          fetch(`${limited.url}${pathname}`, {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "198.51.100.90" },
            body: form({ email: `limit.${pathname.length}@example.com` }),
          });
        expect((await send("/forms/newsletter")).status).toBe(200);
        expected.newsletter_subscribers.push("limit.17@example.com");
        const page = await send("/forms/newsletter");
        expect(page.status).toBe(429);
        expect(Number(page.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(page.headers.get("cache-control")).toBe("no-store");
        expect(await page.text()).toContain("You have sent several requests in a short time.");
        const data = await send("/forms/newsletter.data");
        expect(data.status).toBe(429);
        expect(Number(data.headers.get("retry-after"))).toBeGreaterThan(0);

        // A page that echoes what a visitor typed is never cached, whatever its status.
        const invalid = await fetch(`${limited.url}/forms/contact`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "198.51.100.91" },
          body: form({ name: "Ada", email: "not-an-address", message: "Hi" }),
        });
        expect(invalid.status).toBe(400);
        expect(invalid.headers.get("cache-control")).toBe("no-store");
      });
    }, 60_000);

    it("drops a replayed post without the honeypot field, and stores a double click once", async () => {
      const bot = await post("/forms/contact.data", new URLSearchParams({ ...contact, message: "Replayed by a bot" }).toString());
      expect(bot.status).toBe(200);

      const twice = form({ ...contact, message: "Clicked twice" });
      const [first, second] = [await post("/forms/contact", twice), await post("/forms/contact", twice)];
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(await second.text()).toContain("Message sent!");
      expected.contact_requests.push("Clicked twice");
    });

    it("says it is not ready while the database is down, and live all along", async () => {
      expect(await (await fetch(`${server.url}/readyz`)).json()).toEqual({ ready: true });
      if (!cluster) return; // PGlite lives inside the process: it is down only when the process is.
      cluster.stop();
      try {
        const ready = await fetch(`${server.url}/readyz`);
        expect(ready.status).toBe(503);
        expect(await ready.text()).toBe('{"ready":false}');
        expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      } finally {
        cluster.start();
      }
      await expect.poll(async () => (await fetch(`${server.url}/readyz`)).status, { timeout: 15_000 }).toBe(200);
    }, 60_000);
  });
}
