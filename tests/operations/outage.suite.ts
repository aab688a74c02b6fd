import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACK_SOON_FILE, BACK_SOON_PAGE } from "~/content/database-away";
import { generatedFiles, publicPages, serverRenderedPages } from "~/content/paths";
import { openDatabase } from "~/lib/db/client.server";
import { seedDataDir } from "../support/pglite-template";
import { startServer, type RunningServer } from "../support/serve-build";
import { createTestDatabase, type TestDatabase } from "../support/server/postgres";

// Product decision 21, against the built server: the pages rendered from the database keep answering through an outage
// and a restart during one (their last good rendering), a server that never rendered them answers what needs no
// database, only the forms and the readiness check say the database is away, and once it is back a fresh render wins.
//
// "Down" for PostgreSQL: the database refuses connections (test support's stop). For PGlite, which runs inside the
// server: its data folder cannot be opened, here because it says it was written by another PostgreSQL version (what a
// rolled-back upgrade leaves); PGlite refuses it at start as it refuses a damaged control file.

const REVISED_TITLE = "Revised while the site was away";

/** Every public path the server answers: the pages, the generated files, and each post. */
async function publicPaths(url: string): Promise<string[]> {
  const index = (await (await fetch(`${url}/blog/search-index.json`)).json()) as { posts: { slug: string }[] };
  expect(index.posts.length).toBeGreaterThan(0);
  return [...publicPages.map((page) => page.path), ...generatedFiles, ...index.posts.map((post) => `/blog/${post.slug}`)];
}

async function read(url: string, paths: string[]) {
  const pages = new Map<string, { status: number; body: string; cacheControl: string | null }>();
  for (const page of paths) {
    const response = await fetch(`${url}${page}`);
    pages.set(page, { status: response.status, body: await response.text(), cacheControl: response.headers.get("cache-control") });
  }
  return pages;
}

/** A contact form post with JavaScript: its status and what came back. */
async function postContact(url: string) {
  const response = await fetch(`${url}/forms/contact.data`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ website: "", name: "Ada Outage", email: "ada.outage@example.com", message: "Typed during the outage" }),
  });
  return { status: response.status, body: await response.text() };
}

/** The server's answers with a 5xx other than 503 (a page or form that says the database is away), from its access log. */
function serverErrors(output: string): string[] {
  return output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { status?: number; route?: string })
    .filter(({ status }) => status !== undefined && status >= 500 && status !== 503)
    .map(({ status, route }) => `${status} ${route}`);
}

/** The log lines that carry a stack trace (pino writes a multi-line message with its newlines escaped). */
const stackTraces = (output: string) => output.split("\n").filter((line) => /\\n\s+at /.test(line));

/**
 * What the server renders from the database at request time and has no prerendered copy of: the blog's lists (filtered,
 * paged, a category's), a post, the sitemap page, the newsletter archive and an issue, a draft's preview; the feed, the
 * XML sitemap and the search index; the pages behind the links in e-mails; an uploaded cover.
 */
const PAGES_FROM_DATABASE = [
  "/blog",
  "/blog?q=reply",
  "/blog/page/2",
  "/blog/category/sales-strategies",
  "/blog/category/sales-strategies/page/2",
  "/blog/why-speed-to-lead-wins-cold-email",
  "/sitemap",
  "/newsletter",
  "/newsletter/1",
  "/blog/preview/a-link-sent-to-a-reviewer",
];
const FILES_FROM_DATABASE = ["/sitemap.xml", "/blog/rss.xml", "/blog/search-index.json"];
const LINK_PAGES = ["/newsletter/confirm?token=x.y", "/newsletter/unsubscribe?token=x.y", "/roadmap/vote/confirm?token=x.y"];
const UPLOADED_COVER = "/images/blog/a-cover-uploaded-later.webp";

const keptOnDisk = (dataDir: string) =>
  readdirSync(path.join(dataDir, "pages"), { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".page")).length;

/** The suite for one database; one file per database runs it, so the two run side by side. */
export function outageSuite(driver: "pglite" | "postgres") {
  describe(`pages through a database outage on ${driver}`, () => {
    let pg: TestDatabase | null = null;
    const dataDirs: string[] = [];
    const servers: RunningServer[] = [];
    const dataDir = () => {
      const dir = mkdtempSync(path.join(tmpdir(), "replywise-outage-"));
      dataDirs.push(dir);
      return dir;
    };
    const start = async (env: Record<string, string>) => {
      const server = await startServer(env);
      servers.push(server);
      return server;
    };

    beforeAll(async () => {
      if (driver === "postgres") pg = await createTestDatabase();
    }, 120_000);
    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await pg?.destroy();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    });

    const env = (dir: string): Record<string, string> => (pg ? { DATABASE_URL: pg.url, DATA_DIR: dir } : { DATA_DIR: dir });
    const pgliteVersionFile = (dir: string) => path.join(dir, "pglite", "PG_VERSION");

    /** Takes the database away; returns what brings it back. */
    async function takeDown(dir: string, database: TestDatabase | null): Promise<() => Promise<void>> {
      if (database) {
        await database.stop();
        return () => database.start();
      }
      const file = pgliteVersionFile(dir);
      const version = readFileSync(file, "utf8");
      writeFileSync(file, "99\n");
      return async () => writeFileSync(file, version);
    }

    /** Changes a post behind the server's back (no NOTIFY: no server is running). */
    async function revise(dir: string, slug: string) {
      const handle = await openDatabase(pg ? { databaseUrl: pg.url, maxConnections: 1 } : { dataDir: dir });
      try {
        await handle.db.execute(sql`UPDATE blog_posts SET title = ${REVISED_TITLE}, version = version + 1 WHERE slug = ${slug}`);
      } finally {
        await handle.close();
      }
    }

    it("a restart during an outage answers every public page with its last good rendering, then renders afresh once the database is back", async () => {
      const dir = dataDir();
      const before = await start(env(dir));
      await expect.poll(async () => (await fetch(`${before.url}/readyz`)).status, { timeout: 30_000 }).toBe(200);
      const paths = await publicPaths(before.url);
      const rendered = await read(before.url, paths);
      for (const [page, { status }] of rendered) expect(status, page).toBe(200);
      // The pages rendered from the database (posts, edited content), each written to disk by the time it was answered
      // or just after.
      const posts = paths.filter((page) => page.startsWith("/blog/") && !generatedFiles.includes(page as never));
      await expect.poll(() => keptOnDisk(dir), { timeout: 10_000 }).toBe(serverRenderedPages.length + posts.length);
      await before.stop();

      const post = posts[0]!;
      await revise(dir, post.slice("/blog/".length));
      const bringBack = await takeDown(dir, pg);
      const during = await start(env(dir));
      const served = await read(during.url, paths);
      for (const [page, { status, body }] of served) {
        expect(status, page).toBe(200);
        expect(body, page).toBe(rendered.get(page)!.body);
      }
      expect(served.get("/")!.cacheControl).toMatch(/stale-if-error=\d+/);
      expect(served.get(post)!.cacheControl).toMatch(/stale-if-error=\d+/);
      // Only the forms and the console say the database is away; what was typed comes back with the message.
      const form = await postContact(during.url);
      expect(form.status).toBe(503);
      expect(form.body).toContain("unavailable");
      expect(form.body).toContain("Typed during the outage");
      const readiness = await fetch(`${during.url}/readyz`);
      expect(readiness.status).toBe(503);
      expect(await readiness.json()).toEqual({ ready: false });

      // Back: the post's revision shows, not the copy kept for the outage.
      await bringBack();
      await expect.poll(async () => (await fetch(`${during.url}/readyz`)).status, { timeout: 60_000, interval: 500 }).toBe(200);
      await expect
        .poll(async () => (await (await fetch(`${during.url}${post}`)).text()).includes(REVISED_TITLE), { timeout: 10_000 })
        .toBe(true);
      expect((await postContact(during.url)).status).toBe(200);
      expect(serverErrors(before.output() + during.output())).toEqual([]);
    }, 180_000);

    it("a server that never rendered a page, started while the database is down, answers what needs no database, never a 500", async () => {
      const dir = dataDir();
      let database: TestDatabase | null = null;
      if (pg) database = await createTestDatabase();
      else seedDataDir(dir);
      try {
        await takeDown(dir, database);
        const server = await start(database ? { DATABASE_URL: database.url, DATA_DIR: dir } : { DATA_DIR: dir });
        const paths = [...publicPages.map((page) => page.path), ...generatedFiles, "/blog/why-speed-to-lead-wins-cold-email"];
        const answers = await read(server.url, paths);
        for (const [page, { status }] of answers) expect([200, 503], page).toContain(status);
        const home = answers.get("/")!;
        expect(home.status).toBe(200);
        expect(home.body).toContain("No blog posts available at the moment.");
        // A page without its posts is not kept, by this server or a CDN.
        expect(home.cacheControl).toBe("no-store");
        // A page that needs the database says, in the site's frame, that it is back soon; a file says so in plain text;
        // each asks to be tried again later and is kept by no cache.
        for (const page of [...PAGES_FROM_DATABASE, ...FILES_FROM_DATABASE, ...LINK_PAGES, UPLOADED_COVER]) {
          const response = await fetch(`${server.url}${page}`);
          const body = await response.text();
          expect({ page, status: response.status, retryAfter: response.headers.get("retry-after") }).toEqual({
            page,
            status: 503,
            retryAfter: expect.stringMatching(/^\d+$/),
          });
          expect(response.headers.get("cache-control"), page).toBe("no-store");
          expect(body, page).not.toContain("Unexpected Application Error!");
          expect(body, page).not.toBe("null");
          if (PAGES_FROM_DATABASE.includes(page)) {
            for (const words of [BACK_SOON_PAGE.title, BACK_SOON_PAGE.message, "Skip to content", "All rights reserved"])
              expect(body, page).toContain(words.replace(/'/g, "&#x27;"));
            expect(body, page).toMatch(/<meta name="robots" content="noindex/);
          }
          if (FILES_FROM_DATABASE.includes(page)) {
            expect(response.headers.get("content-type"), page).toBe("text/plain; charset=utf-8");
            expect(body, page).toBe(BACK_SOON_FILE);
          }
        }
        expect((await postContact(server.url)).status).toBe(503);
        expect((await fetch(`${server.url}/readyz`)).status).toBe(503);
        expect(serverErrors(server.output())).toEqual([]);
        // An outage is not a bug: no stack trace in the log.
        expect(stackTraces(server.output())).toEqual([]);
      } finally {
        await database?.destroy();
      }
    }, 120_000);
  });
}
