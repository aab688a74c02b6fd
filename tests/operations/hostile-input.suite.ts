import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../support/serve-build";
import { createTestDatabase, type TestDatabase } from "../support/server/postgres";
import { formBody as form } from "../support/server/raw-http";

// What hostile input leaves stored, on each database: a flood against the per-form ceiling, a peak below it, replayed
// and doubled posts, a database that goes away. Everything acknowledged is stored exactly once and nothing refused is.
// (The answers that do not depend on the database are checked once, in hostile-input.test.ts.)

const contact = { name: "Ada Lovelace", email: "ada@example.com", companyName: "", message: "A real message" };
const feature = { name: "Grace Hopper", email: "grace@example.com", featureTitle: "HubSpot sync", description: "Push meetings." };

/** A server on a database of its own: a PostgreSQL database on the run's cluster, or a PGlite folder. */
interface Site {
  server: RunningServer;
  /** The PostgreSQL database, which a test can take away; null on PGlite. */
  pg: TestDatabase | null;
  /**
   * One column of a query; on PGlite the server is stopped first (one process per folder) and stays stopped, and the
   * folder stays open for the next query (an open costs a second of the worker's CPU).
   */
  column(query: string): Promise<string[]>;
  close(): Promise<void>;
}

async function openSite(driver: "pglite" | "postgres", env: Record<string, string> = {}): Promise<Site> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "replywise-hostile-"));
  const pg: TestDatabase | null = driver === "postgres" ? await createTestDatabase() : null;
  // The two timeouts are for slow clients: a burst of 100 posts into PGlite (in the server's own thread) beside the
  // browser tests kept the event loop busy past the default 30 s before the last bodies were read, and past the 10 s
  // for headers before the last connections were parsed; either answered a 408 that no real client caused.
  const server = await startServer({
    DATA_DIR: dataDir,
    ...(pg ? { DATABASE_URL: pg.url } : {}),
    TRUST_PROXY: "loopback",
    HEADERS_TIMEOUT_SECONDS: "120",
    REQUEST_TIMEOUT_SECONDS: "120",
    ...env,
  });
  let folder: PGlite | undefined;
  return {
    server,
    pg,
    async column(query) {
      if (pg) {
        const sql = postgres(pg.url, { max: 1, onnotice: () => {} });
        try {
          return (await sql.unsafe(query)).map((row) => String(Object.values(row)[0]));
        } finally {
          await sql.end({ timeout: 1 });
        }
      }
      if (!folder) {
        await server.stop();
        folder = await PGlite.create({ dataDir: path.join(dataDir, "pglite") });
      }
      return (await folder.query<Record<string, unknown>>(query)).rows.map((row) => String(Object.values(row)[0]));
    },
    async close() {
      await server.stop();
      await folder?.close();
      await pg?.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The suite for one database; one file per database runs it, so the two run side by side. */
export function hostileInputSuite(driver: "pglite" | "postgres") {
  describe(`what hostile input leaves stored, on ${driver}`, () => {
    let site: Site;
    /** The rows each table must hold at the end: what was acknowledged, once. */
    const expected = { contact_requests: [] as string[], feature_requests: [] as string[], spam_posts: [] as string[] };

    const post = (pathname: string, body: string) =>
      fetch(`${site.server.url}${pathname}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "198.51.100.77" },
        body,
      });

    beforeAll(async () => {
      site = await openSite(driver);
    });

    afterAll(async () => {
      try {
        // Concurrent posts are stored in arrival order: compare as sets with their counts.
        const sorted = (values: string[]) => [...values].sort();
        expect(sorted(await site.column("SELECT message FROM contact_requests"))).toEqual(sorted(expected.contact_requests));
        expect(sorted(await site.column("SELECT feature_title FROM feature_requests"))).toEqual(sorted(expected.feature_requests));
        expect(sorted(await site.column("SELECT fields->>'message' FROM spam_posts"))).toEqual(sorted(expected.spam_posts));
      } finally {
        await site?.close();
      }
    });

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

    it("holds a per-form ceiling across addresses: of 100 posts from 100 addresses at once, exactly 40 are stored", async () => {
      const capped = await openSite(driver, { RATE_LIMIT_FORM_MAX: "40" });
      try {
        const statuses = await burst(capped.server.url, "Botnet");
        expect(statuses.filter((status) => status === 200)).toHaveLength(40);
        expect(statuses.filter((status) => status === 429)).toHaveLength(60);
        // Which 40 got through depends on arrival order; exactly 40 are stored.
        expect(await capped.column("SELECT feature_title FROM feature_requests WHERE feature_title LIKE 'Botnet %'")).toHaveLength(40);
      } finally {
        await capped.close();
      }
    });

    it("refuses none of 100 posts from 100 addresses at once below the default ceiling", async () => {
      // With the default ceiling (1,000 a window), a real peak is never refused. (How fast: npm run bench:forms.)
      const statuses = await burst(site.server.url, "Peak");
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
      expected.feature_requests.push(...Array.from({ length: 100 }, (_, i) => `Peak ${i}`));
    });

    it("holds a replayed post without the honeypot field as spam, and stores a double click once", async () => {
      const bot = await post("/forms/contact.data", new URLSearchParams({ ...contact, message: "Replayed by a bot" }).toString());
      expect(bot.status).toBe(200);
      expected.spam_posts.push("Replayed by a bot");

      const twice = form({ ...contact, message: "Clicked twice" });
      const [first, second] = [await post("/forms/contact", twice), await post("/forms/contact", twice)];
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(await second.text()).toContain("Message sent!");
      expected.contact_requests.push("Clicked twice");
    });

    if (driver === "postgres") {
      it("says it is not ready while the database is down, and live all along", async () => {
        const server = site.server;
        const pg = site.pg!;
        expect(await (await fetch(`${server.url}/readyz`)).json()).toEqual({ ready: true });
        await pg.stop();
        try {
          const ready = await fetch(`${server.url}/readyz`);
          expect(ready.status).toBe(503);
          expect(await ready.text()).toBe('{"ready":false}');
          expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
        } finally {
          await pg.start();
        }
        await expect.poll(async () => (await fetch(`${server.url}/readyz`)).status, { timeout: 15_000 }).toBe(200);
      });
    } else {
      // PGlite lives inside the process: it is down only when the process is.
      it("says it is ready", async () => {
        expect(await (await fetch(`${site.server.url}/readyz`)).json()).toEqual({ ready: true });
      });
    }
  });
}
