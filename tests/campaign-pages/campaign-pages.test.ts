import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../support/serve-build";
import { pageEditorSession, type PageEditorSession } from "../support/server/campaign-pages";
import { addOperators, OPERATOR_PASSWORD, operatorSession, sessionCookie } from "../support/server/operators";
import { parseHtml, squash } from "../support/server/page-document";
import type { TestDatabase } from "../support/server/postgres";
import { startTwoInstances, stopTwoInstances } from "../support/server/two-instances";

// Campaign pages (docs/decisions/047) and their experiments (048) through the built server, posting the editor's own
// forms: a page of blocks published on one instance is live on the other within 5 s, from the page cache with no
// framework JavaScript; an address already taken, copy that breaks a rule, an experiment on a draft, shares that do
// not add to 100 and a second experiment on a block are refused with a message while nothing public changes; a visit
// sees one variant on both instances, privately; stopping keeps the chosen variant; unpublishing takes the page off;
// while the database is away the page is still served, by a server started during the outage too; a page scheduled
// before a SIGKILL is published once after the restart. On PostgreSQL with two instances, and on PGlite.

const EDITOR = "pages.editor@example.com";
const SALES = "pages.sales@example.com";
const ACCOUNTS = [
  { email: EDITOR, password: OPERATOR_PASSWORD, role: "editor" as const },
  { email: SALES, password: OPERATOR_PASSWORD, role: "sales" as const },
];
const DESCRIPTION = "Replywise answers your agency's cold email replies in minutes and books the meetings for your clients.";
const HEADLINE = "Replies answered for every client of your agency";
const BLOCKS = ["hero", "feature-grid", "statistics", "download-form", "faq"];
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

const within5s = { timeout: 5000, interval: 150 } as const;

/** A visitor of the page: its address (behind the trusted proxy) and a browser's user agent. */
const visit = (url: string, address: string) => fetch(url, { headers: { "X-Forwarded-For": address, "User-Agent": BROWSER } });
const h1Of = async (response: Response) => squash(parseHtml(await response.text()).querySelector("h1")?.textContent);

/** A page of five blocks at `address`, published; its id. */
async function publishedPage(editor: PageEditorSession, address: string): Promise<number> {
  const created = await editor.create(address, "Replies answered for agencies");
  if (!("id" in created)) throw new Error(`not created: ${created.refused.slice(0, 300)}`);
  for (const type of BLOCKS) await editor.addBlock(created.id, type);
  const published = await editor.send(created.id, "publish", { description: DESCRIPTION, "block.hero-1.headline": HEADLINE });
  expect(published.status).toBe(200);
  expect(await published.text()).toContain("Published: live at");
  return created.id;
}

describe("campaign pages on PostgreSQL, two instances", () => {
  let pg: TestDatabase;
  let sql: postgres.Sql;
  let a: RunningServer;
  let b: RunningServer;
  let editor: PageEditorSession;
  let pageId: number;

  beforeAll(async () => {
    ({ pg, sql, a, b } = await startTwoInstances(
      { SECRET_KEY: "c".repeat(40), TRUST_PROXY: "loopback", OUTBOX_POLL_SECONDS: "0.5" },
      async (databaseUrl) => {
        await addOperators({ databaseUrl }, ACCOUNTS);
      },
    ));
    editor = await pageEditorSession(a.url, EDITOR);
  }, 180_000);

  afterAll(() => stopTwoInstances({ pg, sql, a, b }));

  it("publishes a page of five blocks: on both instances within 5 s, cached with an ETag, no framework JavaScript, in the sitemap", async () => {
    expect((await fetch(`${b.url}/agencies`)).status).toBe(404);
    pageId = await publishedPage(editor, "/Agencies");
    const started = Date.now();
    await expect.poll(async () => (await fetch(`${b.url}/agencies`)).status, within5s).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000);

    const page = await fetch(`${b.url}/agencies`);
    const html = await page.text();
    const doc = parseHtml(html);
    expect(squash(doc.querySelector("h1")?.textContent)).toBe(HEADLINE);
    expect(doc.querySelector("title")?.textContent).toBe("Replies answered for agencies | Replywise");
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute("href")).toMatch(/\/agencies$/);
    expect(doc.querySelector('meta[name="robots"]')).toBeNull();
    // The download block is the site's own form, sent in place by the lead forms' page script; no React.
    expect(doc.querySelector('form[action^="/forms/download"]')).not.toBeNull();
    expect(html).not.toMatch(/<script[^>]+src=|modulepreload/);
    const scripts = /script-src[^;]*/.exec(page.headers.get("content-security-policy") ?? "")?.[0];
    expect(scripts).toMatch(/^script-src 'self' 'sha256-/);
    expect(scripts).not.toContain("unsafe");
    const etag = page.headers.get("etag");
    expect(etag).toBeTruthy();
    expect((await fetch(`${b.url}/agencies`, { headers: { "If-None-Match": etag! } })).status).toBe(304);
    // One spelling: the address is stored and served in lower case.
    expect((await sql`SELECT path FROM campaign_pages`).map((row) => row.path)).toEqual(["/agencies"]);
    expect(await (await fetch(`${b.url}/sitemap.xml`)).text()).toMatch(/<loc>[^<]*\/agencies<\/loc>/);
    expect(await sql`SELECT action FROM audit_log WHERE action LIKE 'campaign-page-%' ORDER BY id`).toEqual([
      { action: "campaign-page-created" },
      { action: "campaign-page-published" },
    ]);
  });

  it("refuses an address a route, a post, a redirect or another page holds, in any letter case, and stores nothing", async () => {
    const redirects = await operatorSession(a.url, EDITOR, OPERATOR_PASSWORD, "/console/redirects");
    const saved = await redirects("/console/redirects", { intent: "add", source: "/spring-offer", target: "/pricing", status: "301" });
    expect(saved.status).toBe(303);
    const count = async () => (await sql`SELECT count(*)::int AS n FROM campaign_pages`)[0]!.n as number;
    const before = await count();
    const taken: [string, RegExp][] = [
      ["/pricing", /is already a page of the site/],
      ["/PRICING/", /is already a page of the site/],
      ["/blog/ai-reply-handling-deliverability-trends", /is already (a blog post|an address the site's own pages answer)/],
      ["/blog/no-such-post-yet", /an address the site's own pages answer/],
      ["/console/leads", /is already the console/],
      ["/Spring-Offer", /the old address of a redirect/],
      ["/AGENCIES", /is already a live campaign page/],
      ["/robots.txt", /An address starts with \/ and holds letters, digits and hyphens/],
      ["/a page", /An address starts with/],
    ];
    for (const [address, reason] of taken) {
      const refused = await editor.create(address, "Another page");
      expect(refused, address).toHaveProperty("refused");
      expect(squash(parseHtml((refused as { refused: string }).refused).body.textContent), address).toMatch(reason);
    }
    expect(await count()).toBe(before);
    // And the redirect manager asks the pages: a redirect from a page's address is refused too.
    const hidden = await redirects("/console/redirects", { intent: "add", source: "/AGENCIES", target: "/pricing", status: "301" });
    expect(hidden.status).toBe(422);
    expect(await hidden.text()).toContain("a live campaign page");
  });

  it("refuses publishing copy that breaks a rule, with the reason beside the field; what is live stays", async () => {
    const refused = await editor.send(pageId, "publish", { "block.hero-1.headline": "Get 80% more replies from every campaign" });
    expect(refused.status).toBe(422);
    const doc = parseHtml(await refused.text());
    expect(squash(doc.querySelector("#field-block-hero-1-headline-error")?.textContent)).toMatch(/80%/);
    // What was typed is shown again, and the error summary links to the field.
    expect(doc.querySelector("#field-block-hero-1-headline")?.getAttribute("value")).toBe("Get 80% more replies from every campaign");
    expect(doc.querySelector('a[href="#field-block-hero-1-headline"]')).not.toBeNull();
    expect(await h1Of(await fetch(`${a.url}/agencies`))).toBe(HEADLINE);
    expect(await h1Of(await fetch(`${b.url}/agencies`))).toBe(HEADLINE);
  });

  it("shows a draft at its address through a preview link only: private, noindex, never from a forged link", async () => {
    const created = await editor.create("/webinars/spring", "Spring webinar");
    const id = (created as { id: number }).id;
    await editor.addBlock(id, "hero");
    const made = await editor.send(id, "preview-link", { "block.hero-1.headline": "Zqpreview spring webinar on reply handling" });
    expect(made.status).toBe(200);
    const link = /href="(http[^"]*page-preview=[^"]+)"/.exec(await made.text())![1]!.replace(/&amp;/g, "&");
    const onB = link.replace(/^https?:\/\/[^/]+/, b.url);
    const preview = await fetch(onB);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("cache-control")).toContain("private");
    const html = await preview.text();
    expect(html).toContain("Zqpreview spring webinar");
    expect(html).toContain('name="robots" content="noindex');
    expect((await fetch(`${b.url}/webinars/spring`)).status).toBe(404);
    expect((await fetch(onB.replace(/.$/, (last) => (last === "A" ? "B" : "A")))).status).toBe(404);
  });

  it("refuses an experiment on a draft, shares not adding to 100 and a second one on a block; nothing public changes", async () => {
    const draft = (await sql`SELECT id::int FROM campaign_pages WHERE path = '/webinars/spring'`)[0]!.id as number;
    const onDraft = await editor.post(`/console/pages/${draft}/experiment?block=hero-1`, experimentForm("hero-1", 50, 50));
    expect(onDraft.status).toBe(422);
    expect(await onDraft.text()).toContain("An experiment runs on a live page: this page is a draft.");
    const shares = await editor.post(`/console/pages/${pageId}/experiment?block=hero-1`, experimentForm("hero-1", 60, 30));
    expect(shares.status).toBe(422);
    expect(await shares.text()).toContain("The shares add up to 90%: they must add up to 100%.");
    const copy = await editor.post(`/console/pages/${pageId}/experiment?block=hero-1`, {
      ...experimentForm("hero-1", 50, 50),
      "variant.b.headline": "Get 80% more meetings from every campaign",
    });
    expect(copy.status).toBe(422);
    const copyHtml = await copy.text();
    expect(squash(parseHtml(copyHtml).querySelector("#field-variant-b-headline-error")?.textContent)).toMatch(/80%/);
    expect(await sql`SELECT count(*)::int AS n FROM experiments`).toEqual([{ n: 0 }]);

    const started = await editor.post(`/console/pages/${pageId}/experiment?block=hero-1`, experimentForm("hero-1", 50, 50));
    expect(started.status).toBe(303);
    const second = await editor.post(`/console/pages/${pageId}/experiment?block=hero-1`, experimentForm("hero-1", 50, 50));
    expect(second.status).toBe(422);
    expect(await second.text()).toContain("already runs on this block: stop it before starting another.");
    expect(await sql`SELECT count(*)::int AS n FROM experiments`).toEqual([{ n: 1 }]);
  });

  it("serves each visit one variant on both instances, nothing stored; stopping keeps the chosen one everywhere", async () => {
    const seen = new Map<string, string>();
    // Both instances have the experiment within 5 s.
    await expect
      .poll(async () => {
        for (let n = 1; n <= 40; n++) seen.set(`10.7.0.${n}`, await h1Of(await visit(`${b.url}/agencies`, `10.7.0.${n}`)));
        return new Set(seen.values()).size;
      }, within5s)
      .toBe(2);
    for (const [address, headline] of seen) {
      expect(await h1Of(await visit(`${a.url}/agencies`, address)), address).toBe(headline);
      expect(await h1Of(await visit(`${b.url}/agencies`, address)), address).toBe(headline);
    }
    expect([...new Set(seen.values())].sort()).toEqual([HEADLINE, VARIANT_B].sort());
    // One visitor's variant is no shared cache's to hand on; their browser keeps it and revalidates it by its ETag.
    const mine = await visit(`${b.url}/agencies`, "10.7.0.1");
    expect(mine.headers.get("cache-control")).toBe("private, max-age=0, must-revalidate");
    await mine.arrayBuffer();
    const again = await fetch(`${b.url}/agencies`, {
      headers: { "X-Forwarded-For": "10.7.0.1", "User-Agent": BROWSER, "If-None-Match": mine.headers.get("etag")! },
    });
    expect(again.status).toBe(304);
    // A bot sees the page as published and tips no split.
    expect(await h1Of(await fetch(`${b.url}/agencies`, { headers: { "User-Agent": "Googlebot/2.1" } }))).toBe(HEADLINE);
    const columns = await sql`SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'
      AND table_name IN ('experiments', 'campaign_pages') ORDER BY 1, 2`;
    expect(columns.map((row) => row.column_name)).not.toContain("visitor");

    // While it runs, the page cannot be unpublished nor its block removed.
    const unpublish = await editor.send(pageId, "unpublish");
    expect(unpublish.status).toBe(422);
    expect(await unpublish.text()).toContain("runs on this page: stop it first.");

    // The report: sales sees what each variant brought; an editor only the visits.
    const experimentId = (await sql`SELECT id::int FROM experiments`)[0]!.id as number;
    const report = (cookie: string) => fetch(`${a.url}/console/experiments/${experimentId}`, { headers: { Cookie: cookie } });
    const forSales = parseHtml(await (await report(await sessionCookie(a.url, SALES))).text());
    expect(forSales.querySelectorAll("tr[data-variant]")).toHaveLength(2);
    expect(squash(forSales.querySelector("thead")?.textContent)).toContain("Demos booked");
    expect(squash(forSales.querySelector("[data-experiment-verdict]")?.textContent)).toMatch(/^Too early to say/);
    const forEditor = parseHtml(await (await report(await sessionCookie(a.url, EDITOR))).text());
    expect(squash(forEditor.querySelector("thead")?.textContent)).not.toContain("Leads");
    expect(forEditor.querySelector("[data-experiment-verdict]")).toBeNull();
    // A sales account builds no page.
    expect((await fetch(`${a.url}/console/pages`, { headers: { Cookie: await sessionCookie(a.url, SALES) } })).status).toBe(403);

    const stopped = await editor.post(`/console/pages/${pageId}`, {
      intent: "stop-experiment",
      experiment: String(experimentId),
      promote: "b",
    });
    expect(stopped.status).toBe(200);
    expect(await stopped.text()).toContain("Experiment stopped: the variant you kept is now the page's block");
    await expect.poll(async () => h1Of(await visit(`${b.url}/agencies`, "10.7.0.1")), within5s).toBe(VARIANT_B);
    for (const address of seen.keys()) expect(await h1Of(await visit(`${b.url}/agencies`, address)), address).toBe(VARIANT_B);
    // One version again: any cache may keep it.
    expect((await visit(`${b.url}/agencies`, "10.7.0.1")).headers.get("cache-control")).toMatch(/^public, max-age=0/);
    expect(await sql`SELECT action FROM audit_log WHERE action LIKE 'experiment-%' ORDER BY id`).toEqual([
      { action: "experiment-started" },
      { action: "experiment-stopped" },
    ]);
  });

  it("publishes a scheduled page once with two instances running, live on both", async () => {
    const id = (await sql`SELECT id::int FROM campaign_pages WHERE path = '/webinars/spring'`)[0]!.id as number;
    const at = new Date(Date.now() + 2000);
    const scheduled = await editor.send(id, "schedule", {
      description: DESCRIPTION,
      // In UTC, the editor's zone until they choose one (decision 046).
      publishAtLocal: at.toISOString().slice(0, 19),
    });
    expect(await scheduled.text()).toContain("Scheduled for");
    expect((await fetch(`${b.url}/webinars/spring`)).status).toBe(404);
    await expect.poll(async () => (await fetch(`${a.url}/webinars/spring`)).status, { timeout: 20_000, interval: 250 }).toBe(200);
    await expect.poll(async () => (await fetch(`${b.url}/webinars/spring`)).status, within5s).toBe(200);
    expect(await sql`SELECT actor FROM audit_log WHERE action = 'campaign-page-published' AND detail->>'scheduled' IS NOT NULL`).toEqual([
      { actor: "system" },
    ]);
  });

  it("keeps serving the page while the database is away, after a restart too, and 404s the addresses that hold none", async () => {
    // A third instance serves the page once, so its folder keeps the page's last rendering (decision 027).
    const dataDir = mkdtempSync(path.join(tmpdir(), "replywise-campaign-restart-"));
    const env = { DATABASE_URL: pg.url, DATA_DIR: dataDir, SECRET_KEY: "c".repeat(40), TRUST_PROXY: "loopback" };
    let c = await startServer(env);
    expect(await h1Of(await fetch(`${c.url}/agencies`))).toBe(VARIANT_B);
    // A rendering made while the content changed is answered, not kept: asked again until one is on disk.
    const kept = () => readdirSync(path.join(dataDir, "pages"), { recursive: true }).some((file) => String(file).endsWith(".page"));
    await expect
      .poll(async () => {
        await (await fetch(`${c.url}/agencies`)).arrayBuffer();
        return kept();
      }, within5s)
      .toBe(true);
    await c.stop();
    await pg.stop();
    try {
      expect(await h1Of(await fetch(`${b.url}/agencies`))).toBe(VARIANT_B);
      const tagged = await fetch(`${b.url}/agencies?utm_source=linkedin`);
      expect(tagged.status).toBe(200);
      expect((await fetch(`${b.url}/no-page-here`)).status).toBe(404);
      // Started again while the database is away, it answers the page from its folder.
      c = await startServer(env);
      const restarted = await fetch(`${c.url}/agencies`);
      expect(restarted.status).toBe(200);
      expect(await h1Of(restarted)).toBe(VARIANT_B);
    } finally {
      await c.stop();
      rmSync(dataDir, { recursive: true, force: true });
      await pg.start();
    }
  });

  it("unpublishes: 404 on both instances within 5 s, out of the sitemap, the address still the page's", async () => {
    const unpublished = await editor.send(pageId, "unpublish");
    expect(unpublished.status).toBe(200);
    await expect.poll(async () => (await fetch(`${b.url}/agencies`)).status, within5s).toBe(404);
    expect(await (await fetch(`${b.url}/sitemap.xml`)).text()).not.toContain("/agencies<");
    expect(await editor.create("/agencies", "Taken again")).toHaveProperty("refused");
  });
});

const VARIANT_B = "Every reply answered within five minutes, for every client";

/** The new-experiment form: the hero split in two, B with another headline. */
function experimentForm(block: string, shareA: number, shareB: number): Record<string, string> {
  return {
    block,
    name: "Hero headline: clients vs minutes",
    goal: "demos",
    "variant.a.name": "As published",
    "variant.a.share": String(shareA),
    "variant.b.name": "Five minutes",
    "variant.b.share": String(shareB),
    "variant.b.eyebrow": "Reply handling for agencies",
    "variant.b.headline": VARIANT_B,
    "variant.b.intro": "Replywise answers the replies to your clients' campaigns like a person would and books the meetings.",
    "variant.b.cta.label": "Book a demo",
    "variant.b.cta.target": "/demo",
    "variant.b.scene": "",
  };
}

describe("campaign pages on PGlite", () => {
  let server: RunningServer;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "replywise-campaign-"));
    await addOperators({ dataDir }, ACCOUNTS);
    server = await startServer({ DATA_DIR: dataDir });
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("publishes a page of blocks, serves it from the cache, refuses its address in another case, and unpublishes it", async () => {
    const editor = await pageEditorSession(server.url, EDITOR);
    const id = await publishedPage(editor, "/vs/another-tool");
    const page = await fetch(`${server.url}/vs/another-tool`);
    expect(page.status).toBe(200);
    expect(await h1Of(page)).toBe(HEADLINE);
    expect(await editor.create("/VS/Another-Tool", "Twice")).toHaveProperty("refused");
    expect((await editor.send(id, "unpublish")).status).toBe(200);
    expect((await fetch(`${server.url}/vs/another-tool`)).status).toBe(404);
  });

  it("publishes a page scheduled before a SIGKILL once, after the restart", async () => {
    const editor = await pageEditorSession(server.url, EDITOR);
    const created = await editor.create("/events/after-a-kill", "Replies answered after a restart");
    if (!("id" in created)) throw new Error(`not created: ${created.refused.slice(0, 300)}`);
    await editor.addBlock(created.id, "hero");
    const at = new Date(Date.now() + 2000);
    const scheduled = await editor.send(created.id, "schedule", {
      description: DESCRIPTION,
      "block.hero-1.headline": HEADLINE,
      publishAtLocal: at.toISOString().slice(0, 19),
    });
    expect(await scheduled.text()).toContain("Scheduled for");

    await server.kill();
    // Started again once its time has passed: the job came due while no server ran.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, at.getTime() - Date.now() + 100)));
    server = await startServer({ DATA_DIR: dataDir, OUTBOX_POLL_SECONDS: "0.5" });
    const status = async () => (await fetch(`${server.url}/events/after-a-kill`)).status;
    await expect.poll(status, { timeout: 20_000, interval: 250 }).toBe(200);
    expect(await h1Of(await fetch(`${server.url}/events/after-a-kill`))).toBe(HEADLINE);
    await server.stop();

    // Once: one audit line, by the system (read while no server holds the folder).
    const { openDatabase } = await import("~/lib/db/client.server");
    const { sql } = await import("drizzle-orm");
    const handle = await openDatabase({ dataDir });
    const { rows } = (await handle.db.execute(
      sql`SELECT actor FROM audit_log WHERE action = 'campaign-page-published' AND detail->>'scheduled' IS NOT NULL`,
    )) as unknown as { rows: { actor: string }[] };
    await handle.close();
    expect(rows).toEqual([{ actor: "system" }]);
    server = await startServer({ DATA_DIR: dataDir });
  }, 60_000);
});
