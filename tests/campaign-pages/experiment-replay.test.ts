import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/lib/db/client.server";
import { rowsOf } from "~/lib/db/rows.server";
import { startServer, type RunningServer } from "../support/serve-build";
import { calBody, postCal } from "../support/server/bookings";
import { formFields, pageEditorSession, type PageEditorSession } from "../support/server/campaign-pages";
import type { Driver } from "../support/server/harness";
import { addOperators, OPERATOR_PASSWORD, operatorSession, sessionCookie, type OperatorPost } from "../support/server/operators";
import { parseHtml, textOf } from "../support/server/page-document";
import { createTestDatabase, type TestDatabase } from "../support/server/postgres";
import { random } from "../support/random";

// An experiment counted right (docs/decisions/048), through the built server on both databases: 4,000 scripted visits,
// each from an address and a browser of its own, to a campaign page whose hero is split 30/70. Each visit reads the
// variant it saw from the headline, sees it again on every later request, and a known subset converts as people do:
// a download through the page's own form, leads moved on by the sales team in the console, demos booked through the
// booking link and the booking service's signed webhook. The report must give, per variant, exactly what the script
// counted by hand, the split within 3 points of the shares, and nothing about a visitor may be left in the database.

const VISITS = 4_000;
/** Requests in flight at once: a busy site's worth, within what the 2-core machine answers in seconds. */
const CONCURRENCY = 16;
const SHARES = { a: 30, b: 70 } as const;
type VariantKey = keyof typeof SHARES;
const VARIANTS = Object.keys(SHARES) as VariantKey[];
/** Variant B's headline: how a visit tells which variant it saw. */
const B_HEADLINE = "Every cold email reply answered while the lead is still warm";
const CAL_SECRET = "cal-webhook-secret-0123456789abcdef";
const EDITOR = { email: "replay.editor@replywise.example", password: OPERATOR_PASSWORD, role: "editor" as const };
const SALES = { email: "replay.sales@replywise.example", password: OPERATOR_PASSWORD, role: "sales" as const };
/** A crawler: it sees the page as published, and is no visit (decision 048). */
const CRAWLER = { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" };

const USER_AGENTS = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0",
];

/**
 * What the script does after a visit's first look, by the variant seen: B brings more, as the experiment hopes. Enough
 * for every figure of both variants to be well above zero (A's fewest, won: about 11 expected), and no more: each
 * conversion is a form post or a booking and a lead moved in the console, most of the replay's time in the gate.
 */
const DOWNLOAD_RATE: Record<VariantKey, number> = { a: 0.03, b: 0.045 };
const BOOKING_RATE: Record<VariantKey, number> = { a: 0.02, b: 0.03 };
/** Where the sales team moves a download lead (cumulative chances; the rest stay new) and a booked demo's lead. */
const DOWNLOAD_STAGES = [
  [0.2, "contacted"],
  [0.4, "qualified"],
  [0.5, "won"],
  [0.6, "lost"],
] as const;
const DEMO_WON = 0.3;
/** Stages counted as qualified: qualified or further in the pipeline (figures.server.ts). */
const QUALIFIED_OR_FURTHER = ["qualified", "meeting-booked", "won"];

/** Runs `work` over the items, `limit` at a time. */
async function inTurn<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

interface Visit {
  index: number;
  headers: Record<string, string>;
  email: string;
  name: string;
  /** The variant of each request of the page, in order. */
  seen: VariantKey[];
  /** The page as first seen (kept only for the visits that use its form). */
  html?: string;
  download: (typeof DOWNLOAD_STAGES)[number][1] | "new" | null;
  demo: "meeting-booked" | "won" | null;
}

interface Figures {
  visits: number;
  leads: number;
  qualified: number;
  demosBooked: number;
  won: number;
}

/** The hand count: what each visit saw and did, per variant. */
function handCount(visits: readonly Visit[]): Record<VariantKey, Figures> {
  const count = Object.fromEntries(VARIANTS.map((key) => [key, { visits: 0, leads: 0, qualified: 0, demosBooked: 0, won: 0 }])) as Record<
    VariantKey,
    Figures
  >;
  for (const visit of visits) {
    const figures = count[visit.seen[0]!];
    figures.visits++;
    for (const stage of [visit.download, visit.demo]) {
      if (stage === null) continue;
      figures.leads++;
      if (QUALIFIED_OR_FURTHER.includes(stage)) figures.qualified++;
      if (stage === "won") figures.won++;
    }
    if (visit.demo) figures.demosBooked++;
  }
  return count;
}

const REPORT_COLUMNS: Record<string, keyof Figures> = {
  Visits: "visits",
  Leads: "leads",
  Qualified: "qualified",
  "Demos booked": "demosBooked",
  Won: "won",
};

/** The report's table as an account sees it: each variant's figures by the columns' labels ("1,234 (30%)" is 1234). */
function reportFigures(html: string): Record<string, Partial<Figures>> {
  const doc = parseHtml(html);
  const labels = [...doc.querySelectorAll("thead th")].map((cell) => textOf(cell));
  const rows: Record<string, Partial<Figures>> = {};
  for (const row of doc.querySelectorAll("tr[data-variant]")) {
    const cells = [...row.querySelectorAll("th, td")].map((cell) => textOf(cell));
    const figures: Partial<Figures> = {};
    labels.forEach((label, index) => {
      const key = REPORT_COLUMNS[label];
      if (key) figures[key] = Number(cells[index]!.split(" ")[0]!.replaceAll(",", ""));
    });
    rows[row.getAttribute("data-variant")!] = figures;
  }
  return rows;
}

describe.each<Driver>(["postgres", "pglite"])("an experiment's replay on %s", (driver) => {
  let pg: TestDatabase | null = null;
  let dataDir = "";
  let server: RunningServer;
  let editor: PageEditorSession;
  let pagePath: string;
  let aHeadline: string;
  /** The page's headline as a request without a visit gets it. */
  const headlineOf = async (headers: Record<string, string>) => {
    const response = await fetch(`${server.url}${pagePath}`, { headers });
    expect(response.status).toBe(200);
    const html = await response.text();
    return { html, headline: /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] };
  };
  let experimentId: number;
  const visits: Visit[] = [];

  beforeAll(async () => {
    pg = driver === "postgres" ? await createTestDatabase() : null;
    if (!pg) dataDir = mkdtempSync(path.join(tmpdir(), "replywise-replay-"));
    await addOperators(pg ? { databaseUrl: pg.url } : { dataDir }, [EDITOR, SALES]);
    server = await startServer({
      ...(pg ? { DATABASE_URL: pg.url } : { DATA_DIR: dataDir }),
      // Each visit comes through the proxy on loopback, which names its address.
      TRUST_PROXY: "loopback",
      FORM_MIN_FILL_SECONDS: "0",
      // Each address posts once; the form-wide ceiling is for a botnet, not for this replay's few hundred.
      RATE_LIMIT_MAX: "1000",
      RATE_LIMIT_FORM_MAX: "100000",
      ANALYTICS_FLUSH_MS: "200",
      BOOKING_PROVIDER: "cal",
      CAL_WEBHOOK_SECRET: CAL_SECRET,
    });

    // The editor builds the page in the console, publishes it, and splits its hero.
    editor = await pageEditorSession(server.url, EDITOR.email);
    pagePath = `/replay-${driver}`;
    const created = await editor.create(pagePath, "Replies answered for agencies");
    expect(created).toHaveProperty("id");
    const pageId = (created as { id: number }).id;
    const hero = await editor.addBlock(pageId, "hero");
    await editor.addBlock(pageId, "download-form");
    aHeadline = (await editor.fields(pageId))[`block.${hero}.headline`]!;
    const published = await editor.send(pageId, "publish", {
      description: "Replywise answers your agency's cold email replies in minutes and books the meetings for your clients.",
    });
    expect(published.status).toBe(200);
    // Live and kept in the page cache as one version before the split starts.
    expect((await headlineOf(CRAWLER)).headline).toBe(aHeadline);

    const start = `/console/pages/${pageId}/experiment?block=${hero}`;
    const { csrf: _token, ...form } = formFields(await (await editor.get(start)).text(), 'form[aria-label="New experiment"]');
    const started = await editor.post(start, {
      ...form,
      name: "Hero headline: warm leads vs inbox management",
      goal: "demos",
      "variant.a.share": String(SHARES.a),
      "variant.b.name": "Warm leads",
      "variant.b.share": String(SHARES.b),
      "variant.b.headline": B_HEADLINE,
    });
    expect(started.status, await started.clone().text()).toBe(303);
    experimentId = Number(/\/console\/experiments\/(\d+)$/.exec(started.headers.get("location") ?? "")?.[1]);
    expect(experimentId).toBeGreaterThan(0);
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await pg?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  // About 20 s a database alone on the 2-core machine; the whole server suite beside it can triple that.
  it(`reports per variant exactly the hand count of ${VISITS.toLocaleString("en-US")} scripted visits, each seeing one variant all visit, split as the shares say`, async () => {
    const pageUrl = `${server.url}${pagePath}`;
    for (let index = 0; index < VISITS; index++) {
      const number = index + 1;
      visits.push({
        index,
        // 10.0.0.1 onwards: an address of its own, a browser from a small set.
        headers: {
          "X-Forwarded-For": `10.${(number >> 16) & 255}.${(number >> 8) & 255}.${number & 255}`,
          "User-Agent": USER_AGENTS[index % USER_AGENTS.length]!,
        },
        email: `replay.visitor.${number}@example.com`,
        name: `Replay Visitor ${number}`,
        seen: [],
        download: null,
        demo: null,
      });
    }

    /** One request of the page as the visit's browser makes it: which variant the headline says. */
    async function look(visit: Visit, keep = false) {
      const { html, headline } = await headlineOf(visit.headers);
      expect([aHeadline, B_HEADLINE]).toContain(headline);
      visit.seen.push(headline === B_HEADLINE ? "b" : "a");
      if (keep) visit.html = html;
    }

    // Every visit looks at the page and again; the first look decides what the script has it do.
    await inTurn(visits, CONCURRENCY, async (visit) => {
      await look(visit, true);
      await look(visit);
      // The visit's rolls depend on its number alone, whatever the order of requests.
      const roll = random(visit.index + 1);
      const variant = visit.seen[0]!;
      if (roll() < DOWNLOAD_RATE[variant]) {
        const move = roll();
        visit.download = DOWNLOAD_STAGES.find(([upTo]) => move < upTo)?.[1] ?? "new";
      }
      if (roll() < BOOKING_RATE[variant]) visit.demo = roll() < DEMO_WON ? "won" : "meeting-booked";
      if (!visit.download) delete visit.html;
    });
    expect((await headlineOf(CRAWLER)).headline).toBe(aHeadline);

    // The conversions, as each visit's browser: the page's own download form, the booking link, then the booking
    // service's signed delivery naming the visit's reference.
    const converting = visits.filter((visit) => visit.download || visit.demo);
    await inTurn(converting, CONCURRENCY, async (visit) => {
      if (visit.download) {
        const selector = 'form[data-lead-form="download"]:not([data-continue-as])';
        const action = parseHtml(visit.html!).querySelector(selector)!.getAttribute("action")!;
        const fields = { ...formFields(visit.html!, selector), name: visit.name, email: visit.email };
        const answer = await fetch(new URL(action, pageUrl), {
          method: "POST",
          redirect: "manual",
          headers: { ...visit.headers, "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Referer: pageUrl },
          body: new URLSearchParams(fields),
        });
        expect(answer.status, visit.email).toBe(200);
        delete visit.html;
      }
      if (visit.demo) {
        const go = await fetch(`${server.url}/go/book`, {
          redirect: "manual",
          headers: { ...visit.headers, "Sec-Fetch-Site": "same-origin", Referer: pageUrl },
        });
        expect(go.status).toBe(302);
        const ref = new URL(go.headers.get("location")!).searchParams.get("metadata[ref]");
        // The booking link never waits long for its reference (decision 028): on a loaded machine a visitor may leave
        // without one, and a booking made so joins no visit. This one books nothing, and counts as none.
        if (ref === null) {
          visit.demo = null;
          return;
        }
        expect(ref, visit.email).toMatch(/^rw-/);
        const body = calBody("booking-created", {
          uid: `replay-${driver}-${visit.index}`,
          email: visit.email,
          name: visit.name,
          ref: ref!,
        });
        expect((await postCal(server.url, body, CAL_SECRET)).status).toBe(200);
      }
    });

    // The sales team finds each lead in the console's list and moves it through the lead page's own form.
    const salesCookie = await sessionCookie(server.url, SALES.email, SALES.password);
    const asSales = (target: string) => fetch(`${server.url}${target}`, { headers: { Cookie: salesCookie } });
    const salesPost: OperatorPost = await operatorSession(server.url, SALES.email, SALES.password, "/console/leads");
    async function leadIds(kind: "download" | "demo") {
      const ids = new Map<string, number>();
      for (let page = 1; ; page++) {
        const doc = parseHtml(await (await asSales(`/console/leads?type=${kind}&page=${page}`)).text());
        const before = ids.size;
        for (const link of doc.querySelectorAll(`a[href^="/console/leads/${kind}/"]`)) {
          const email = /replay\.visitor\.\d+@example\.com/.exec(textOf(link.closest("li")))?.[0];
          if (email) ids.set(email, Number(link.getAttribute("href")!.split("/").at(-1)));
        }
        if (ids.size === before) return ids;
      }
    }
    const leads = { download: await leadIds("download"), demo: await leadIds("demo") };
    const moves = converting.flatMap((visit) => [
      ...(visit.download && visit.download !== "new" ? [{ visit, kind: "download" as const, stage: visit.download }] : []),
      ...(visit.demo === "won" ? [{ visit, kind: "demo" as const, stage: visit.demo }] : []),
    ]);
    // Every scripted lead is in the console, one each (none held as spam, none merged).
    for (const kind of ["download", "demo"] as const)
      expect([...leads[kind].keys()].sort(), kind).toEqual(
        converting
          .filter((visit) => visit[kind])
          .map((visit) => visit.email)
          .sort(),
      );
    await inTurn(moves, CONCURRENCY, async ({ visit, kind, stage }) => {
      const lead = `/console/leads/${kind}/${leads[kind].get(visit.email)}`;
      const { csrf: _token, ...form } = formFields(await (await asSales(lead)).text(), 'form:has(input[name="intent"][value="move"])');
      const moved = await salesPost(lead, { ...form, stage });
      expect(moved.status, `${lead} to ${stage}`).toBe(303);
    });

    // Later in the run, a tenth of the visits come back to the page: still the variant they saw first.
    await inTurn(
      visits.filter((visit) => visit.index % 10 === 0),
      CONCURRENCY,
      (visit) => look(visit),
    );
    const changed = visits.filter((visit) => new Set(visit.seen).size !== 1);
    expect(changed.map((visit) => `${visit.headers["X-Forwarded-For"]}: ${visit.seen.join(" ")}`)).toEqual([]);

    // Page views are written in order every 200 ms: once a later visit's campaign shows in the reports, every view of
    // the page before it is in the database.
    const flushed = `replay-flushed-${driver}`;
    const last = { "X-Forwarded-For": "10.255.255.254", "User-Agent": USER_AGENTS[0]! };
    expect((await fetch(`${server.url}/pricing?utm_source=replay&utm_campaign=${flushed}`, { headers: last })).status).toBe(200);
    await expect
      .poll(async () => textOf(parseHtml(await (await asSales("/console/reports")).text()).body), { timeout: 20_000, interval: 200 })
      .toContain(flushed);

    // A batch written early (500 views waiting) may still be committing after a later one: the report is read once it
    // holds every visit, then compared whole.
    const expected = handCount(visits);
    const readReport = async () => reportFigures(await (await asSales(`/console/experiments/${experimentId}`)).text());
    const visitsIn = (figures: Awaited<ReturnType<typeof readReport>>) =>
      VARIANTS.reduce((sum, key) => sum + (figures[key]?.visits ?? 0), 0);
    await expect.poll(async () => visitsIn(await readReport()), { timeout: 30_000, interval: 250 }).toBe(VISITS);
    // The report as the sales team reads it: every figure the script counted by hand, per variant.
    const report = await readReport();
    expect(report).toEqual(expected);
    for (const key of VARIANTS) for (const figure of Object.values(expected[key])) expect(figure, key).toBeGreaterThan(0);
    // An editor reads the same visits, and no lead count.
    const asEditor = reportFigures(await (await editor.get(`/console/experiments/${experimentId}`)).text());
    expect(asEditor).toEqual(Object.fromEntries(VARIANTS.map((key) => [key, { visits: expected[key].visits }])));
    // The split: within 3 points of the shares.
    for (const key of VARIANTS) expect(Math.abs((100 * report[key]!.visits!) / VISITS - SHARES[key]), key).toBeLessThanOrEqual(3);
  }, 300_000);

  it("keeps nothing about a visitor: no address, no user agent, and no table growing per visit but the page views", async () => {
    await server.stop();
    const handle = await openDatabase(pg ? { databaseUrl: pg.url } : { dataDir });
    try {
      const tables = rowsOf<{ name: string }>(
        await handle.db.execute(sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'`),
      );
      let dump = "";
      const counts: Record<string, number> = {};
      for (const { name } of tables) {
        const [table] = rowsOf<{ lines: string | null; n: number }>(
          await handle.db.execute(sql.raw(`SELECT string_agg(row_to_json(t)::text, E'\\n') AS lines, count(*)::int AS n FROM "${name}" t`)),
        );
        dump += `${table?.lines ?? ""}\n`;
        counts[name] = Number(table?.n ?? 0);
      }
      expect(dump).toContain(pagePath);
      for (const agent of USER_AGENTS) expect(dump).not.toContain(agent);
      expect(dump).not.toMatch(/Mozilla\/|AppleWebKit|Gecko\//);
      expect(dump).not.toMatch(/\b10\.\d{1,3}\.\d{1,3}\.\d{1,3}\b/);

      // The page views: one a request of the page (a row may stand for a visit's repeats), each under the visit's daily
      // id, the one thing kept per visitor.
      const [views] = rowsOf<{ views: number; visitors: number }>(
        await handle.db.execute(
          sql`SELECT sum(views)::int AS views, count(DISTINCT visitor)::int AS visitors FROM analytics_page_views WHERE path = ${pagePath}`,
        ),
      );
      expect(views).toEqual({ views: visits.reduce((sum, visit) => sum + visit.seen.length, 0), visitors: VISITS });
      // A table that kept anything per visit would hold a row for each visit that only looked; none but the page views do.
      const lookedOnly = visits.filter((visit) => !visit.download && !visit.demo).length;
      const growing = Object.entries(counts).filter(([name, count]) => name !== "analytics_page_views" && count >= lookedOnly);
      expect(growing).toEqual([]);
    } finally {
      await handle.close();
    }
  }, 60_000);
});
