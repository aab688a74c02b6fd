import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedInitialPosts } from "~/features/blog/index.server";
import { rowsOf } from "~/lib/db/rows.server";
import { purgeExpired } from "~/lib/retention/retention.server";
import { livePathsOf, retentionPurges } from "../../server/services";
import { RETENTION_DEFAULT_DAYS } from "~/lib/retention/retention";
import {
  deleteRedirect,
  listRedirects,
  MISSING_PATHS_PER_DAY,
  saveRedirect,
  topMissingPaths,
  type RedirectForm,
  createRedirectTable,
  MISSING_PATHS_PER_VISITOR,
  type RedirectTable,
  type Visitor,
} from "~/features/redirects/index.server";
import { openHarness, type Driver, type Harness } from "../support/server/harness";
import { siteAddresses } from "../support/server/site-routes";

// The redirect manager's rules against the database (docs/decisions/034), once per database: a chain is rewritten to
// its final target, a loop, a live page and a second editor's stale save are refused and change nothing; the table an
// instance applies follows each change through NOTIFY and keeps the last one when the database is away; 404s are
// counted by path and day, with how many visitors asked but without an address, within a bound per visitor and per day
// that two instances writing at once cannot pass, and purged after 30 days.

const ORIGIN = "https://replywise.example";
const EDITOR = "editor@example.com";
/** The site the suite saves for: its origin, and what its route table (app/routes.ts) answers. */
const SITE = { origin: ORIGIN, live: livePathsOf(siteAddresses()) };

/** A visitor of its own: an address and a browser. */
const visitor = (n: number): Visitor => ({
  address: `192.0.2.${n % 250}`,
  userAgent: `Mozilla/5.0 (X11; Linux x86_64) Firefox/131.0 v${n}`,
});

/** The suite for one database; one file per database runs it. */
export function redirectsSuite(driver: Driver) {
  describe(`redirects on ${driver}`, () => {
    let h: Harness;
    let table: RedirectTable;

    const save = (form: RedirectForm, existing?: { id: number; version: number }) =>
      saveRedirect(h.handle.db, EDITOR, SITE, form, existing);
    const stored = async () => Object.fromEntries((await listRedirects(h.handle.db)).map((row) => [row.source, row.target]));
    const auditCount = async () => (await h.rows("audit_log")).length;

    beforeAll(async () => {
      h = await openHarness(driver);
      await seedInitialPosts(h.handle.db);
      table = createRedirectTable(h.handle.db, { flushMs: 60_000, warn: () => {}, live: SITE.live });
      await table.listen(h.handle);
    }, 120_000);

    afterAll(async () => {
      await table?.close();
      await h?.close();
    });

    it("rewrites a redirect onto a redirected path to the final target, and points the redirects before it past it", async () => {
      expect(await save({ source: "/old-pricing", target: "/pricing", status: "301" })).toMatchObject({ status: "done" });
      // /older-pricing → /old-pricing/ → /pricing is stored as /older-pricing → /pricing.
      expect(await save({ source: "/older-pricing", target: "/old-pricing/", status: "301" })).toMatchObject({
        status: "done",
        rewrittenFrom: "/old-pricing/",
        row: { source: "/older-pricing", target: "/pricing" },
      });
      // /tour → /features-old exists; a new /features-old → /features makes /tour skip it.
      expect(await save({ source: "/tour", target: "/features-old", status: "302" })).toMatchObject({ status: "done" });
      expect(await save({ source: "/features-old", target: "https://replywise.example/features", status: "301" })).toMatchObject({
        status: "done",
        skipped: ["/tour"],
        row: { target: "/features" },
      });
      expect(await stored()).toMatchObject({
        "/old-pricing": "/pricing",
        "/older-pricing": "/pricing",
        "/tour": "/features",
        "/features-old": "/features",
      });
      const audit = (await h.rows("audit_log")).filter((row) => row.action === "redirect-saved");
      expect(audit.at(-1)).toMatchObject({ actor: EDITOR, detail: { source: "/features-old", target: "/features", skipped: ["/tour"] } });
      // The table this instance applies follows through NOTIFY, without anyone calling reload().
      await expect.poll(() => table.find("/tour/")?.target, { timeout: 5000 }).toBe("/features");
      expect(table.find("/older-pricing")).toMatchObject({ status: 301, target: "/pricing" });
    });

    it("refuses a loop, a redirect to itself, a duplicate and a javascript: target, each beside its field, and changes nothing", async () => {
      await save({ source: "/loop-a", target: "/loop-b", status: "301" });
      const before = [await stored(), await auditCount()];
      expect(await save({ source: "/loop-b", target: "/loop-a", status: "301" })).toEqual({
        status: "invalid",
        errors: { target: "This would make a loop: /loop-b → /loop-a → /loop-b." },
      });
      expect(await save({ source: "/mirror", target: "https://replywise.example/mirror/", status: "302" })).toEqual({
        status: "invalid",
        errors: { target: "A redirect cannot lead to its own path." },
      });
      expect(await save({ source: "/loop-a/", target: "/pricing", status: "301" })).toMatchObject({
        status: "invalid",
        errors: { source: expect.stringContaining("already a redirect from /loop-a") },
      });
      for (const target of ["javascript:alert(document.cookie)", "data:text/html,<script>alert(1)</script>", "//evil.example"]) {
        expect(await save({ source: "/bad-target", target, status: "302" }), target).toMatchObject({
          status: "invalid",
          errors: { target: expect.any(String) },
        });
      }
      expect([await stored(), await auditCount()]).toEqual(before);
    });

    it("refuses a source the site answers itself: pages, posts, the blog's former slugs, the console, forms and files", async () => {
      const [post] = (await h.rows("blog_posts")) as { id: number; slug: string }[];
      await h.handle.db.execute(sql`INSERT INTO blog_slug_redirects (slug, post_id) VALUES ('a-former-slug', ${post!.id})`);
      const shadowed: [string, RegExp][] = [
        ["/pricing", /a page of the site/],
        ["/Pricing/", /a page of the site/],
        ["/blog", /a page of the site/],
        ["/sitemap.xml", /a page of the site/],
        [`/blog/${post!.slug}`, /a blog post/],
        ["/blog/a-former-slug", /former address, which the blog already sends to the post/],
        ["/blog/category/tutorials", /a page of the site/],
        ["/console/redirects", /the console/],
        ["/console/posts", /the console/],
        ["/forms/contact", /a page of the site/],
        ["/assets/entry.client-abc.js", /file of the site/],
        ["/resources/roi-calculator.xlsx", /file of the site/],
        ["/favicon.svg", /file of the site/],
        ["/healthz", /server's own/],
      ];
      const before = await stored();
      for (const [source, owner] of shadowed) {
        const result = await save({ source, target: "/features", status: "301" });
        expect(result, source).toMatchObject({ status: "invalid", errors: { source: expect.stringMatching(owner) } });
      }
      expect(await stored()).toEqual(before);
      // A post's address that no post has is free to take.
      expect(await save({ source: "/blog/a-post-that-never-was", target: "/blog", status: "301" })).toMatchObject({ status: "done" });
    });

    it("tells the second of two editors saving the same redirect, and keeps the first one's change", async () => {
      const created = await save({ source: "/two-editors", target: "/pricing", status: "301" });
      if (created.status !== "done") throw new Error("not saved");
      const opened = { id: created.row.id, version: created.row.version };
      expect(await save({ source: "/two-editors", target: "/features", status: "302" }, opened)).toMatchObject({ status: "done" });
      expect(await save({ source: "/two-editors", target: "/about", status: "301" }, opened)).toEqual({ status: "conflict" });
      expect(await deleteRedirect(h.handle.db, EDITOR, opened.id, opened.version)).toEqual({ status: "conflict" });
      expect((await stored())["/two-editors"]).toBe("/features");
      expect(await deleteRedirect(h.handle.db, EDITOR, opened.id, opened.version + 1)).toMatchObject({ status: "done" });
      expect(await save({ source: "/two-editors", target: "/about", status: "301" }, opened)).toEqual({ status: "gone" });
      await expect.poll(() => table.find("/two-editors"), { timeout: 5000 }).toBeUndefined();
    });

    it("counts missing paths by day and visitors without an address, suggests those most visitors asked for, and purges days older than 30", async () => {
      const today = new Date().toISOString().slice(0, 10);
      // Three visitors once each, against one visitor forty times: the one who repeats adds requests, not rank.
      for (let i = 0; i < 3; i++) table.missing("/old-webinar", visitor(i));
      for (let i = 0; i < 40; i++) table.missing("/wp-login.php", visitor(9));
      table.missing("/loop-a", visitor(1)); // redirected since: no longer a candidate
      await table.flush();
      table.missing("/old-webinar", visitor(1));
      table.missing("/old-webinar", visitor(3));
      await table.flush();
      const rows = await h.rows("missing_paths");
      expect(Object.keys(rows[0]!).sort()).toEqual(["day", "hits", "path", "visitors"]);
      expect(await topMissingPaths(h.handle.db)).toEqual([
        { path: "/old-webinar", visitors: 4, hits: 5, lastDay: today },
        { path: "/wp-login.php", visitors: 1, hits: 40, lastDay: today },
      ]);
      await h.handle.db.execute(sql`INSERT INTO missing_paths (path, day, hits, visitors) VALUES
        ('/last-month', current_date - 29, 3, 2), ('/too-old', current_date - 30, 40, 40)`);
      expect((await topMissingPaths(h.handle.db)).map((row) => row.path)).toEqual(["/old-webinar", "/last-month", "/wp-login.php"]);
      const report = await purgeExpired(h.handle.db, RETENTION_DEFAULT_DAYS, retentionPurges);
      expect(report?.missing_paths).toBe(1);
      expect((await h.rows("missing_paths")).map((row) => row.path)).not.toContain("/too-old");
    });

    it("adds at most a few paths per visitor, and at most the day's bound however many instances write at once", async () => {
      const today = new Date().toISOString().slice(0, 10);
      const rowsToday = async () =>
        rowsOf<{ n: number }>(await h.handle.db.execute(sql`SELECT count(*)::int AS n FROM missing_paths WHERE day = ${today}::date`))[0]!
          .n;
      const before = await rowsToday();
      // One scanner, 150 paths: its first few are counted, the rest are not.
      for (let i = 0; i < 150; i++) table.missing(`/scan-${i}`, visitor(200));
      await table.flush();
      expect((await rowsToday()) - before).toBe(MISSING_PATHS_PER_VISITOR);
      // Two instances, each told of 700 new paths by as many visitors, writing at the same moment.
      const other = createRedirectTable(h.handle.db, { flushMs: 60_000, warn: () => {} });
      try {
        for (let i = 0; i < 700; i++) {
          table.missing(`/flood-a-${i}`, visitor(1000 + i));
          other.missing(`/flood-b-${i}`, visitor(5000 + i));
        }
        await Promise.all([table.flush(), other.flush()]);
      } finally {
        await other.close();
      }
      expect(await rowsToday()).toBe(MISSING_PATHS_PER_DAY);
      // A path stored before the day filled up still counts; the suggestions still lead with the most visitors.
      table.missing("/old-webinar", visitor(77));
      await table.flush();
      expect((await topMissingPaths(h.handle.db))[0]).toMatchObject({ path: "/old-webinar", visitors: 5 });
    });

    it("counts hits in batches, and keeps applying the last table (or its copy on disk) while the database is away", async () => {
      const entry = table.find("/old-pricing")!;
      for (let i = 0; i < 3; i++) table.hit(entry.id);
      await table.flush();
      const row = (await listRedirects(h.handle.db)).find((row) => row.source === "/old-pricing");
      expect(row).toMatchObject({ hits: 3, lastHitAt: expect.any(Date) });

      const dataDir = mkdtempSync(path.join(tmpdir(), "replywise-redirects-"));
      const copied = createRedirectTable(h.handle.db, { dataDir, warn: () => {} });
      await copied.reload();
      await copied.close();
      let up = true;
      const ready = async () => {
        if (!up) throw new Error("database away");
      };
      // A restart while the database is away: the copy on disk is applied; a failed reload keeps it.
      const restarted = createRedirectTable(h.handle.db, { dataDir, ready, warn: () => {} });
      up = false;
      await expect(restarted.reload()).rejects.toThrow("database away");
      expect(restarted.find("/older-pricing")).toMatchObject({ target: "/pricing" });
      expect(restarted.size).toBe(copied.size);
      up = true;
      await restarted.reload();
      expect(restarted.find("/tour")).toMatchObject({ target: "/features" });
      await restarted.close();
    });
  });
}
