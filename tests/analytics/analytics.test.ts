import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAnalytics, type Analytics, deviceOf, type Hit, buildReport } from "~/features/analytics/index.server";
import { GOAL_LABELS, type ReportTable, type Goal } from "~/features/analytics";
import { openDatabase, type DatabaseHandle } from "~/lib/db/client.server";
import { migrate } from "~/lib/db/migrate.server";
import { rowsOf } from "~/lib/db/rows.server";
import { LEAD_STAGES, PIPELINE_STAGES, type LeadStage } from "~/features/leads";
import { eraseSubject } from "~/features/data-requests/index.server";
import { openMigratedMemoryDatabase } from "../support/pglite-template";
import { startServer, type RunningServer } from "../support/serve-build";
import { openHarness, type Driver } from "../support/server/harness";
import { addOperators, OPERATOR_PASSWORD, sessionCookie } from "../support/server/operators";
import { named, parseHtml, textOf } from "../support/server/page-document";
import { createTestDatabase, type TestDatabase } from "../support/server/postgres";
import { random } from "../support/random";

// The server-side analytics (docs/decisions/021) against a replay with known answers: synthetic visits (pages, sources,
// campaigns, click ids, devices, repeat visitors on one day and across days, goals) mixed with what must not count
// (bots, prefetches, the console, HEAD, POST, errors, redirects, other content), recorded through the same function the
// middleware calls, batched, over three days of a moved clock: two rolled up, one read raw. Every report must give
// exactly what an independent count of the replay gives; no address or user agent may be left in the database.

const DAY_MS = 86_400_000;
const START = Date.UTC(2030, 2, 1);
const dayOf = (index: number) => new Date(START + index * DAY_MS).toISOString().slice(0, 10);
const PATHS = ["/", "/pricing", "/features", "/blog", "/blog/first-post", "/contact", "/demo", "/resources", "/about"];
const USER_AGENTS = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
];
const BOTS = [
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
  "curl/8.5.0",
];
/** [referer, query] pairs: direct, search, another site, this site (no referral), campaigns, ad clicks. */
const ARRIVALS: [string | undefined, string][] = [
  [undefined, ""],
  ["https://www.google.com/", ""],
  ["https://news.ycombinator.com/item?id=1", ""],
  ["http://localhost/pricing", ""],
  [undefined, "utm_source=newsletter&utm_medium=email&utm_campaign=spring-launch"],
  ["https://www.linkedin.com/", "utm_source=linkedin&utm_medium=social&utm_campaign=spring-launch&utm_content=carousel"],
  ["https://www.google.com/", "utm_source=google&utm_medium=cpc&utm_campaign=brand&utm_term=inbox+replies&gclid=abc123"],
  [undefined, "fbclid=xyz&utm_source=facebook&utm_campaign=retargeting"],
  [undefined, "msclkid=1"],
  ["https://lnkd.in/abc", ""],
  ["https://www.partner-blog.example/post", "utm_source=Partner-Blog&utm_medium=affiliate"],
];

/** Each arrival's source and channel, written out by hand: google tagged and google linked are one source. */
const ARRIVAL_SOURCES: [source: string, channel: string][] = [
  ["(direct)", "Direct"],
  ["google", "Search"],
  ["news.ycombinator.com", "Referral"],
  ["(direct)", "Direct"],
  ["newsletter", "Email"],
  ["linkedin", "Social"],
  ["google", "Paid"],
  ["facebook", "Social"],
  ["(direct)", "Paid"],
  ["linkedin", "Social"],
  ["partner-blog", "Referral"],
];

interface Person {
  address: string;
  userAgent: string;
}

interface Expected {
  /** Per visit (day|person): entry, source, campaign, device, click, views, and the goals reached. */
  visits: Map<
    string,
    {
      day: string;
      entry: string;
      source: string;
      channel: string;
      medium: string;
      campaign: string;
      term: string;
      content: string;
      device: string;
      click: string;
      paths: string[];
      goals: Map<Goal, number>;
    }
  >;
  goalOnly: Map<string, Map<Goal, number>>;
}

/** Generates the replay and records it day by day; returns what an independent count says every report must show. */
async function replay(analytics: Analytics, setNow: (ms: number) => void, visitCount: number, maintain: () => Promise<void>) {
  const next = random(22);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const people: Person[] = Array.from({ length: Math.round(visitCount * 0.6) }, (_, index) => ({
    address: index % 7 === 0 ? `2001:db8::${index.toString(16)}` : `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
    userAgent: USER_AGENTS[index % USER_AGENTS.length]!,
  }));
  const expected: Expected = { visits: new Map(), goalOnly: new Map() };
  const staffPerson = people[0]!;

  for (let dayIndex = 0; dayIndex < 3; dayIndex++) {
    const day = dayOf(dayIndex);
    const dayStart = START + dayIndex * DAY_MS;
    setNow(dayStart + 1000);
    await maintain();
    // Visits of this day: each a person (often one already seen, that day or another), an arrival and 1 to 3 pages.
    type Planned =
      { at: number; hit: Hit; visitKey: string | null; arrival?: number } | { at: number; goal: Goal; person: Person; key: string | null };
    const planned: Planned[] = [];
    const perDay = Math.round(visitCount / 3);
    for (let v = 0; v < perDay; v++) {
      const personIndex = dayIndex === 2 && v === 0 ? 0 : Math.floor(next() * people.length);
      const person = people[personIndex]!;
      const key = `${day}|${personIndex}`;
      const arrival = Math.floor(next() * ARRIVALS.length);
      const [referer, query] = ARRIVALS[arrival]!;
      const start = dayStart + 60_000 + Math.floor(next() * (DAY_MS - 3_600_000));
      const pages = 1 + Math.floor(next() * 3);
      let at = start;
      for (let p = 0; p < pages; p++) {
        const path = p === 0 ? pick(PATHS) : pick(PATHS);
        const hit: Hit = {
          at: new Date(at),
          method: "GET",
          path,
          search: p === 0 ? query : "",
          status: 200,
          contentType: "text/html; charset=utf-8",
          address: person.address,
          userAgent: person.userAgent,
          referer: p === 0 ? referer : `http://localhost${path}`,
          purpose: undefined,
        };
        planned.push({ at, hit, visitKey: key, arrival });
        at += 1000 + Math.floor(next() * 30_000);
      }
      const roll = next();
      const goal: Goal | null =
        roll < 0.1 ? "download" : roll < 0.15 ? "outbound:register" : roll < 0.17 ? "outbound:book" : roll < 0.2 ? "lead:contact" : null;
      if (goal === "download") {
        planned.push({
          at,
          hit: {
            ...(planned.at(-1) as { hit: Hit }).hit,
            at: new Date(at),
            path: "/resources/guide.pdf",
            contentType: "application/pdf",
            search: "",
          },
          visitKey: key,
        });
      } else if (goal) planned.push({ at, goal, person, key });
      // What must not count, beside the visit.
      const noise = next();
      const base = (planned.findLast((entry) => "hit" in entry) as { hit: Hit }).hit;
      if (noise < 0.03) planned.push({ at, hit: { ...base, userAgent: pick(BOTS) }, visitKey: null });
      else if (noise < 0.05) planned.push({ at, hit: { ...base, purpose: pick(["prefetch", "prefetch;prerender"]) }, visitKey: null });
      else if (noise < 0.06) planned.push({ at, hit: { ...base, path: "/console/reports" }, visitKey: null });
      else if (noise < 0.07) planned.push({ at, hit: { ...base, method: "HEAD" }, visitKey: null });
      else if (noise < 0.08) planned.push({ at, hit: { ...base, method: "POST" }, visitKey: null });
      else if (noise < 0.085) planned.push({ at, hit: { ...base, status: pick([404, 302, 500]) }, visitKey: null });
      // A file the browser already holds is no new download.
      else if (noise < 0.09)
        planned.push({ at, hit: { ...base, status: 304, path: "/resources/guide.pdf", contentType: "application/pdf" }, visitKey: null });
      else if (noise < 0.1) planned.push({ at, hit: { ...base, path: "/assets/app.js", contentType: "text/javascript" }, visitKey: null });
      else if (noise < 0.105) planned.push({ at, goal: "outbound:register", person: { ...person, userAgent: pick(BOTS) }, key: null });
    }
    // Clicks out from people with no page view that day (a link in an email).
    for (let g = 0; g < perDay / 100; g++) {
      const personIndex = Math.floor(next() * people.length);
      planned.push({ at: dayStart + 30_000, goal: "outbound:book", person: people[personIndex]!, key: `${day}|${personIndex}` });
    }
    planned.sort((a, b) => a.at - b.at);

    // The independent count. A visit is a person on a day; its first page view says where it came from. Goals join
    // the visit of their person and day, whenever they happen in it.
    for (const entry of planned) {
      if (!("hit" in entry) || !entry.visitKey || !entry.hit.contentType.startsWith("text/html")) continue;
      const { hit } = entry;
      const query = new URLSearchParams(hit.search);
      let visit = expected.visits.get(entry.visitKey);
      if (!visit) {
        const [source, channel] = ARRIVAL_SOURCES[entry.arrival!]!;
        visit = {
          day,
          entry: hit.path,
          source,
          channel,
          medium: query.get("utm_medium") ?? "(none)",
          campaign: query.get("utm_campaign") ?? "(none)",
          term: query.get("utm_term") ?? "(none)",
          content: query.get("utm_content") ?? "(none)",
          device: deviceOf(hit.userAgent!),
          click: ["gclid", "fbclid", "msclkid", "li_fat_id"].find((name) => query.has(name)) ?? "(none)",
          paths: [],
          goals: new Map(),
        };
        expected.visits.set(entry.visitKey, visit);
      }
      visit.paths.push(hit.path);
    }
    for (const entry of planned) {
      const reached = "hit" in entry ? (entry.visitKey && !entry.hit.contentType.startsWith("text/html") ? "download" : null) : entry.goal;
      const key = "hit" in entry ? entry.visitKey : entry.key;
      if (!reached || !key) continue;
      const visit = expected.visits.get(key);
      const goals = visit ? visit.goals : (expected.goalOnly.get(key) ?? new Map<Goal, number>());
      goals.set(reached, (goals.get(reached) ?? 0) + 1);
      if (!visit) expected.goalOnly.set(key, goals);
    }

    // Recorded in time order, as the server would, written in batches.
    let sinceFlush = 0;
    for (const entry of planned) {
      setNow(entry.at);
      if ("hit" in entry) analytics.record(entry.hit);
      else if (entry.goal === "lead:contact") {
        const visitor = await analytics.visitorOf(entry.person.address, entry.person.userAgent);
        analytics.goal("lead:contact", { visitor: visitor! });
      } else analytics.goal(entry.goal, { address: entry.person.address, userAgent: entry.person.userAgent });
      if (++sinceFlush === 20_000) {
        sinceFlush = 0;
        await analytics.flush();
      }
    }
    await analytics.flush();
  }

  // An operator signs in on the last day: that browser's visits of the day are not counted.
  await analytics.excludeOperator(staffPerson.address, staffPerson.userAgent);
  expected.visits.delete(`${dayOf(2)}|0`);
  expected.goalOnly.delete(`${dayOf(2)}|0`);
  return expected;
}

/** A table's rows as { value: row } for comparison, keyed by `keyOf`. */
const rowsBy = (table: ReportTable, pick: string[], keyOf = (row: Record<string, unknown>) => String(row.value)) =>
  Object.fromEntries(table.rows.map((row) => [keyOf(row), Object.fromEntries(pick.map((key) => [key, row[key]]))]));

function countBy<T>(items: Iterable<T>, key: (item: T) => string, add: (total: Record<string, number>, item: T) => void) {
  const groups: Record<string, Record<string, number>> = {};
  for (const item of items) add((groups[key(item)] ??= {}), item);
  return groups;
}

// The large replay on PostgreSQL, which production runs; the same rules on PGlite at a tenth of the size (a WebAssembly
// database on the test's own thread took 76 s for the large one under CI's load).
describe.each<[Driver, number]>([
  ["postgres", 100_000],
  ["pglite", 10_000],
])("server-side analytics on %s", (driver, visitCount) => {
  let pg: TestDatabase | null = null;
  let handle: DatabaseHandle;
  let clock = START;
  let analytics: Analytics;

  beforeAll(async () => {
    pg = driver === "postgres" ? await createTestDatabase() : null;
    if (pg) {
      handle = await openDatabase({ databaseUrl: pg.url });
      await migrate(handle.db);
    } else handle = await openMigratedMemoryDatabase();
    analytics = createAnalytics(handle.db, {
      enabled: true,
      retentionDays: 400,
      flushMs: 3_600_000,
      batchSize: 1_000_000,
      ownHosts: ["localhost"],
      now: () => clock,
    });
  }, 120_000);
  afterAll(async () => {
    await analytics?.close();
    await handle?.close();
    await pg?.destroy();
  });

  it(`counts a replay of ${visitCount.toLocaleString("en-US")} visits exactly, in every report, and keeps no address or user agent`, async () => {
    const expected = await replay(
      analytics,
      (ms) => (clock = ms),
      visitCount,
      async () => void (await analytics.maintain()),
    );
    // Leads with stages and where they came from, in the period, plus one before it.
    const stages: LeadStage[] = [];
    for (let index = 0; index < 140; index++) {
      const stage = LEAD_STAGES[index % LEAD_STAGES.length]!;
      stages.push(stage);
      await handle.db
        .execute(sql`INSERT INTO contact_requests (name, email, message, created_at, landing_page, utm_source, referrer, utm_campaign, stage)
        VALUES ('Lead', ${`lead${index}@example.com`}, 'Hello', ${new Date(START + (index % 3) * DAY_MS + 3_600_000).toISOString()}::timestamptz,
          ${index % 2 ? "/pricing" : null}, ${index % 3 === 0 ? "linkedin" : null}, ${index % 5 === 0 ? "www.google.com" : null},
          ${index % 4 === 0 ? "spring-launch" : null}, ${stage})`);
    }
    await handle.db.execute(
      sql`INSERT INTO resource_leads (name, email, resource_id, resource_title, downloaded_at) VALUES ('Old', 'old@example.com', 'guide', 'Guide', ${new Date(START - DAY_MS).toISOString()}::timestamptz)`,
    );
    // Newsletter sign-ups: a lead once confirmed (then unsubscribed or not), not while the address is unconfirmed.
    const signedUp = new Date(START + 3_600_000).toISOString();
    for (const [email, status, confirmed] of [
      ["confirmed@example.com", "confirmed", true],
      ["left@example.com", "unsubscribed", true],
      ["pending@example.com", "pending", false],
    ] as const) {
      await handle.db.execute(sql`INSERT INTO newsletter_subscribers (email, source, status, created_at, confirmed_at)
        VALUES (${email}, '/blog', ${status}, ${signedUp}::timestamptz, ${confirmed ? signedUp : null}::timestamptz)`);
    }

    clock = START + 2 * DAY_MS + 23 * 3_600_000;
    await analytics.maintain();
    const rolled = rowsOf<{ day: string }>(await handle.db.execute(sql`SELECT day::text AS day FROM analytics_rolled_days ORDER BY day`));
    expect(rolled.map((row) => row.day)).toEqual([dayOf(0), dayOf(1)]);

    const report = await buildReport(handle.db, { from: dayOf(0), to: dayOf(2) });
    const table = (id: string) => report.tables.find((candidate) => candidate.id === id)!;
    const visits = [...expected.visits.values()].map((visit) => ({ ...visit, views: visit.paths.length }));

    // Over time.
    const perDay = countBy(
      visits,
      (visit) => visit.day,
      (total, visit) => {
        total.visitors = (total.visitors ?? 0) + 1;
        total.views = (total.views ?? 0) + visit.views;
      },
    );
    expect(rowsBy(table("visitors-over-time"), ["visitors", "views"])).toEqual(perDay);

    // Pages: every view, and the visits that saw the page (once each).
    const pagesWant: Record<string, { visitors: number; views: number }> = {};
    for (const visit of visits) {
      for (const path of visit.paths) (pagesWant[path] ??= { visitors: 0, views: 0 }).views++;
      for (const path of new Set(visit.paths)) pagesWant[path]!.visitors++;
    }
    expect(rowsBy(table("pages"), ["visitors", "views"])).toEqual(pagesWant);

    // Entry pages, channels, sources, the utm tags, devices, click ids: visits and their page views.
    for (const [id, key] of [
      ["entry-pages", "entry"],
      ["channels", "channel"],
      ["sources", "source"],
      ["mediums", "medium"],
      ["campaigns", "campaign"],
      ["terms", "term"],
      ["contents", "content"],
      ["devices", "device"],
      ["ad-click-ids", "click"],
    ] as const) {
      const want = countBy(
        visits,
        (visit) => visit[key],
        (total, visit) => {
          total.visitors = (total.visitors ?? 0) + 1;
          total.views = (total.views ?? 0) + visit.views;
        },
      );
      expect(rowsBy(table(id), ["visitors", "views"]), id).toEqual(want);
    }

    // Goals: converting visits (once each) and every time reached, overall and by entry page, source and campaign.
    const goalVisits = [
      ...visits.map((visit) => ({ ...visit })),
      ...[...expected.goalOnly.values()].map((goals) => ({
        entry: "(no page view)",
        channel: "(no page view)",
        source: "(no page view)",
        campaign: "(no page view)",
        goals,
      })),
    ];
    const totalVisits = visits.length;
    const goalsWant: Record<string, Record<string, unknown>> = {};
    for (const goal of Object.keys(GOAL_LABELS) as Goal[]) {
      const reached = goalVisits.filter((visit) => visit.goals.has(goal));
      goalsWant[GOAL_LABELS[goal]] = {
        conversions: reached.length,
        events: reached.reduce((sum, visit) => sum + visit.goals.get(goal)!, 0),
        // A share of the visits: a goal reached with no page view that day is none of them.
        rate: reached.filter((visit) => visit.entry !== "(no page view)").length / totalVisits,
      };
    }
    expect(rowsBy(table("goals"), ["conversions", "events", "rate"])).toEqual(goalsWant);
    const goalCounts = table("goals").rows.map((row) => Number(row.conversions));
    expect(goalCounts).toEqual(goalCounts.toSorted((a, b) => b - a));
    // A visit that reached two goals is one goal conversion, not two.
    const converting = goalVisits.filter((visit) => visit.goals.size > 0);
    expect(converting.some((visit) => visit.goals.size > 1)).toBe(true);
    expect(report.summary.find((item) => item.label === "Goal conversions")!.value).toBe(converting.length);
    for (const [id, key] of [
      ["goals-by-channel", "channel"],
      ["goals-by-entry-page", "entry"],
      ["goals-by-source", "source"],
      ["goals-by-campaign", "campaign"],
    ] as const) {
      const want: Record<string, Record<string, number>> = {};
      for (const visit of goalVisits) {
        for (const goal of visit.goals.keys()) {
          const row = (want[`${GOAL_LABELS[goal]}|${visit[key]}`] ??= { conversions: 0 });
          row.conversions!++;
        }
      }
      const visitsOf = countBy(
        visits,
        (visit) => visit[key],
        (total) => void (total.n = (total.n ?? 0) + 1),
      );
      for (const [name, row] of Object.entries(want)) row.visits = visitsOf[name.split("|")[1]!]?.n ?? 0;
      expect(
        rowsBy(table(id), ["conversions", "visits"], (row) => `${row.goal}|${row.value}`),
        id,
      ).toEqual(want);
      const counts = table(id).rows.map((row) => Number(row.conversions));
      expect(counts, `${id} sorted by count`).toEqual(counts.toSorted((a, b) => b - a));
    }

    // The funnel and the leads by stage.
    const reachedStage = (stage: LeadStage) =>
      stages.filter(
        (candidate) => (PIPELINE_STAGES as readonly string[]).indexOf(candidate) >= (PIPELINE_STAGES as readonly string[]).indexOf(stage),
      ).length;
    expect(rowsBy(table("funnel"), ["count"])).toEqual({
      Visits: { count: totalVisits },
      Leads: { count: 142 },
      // The replay's leads keep no visitor id: none came from a counted visit.
      "Leads from a counted visit": { count: 0 },
      "Visits that brought a lead": { count: 0 },
      "Contacted or further": { count: reachedStage("contacted") },
      "Qualified or further": { count: reachedStage("qualified") },
      "Meeting booked or further": { count: reachedStage("meeting-booked") },
      "Won or further": { count: reachedStage("won") },
      Lost: { count: 20 },
      Spam: { count: 20 },
      // The replay books no demo: tests/bookings/bookings.test.ts and the bookings journey count those.
      "Demos booked": { count: 0 },
      "Demo meetings held": { count: 0 },
      "Demos won": { count: 0 },
    });
    const sourcesWant: Record<string, { leads: number }> = {};
    for (let index = 0; index < 140; index++) {
      const source = index % 3 === 0 ? "linkedin" : index % 5 === 0 ? "google" : "(direct)";
      (sourcesWant[source] ??= { leads: 0 }).leads++;
    }
    sourcesWant["(direct)"]!.leads += 2; // the confirmed sign-ups
    expect(rowsBy(table("leads-by-source"), ["leads"])).toEqual(sourcesWant);
    expect(Object.fromEntries(table("leads-by-landing-page").rows.map((row) => [row.value, row.leads]))).toEqual({
      "/pricing": 70,
      "(unknown)": 72,
    });

    // Each day alone adds up to the whole: the rolled-up days and the raw day agree with the range.
    let summed = 0;
    for (let index = 0; index < 3; index++) {
      const single = await buildReport(handle.db, { from: dayOf(index), to: dayOf(index) });
      summed += single.summary.find((item) => item.label === "Visitors")!.value;
    }
    expect(summed).toBe(totalVisits);

    // No address and no user agent anywhere in the database (every replayed address is in 10.0.0.0/8 or 2001:db8::/32).
    const tables = rowsOf<{ name: string }>(
      await handle.db.execute(sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'`),
    );
    let dump = "";
    for (const { name } of tables) {
      const [table] = rowsOf<{ lines: string | null }>(
        await handle.db.execute(sql.raw(`SELECT string_agg(row_to_json(t)::text, E'\\n') AS lines FROM "${name}" t`)),
      );
      dump += `${table?.lines ?? ""}\n`;
    }
    expect(dump).toContain("/pricing");
    for (const agent of [...USER_AGENTS, ...BOTS]) expect(dump).not.toContain(agent);
    expect(dump).not.toMatch(/Mozilla|Googlebot|curl\//);
    expect(dump).not.toMatch(/\b10\.\d{1,3}\.\d{1,3}\.\d{1,3}\b/);
    expect(dump).not.toContain("2001:db8");
  }, 600_000);

  it("deletes each day's salt 48 hours after the day began, and never hashes with it again", async () => {
    clock = Date.UTC(2031, 0, 10, 23, 0);
    const first = await analytics.visitorOf("192.0.2.1", USER_AGENTS[0]);
    clock += 2 * 3_600_000; // the next day: a new salt, a new id
    const second = await analytics.visitorOf("192.0.2.1", USER_AGENTS[0]);
    expect(second).not.toBe(first);
    const salts = async () =>
      rowsOf<{ day: string }>(
        await handle.db.execute(sql`SELECT day::text AS day FROM analytics_salts WHERE day >= '2031-01-01' ORDER BY day`),
      ).map((row) => row.day);
    expect(await salts()).toEqual(["2031-01-10", "2031-01-11"]);

    clock = Date.UTC(2031, 0, 11, 23, 59); // 47h59 after 2031-01-10 began
    await analytics.maintain();
    expect(await salts()).toEqual(["2031-01-10", "2031-01-11"]);
    clock = Date.UTC(2031, 0, 12, 0, 0, 1); // 48 hours after
    await analytics.maintain();
    expect(await salts()).toEqual(["2031-01-11"]);
    clock = Date.UTC(2031, 0, 13, 0, 0, 1);
    await analytics.maintain();
    expect(await salts()).toEqual([]);
    // A hit dated on a day whose salt is gone is not counted: nothing can be hashed with it.
    analytics.goal("outbound:book", { address: "192.0.2.1", userAgent: USER_AGENTS[0] });
    clock = Date.UTC(2031, 0, 15, 0, 0, 1);
    await analytics.flush();
    const after = rowsOf(await handle.db.execute(sql`SELECT 1 FROM analytics_goals WHERE day = '2031-01-13'`));
    expect(after).toEqual([]);
  });
});

// A visitor who loads one page over and over (a reload storm, a scraper with a browser's user agent, a load generator):
// their repeats before a batch is written are one row with a count, so the buffer and the table do not grow with them,
// and every report still counts every view.
describe("a flood of one visitor's views", () => {
  it("is one row with its count, counted in full by the reports, while other visitors keep their own rows", async () => {
    const handle = await openMigratedMemoryDatabase();
    const analytics = createAnalytics(handle.db, {
      enabled: true,
      retentionDays: 400,
      flushMs: 3_600_000,
      batchSize: 1_000_000,
      ownHosts: ["localhost"],
    });
    const view = (address: string, path: string, search = ""): Hit => ({
      at: new Date(),
      method: "GET",
      path,
      search,
      status: 200,
      contentType: "text/html; charset=utf-8",
      address,
      userAgent: USER_AGENTS[0],
      referer: undefined,
      purpose: undefined,
    });
    try {
      for (let index = 0; index < 5_000; index++) analytics.record(view("198.51.100.7", "/pricing"));
      // The same visitor's other page, and the same page from a campaign link: rows of their own.
      analytics.record(view("198.51.100.7", "/features"));
      analytics.record(view("198.51.100.7", "/pricing", "utm_campaign=spring-launch"));
      // Another visitor's same page.
      analytics.record(view("198.51.100.8", "/pricing"));
      await analytics.flush();

      const rows = rowsOf<{ path: string; utm_campaign: string | null; views: number }>(
        await handle.db.execute(
          sql`SELECT path, utm_campaign, views FROM analytics_page_views ORDER BY path, utm_campaign NULLS FIRST, views DESC`,
        ),
      );
      expect(rows).toEqual([
        { path: "/features", utm_campaign: null, views: 1 },
        { path: "/pricing", utm_campaign: null, views: 5_000 },
        { path: "/pricing", utm_campaign: null, views: 1 },
        { path: "/pricing", utm_campaign: "spring-launch", views: 1 },
      ]);
      const today = new Date().toISOString().slice(0, 10);
      const report = await buildReport(handle.db, { from: today, to: today });
      const pages = report.tables.find((table) => table.id === "pages")!;
      expect(rowsBy(pages, ["visitors", "views"])).toEqual({
        "/pricing": { visitors: 2, views: 5_002 },
        "/features": { visitors: 1, views: 1 },
      });
      const overTime = report.tables.find((table) => table.id === "visitors-over-time")!;
      expect(Object.values(rowsBy(overTime, ["visitors", "views"]))).toEqual([{ visitors: 2, views: 5_003 }]);
    } finally {
      await analytics.close();
      await handle.close();
    }
  });
});

describe.each<Driver>(["pglite", "postgres"])("a lead and its visit on %s", (driver) => {
  it("records the visitor id and the visit's landing page with the lead; erasure removes the link", async () => {
    const h = await openHarness(driver);
    const analytics = createAnalytics(h.handle.db, {
      enabled: true,
      retentionDays: 400,
      flushMs: 3_600_000,
      batchSize: 100_000,
      ownHosts: ["localhost"],
    });
    h.services.analytics = analytics;
    try {
      const userAgent = USER_AGENTS[2]!;
      const address = "203.0.113.7";
      analytics.record({
        at: new Date(),
        method: "GET",
        path: "/pricing",
        search: "utm_source=newsletter&utm_campaign=spring-launch",
        status: 200,
        contentType: "text/html",
        address,
        userAgent,
        referer: undefined,
        purpose: undefined,
      });
      const answer = await h.post(
        "/forms/contact",
        { name: "Ada Lovelace", email: "ada@example.com", message: "Hello from the pricing page." },
        { address, headers: { "User-Agent": userAgent } },
      );
      expect(answer.status).toBe(200);
      const visitor = await analytics.visitorOf(address, userAgent);
      const [lead] = await h.rows("contact_requests");
      expect({ ...lead, visitor_id: Number(lead!.visitor_id) }).toMatchObject({
        visitor_id: visitor,
        landing_page: "/pricing",
        utm_source: "newsletter",
        utm_campaign: "spring-launch",
      });
      await analytics.flush();
      const goals = rowsOf<{ goal: string; visitor: number }>(await h.handle.db.execute(sql`SELECT goal, visitor FROM analytics_goals`));
      expect(goals.map((goal) => ({ ...goal, visitor: Number(goal.visitor) }))).toEqual([{ goal: "lead:contact", visitor }]);

      await eraseSubject(h.handle.db, "ada@example.com", "ops@example.com");
      // The visit stays counted, and nothing links it to the lead any more: no row holds its visitor id with a lead.
      const linked = rowsOf(
        await h.handle.db.execute(sql`
          SELECT visitor_id FROM contact_requests WHERE visitor_id = ${visitor} UNION ALL SELECT visitor_id FROM feature_requests WHERE visitor_id = ${visitor}
          UNION ALL SELECT visitor_id FROM newsletter_subscribers WHERE visitor_id = ${visitor} UNION ALL SELECT visitor_id FROM resource_leads WHERE visitor_id = ${visitor}`),
      );
      expect(linked).toEqual([]);
      expect(rowsOf(await h.handle.db.execute(sql`SELECT 1 FROM analytics_page_views WHERE visitor = ${visitor}`))).toHaveLength(1);
      const goalColumns = rowsOf<{ name: string }>(
        await h.handle.db.execute(
          sql`SELECT column_name AS name FROM information_schema.columns WHERE table_name = 'analytics_goals' ORDER BY ordinal_position`,
        ),
      ).map((row) => row.name);
      expect(goalColumns).toEqual(["id", "at", "day", "visitor", "goal"]);
    } finally {
      await analytics.close();
      await h.close();
    }
  });
});

describe("a lead's visit while its first view is being written", () => {
  it("finds the view in the batch that is neither buffered nor committed yet", async () => {
    const h = await openHarness("pglite");
    // The batch's INSERT waits at a gate: the view has left the buffer and is not in the table.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let inserting!: () => void;
    const insertStarted = new Promise<void>((resolve) => (inserting = resolve));
    const gatedDb = new Proxy(h.handle.db, {
      get(target, key, receiver) {
        if (key !== "execute") return Reflect.get(target, key, receiver) as unknown;
        return async (query: Parameters<typeof target.execute>[0]) => {
          inserting();
          await gate;
          return target.execute(query);
        };
      },
    });
    const analytics = createAnalytics(gatedDb, { enabled: true, retentionDays: 400, flushMs: 3_600_000, batchSize: 100_000, ownHosts: [] });
    try {
      const userAgent = USER_AGENTS[3]!;
      const address = "203.0.113.8";
      analytics.record({
        at: new Date(),
        method: "GET",
        path: "/pricing",
        search: "utm_campaign=in-flight",
        status: 200,
        contentType: "text/html",
        address,
        userAgent,
        referer: undefined,
        purpose: undefined,
      });
      const flushed = analytics.flush();
      await insertStarted;
      const visitor = (await analytics.visitorOf(address, userAgent))!;
      expect(await analytics.visitOf({ visitor, address, userAgent })).toMatchObject({ landingPage: "/pricing", utmCampaign: "in-flight" });
      open();
      await flushed;
      expect(await analytics.visitOf({ visitor, address, userAgent })).toMatchObject({ landingPage: "/pricing", utmCampaign: "in-flight" });
    } finally {
      open();
      await analytics.close();
      await h.close();
    }
  });
});

describe("the built server's counting", () => {
  it("counts a page answered from memory (200 or 304), one rendered by the app, client-side navigations (200 or 304) and downloads, and not a bot, a prefetch or a revalidation", async () => {
    const pg = await createTestDatabase();
    const server = await startServer({ DATABASE_URL: pg.url, SECRET_KEY: "s".repeat(40), ANALYTICS_FLUSH_MS: "50" });
    const client = postgres(pg.url, { max: 1, onnotice: () => {} });
    try {
      const get = (path: string, headers: Record<string, string> = {}) =>
        fetch(`${server.url}${path}`, { headers: { "User-Agent": USER_AGENTS[0]!, ...headers } });
      // A prerendered page (the memory path, before Express), a page the app renders (a query string), then noise.
      const page = await get("/features", { "Accept-Encoding": "br" });
      expect(page.status).toBe(200);
      const etag = page.headers.get("etag")!;
      expect((await get("/pricing?utm_source=newsletter&utm_campaign=memory-path")).status).toBe(200);
      await get("/features", { "User-Agent": BOTS[0]! });
      await get("/features", { "Sec-Purpose": "prefetch" });
      expect((await get("/features", { "Accept-Encoding": "br", "If-None-Match": etag })).status).toBe(304);
      await get("/assets/nothing.js");
      // A hydrated page's client-side navigations (the next page's data, prerendered or rendered), then a revalidation.
      expect((await get("/blog/why-speed-to-lead-wins-cold-email.data", { Referer: `${server.url}/blog` })).status).toBe(200);
      expect((await get("/blog.data?q=reply", { Referer: `${server.url}/contact` })).status).toBe(200);
      expect((await get("/contact.data", { Referer: `${server.url}/contact` })).status).toBe(200);
      // "Get In Touch" and "Book Demo" from a hydrated page: pages with nothing to load still fetch their data.
      expect((await get("/contact.data", { Referer: `${server.url}/features` })).status).toBe(200);
      expect((await get("/demo.data", { Referer: `${server.url}/` })).status).toBe(200);
      // A client-side navigation to a page the server renders (its data from the loader); then a page the server keeps
      // rendered (decision 043: every page names the company), seen again by a browser that has it: the 304 is a view too.
      expect((await get("/roadmap.data", { Referer: `${server.url}/features`, "Accept-Encoding": "br" })).status).toBe(200);
      const kept = await get("/contact", { Referer: `${server.url}/roadmap`, "Accept-Encoding": "br" });
      expect(kept.status).toBe(200);
      const again = { Referer: `${server.url}/pricing`, "Accept-Encoding": "br", "If-None-Match": kept.headers.get("etag")! };
      expect((await get("/contact", again)).status).toBe(304);
      // Downloads, answered by Express's static handler mounted at /resources: opened in the browser, and saved.
      expect((await get("/resources/outreach-checklist.pdf")).status).toBe(200);
      expect((await get("/resources/outreach-checklist.pdf?download")).status).toBe(200);
      await expect
        .poll(async () => client`SELECT goal FROM analytics_goals`, { timeout: 10_000 })
        .toEqual([{ goal: "download" }, { goal: "download" }]);
      await expect
        // Sorted: a rendered page is counted when its response has finished, which may come after the next request's. The
        // same view again before it was written is the same row, counted twice (views), so the rows are summed.
        .poll(
          async () =>
            client`SELECT path, utm_campaign, device, sum(views)::int AS views FROM analytics_page_views
              GROUP BY 1, 2, 3 ORDER BY path COLLATE "C", utm_campaign NULLS FIRST`,
          { timeout: 10_000 },
        )
        .toEqual([
          { path: "/blog", utm_campaign: null, device: "desktop", views: 1 },
          { path: "/blog/why-speed-to-lead-wins-cold-email", utm_campaign: null, device: "desktop", views: 1 },
          { path: "/contact", utm_campaign: null, device: "desktop", views: 3 },
          { path: "/demo", utm_campaign: null, device: "desktop", views: 1 },
          { path: "/features", utm_campaign: null, device: "desktop", views: 2 },
          { path: "/pricing", utm_campaign: "memory-path", device: "desktop", views: 1 },
          { path: "/roadmap", utm_campaign: null, device: "desktop", views: 1 },
        ]);
      const [visitors] = await client`SELECT count(DISTINCT visitor)::int AS n FROM analytics_page_views`;
      expect(visitors).toEqual({ n: 1 });
    } finally {
      await client.end({ timeout: 1 });
      await server.stop();
      await pg.destroy();
    }
  });
});

// The reports page as a marketer reads it (decision 021, 2026-11-29), through the built server on both databases: a
// month with nothing counted is one line naming the tables; a busy month shows which sources bring booked demos first,
// hides rows with nothing counted behind a disclosure, and no share exceeds 100 % or leaves its base unsaid, though
// some leads (demos booked straight at the booking service) came from no counted visit. The CSV says what the page says.
describe.each<Driver>(["pglite", "postgres"])("the reports page on %s", (driver) => {
  const ADMIN = { email: "marketer@replywise.example", password: OPERATOR_PASSWORD, role: "admin" as const };
  let pg: TestDatabase | null = null;
  let server: RunningServer;
  let cookie: string;

  beforeAll(async () => {
    pg = driver === "postgres" ? await createTestDatabase() : null;
    const dataDir = mkdtempSync(path.join(tmpdir(), "replywise-reports-"));
    const database = pg ? { databaseUrl: pg.url } : { dataDir };
    await addOperators(database, [ADMIN]);
    // October 2026: 140 visits (60 from Google, 50 from a LinkedIn campaign, 30 direct); three visitors from Google
    // write to us that day, and five demos are booked at the booking service from the campaign, with no visit counted.
    const handle = await openDatabase(database);
    try {
      await handle.db.execute(sql`
        INSERT INTO analytics_page_views (at, day, visitor, path, referrer, utm_source, utm_campaign, device)
        SELECT '2026-10-05T09:00:00Z'::timestamptz + make_interval(secs => g), '2026-10-05', g, '/',
          CASE WHEN g <= 60 THEN 'www.google.com' END, CASE WHEN g BETWEEN 61 AND 110 THEN 'linkedin' END,
          CASE WHEN g BETWEEN 61 AND 110 THEN 'q4-agencies' END, 'desktop'
        FROM generate_series(1, 140) AS g`);
      await handle.db.execute(sql`
        INSERT INTO contact_requests (name, email, message, created_at, landing_page, referrer, visitor_id)
        SELECT 'Reader', 'reader' || g || '@example.com', 'Tell me more.', '2026-10-05T10:00:00Z', '/', 'www.google.com', g
        FROM generate_series(1, 3) AS g`);
      await handle.db.execute(sql`
        INSERT INTO demo_leads (name, email, created_at, landing_page, utm_source, utm_campaign, stage)
        SELECT 'Booker', 'booker' || g || '@example.com', '2026-10-06T10:00:00Z', '/demo', 'linkedin', 'q4-agencies',
          CASE WHEN g = 1 THEN 'won' ELSE 'meeting-booked' END
        FROM generate_series(1, 5) AS g`);
      await handle.db.execute(sql`
        INSERT INTO demo_bookings (lead_id, provider, booking_id, held, created_at)
        SELECT id, 'cal', 'booking-' || id, stage = 'won', created_at FROM demo_leads`);
    } finally {
      await handle.close();
    }
    server = await startServer(pg ? { DATABASE_URL: pg.url } : { DATA_DIR: dataDir });
    cookie = await sessionCookie(server.url, ADMIN.email, ADMIN.password);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await pg?.destroy();
  });

  const reportOf = async (from: string, to: string) => {
    const response = await fetch(`${server.url}/console/reports?from=${from}&to=${to}`, { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    return parseHtml(await response.text());
  };
  /** The regions of the report's tables, in page order, by their heading. */
  const sectionsOf = (doc: Document) => [...doc.querySelectorAll("main section[aria-labelledby]")];
  const titleOf = (section: Element) => textOf(section.querySelector("h2"));
  /** The rows shown without opening anything: those of tables outside a disclosure. */
  const shownRows = (section: Element) =>
    [...section.querySelectorAll("table")]
      .filter((table) => !table.closest("details"))
      .flatMap((table) => [...table.querySelectorAll("tbody tr")]);
  const cellsOf = (row: Element) => [...row.querySelectorAll("th, td")].map((cell) => textOf(cell));
  const headerOf = (table: Element) => [...table.querySelectorAll("thead th")].map((cell) => textOf(cell));

  it("names every table of a month with nothing counted in one line, and shows no row of zeros", async () => {
    const doc = await reportOf("2025-01-01", "2025-01-31");
    const folded = named(doc, "main p", /^Nothing counted in this period:/);
    expect(folded).toHaveLength(1);
    for (const title of [
      "Visitors and page views per day",
      "Sources by booked demos",
      "From visit to lead to each stage",
      "Channels",
      "Campaigns",
    ])
      expect(textOf(folded[0]), title).toContain(title);
    expect(sectionsOf(doc).map(titleOf)).toEqual([]);
    expect(doc.querySelectorAll("main table")).toHaveLength(0);
    expect(textOf(doc.querySelector("main"))).not.toContain("Nothing counted in this period.");
  });

  it("shows a busy month's sources by booked demos first, its zero rows behind a disclosure, and every share with its base and under 100 %", async () => {
    const doc = await reportOf("2026-10-01", "2026-10-31");
    const sections = sectionsOf(doc);
    const titles = sections.map(titleOf);
    // The chart, then which sources bring booked demos, then the funnel.
    expect(titles.slice(0, 3)).toEqual(["Visitors and page views per day", "Sources by booked demos", "From visit to lead to each stage"]);
    // The chart's thirty days of numbers are a click away, not under it.
    expect(shownRows(sections[0]!)).toEqual([]);
    expect(sections[0]!.querySelectorAll("details tbody tr")).toHaveLength(31);

    const sources = sections[1]!;
    expect(headerOf(sources.querySelector("table")!)).toEqual(["Source", "Demos booked", "Leads", "Visits", "Meetings held", "Won"]);
    expect(shownRows(sources).map(cellsOf)).toEqual([
      ["linkedin", "5", "5", "50", "1", "1"],
      ["google", "0", "3", "60", "0", "0"],
      ["(direct)", "0", "0", "30", "0", "0"],
    ]);

    // Eight leads, three of them from counted visits: 2.1 % of the 140 visits, never "Leads 8 = 5.7 % of visits".
    const funnel = sections[2]!;
    const funnelHeader = headerOf(funnel.querySelector("table")!);
    expect(funnelHeader).toEqual(["Step", "Count", "Share", "Share of", "Count, previous period"]);
    const steps = Object.fromEntries(shownRows(funnel).map((row) => [cellsOf(row)[0], cellsOf(row).slice(1, 4)]));
    expect(steps).toMatchObject({
      Visits: ["140", "–", "–"],
      Leads: ["8", "–", "–"],
      "Leads from a counted visit": ["3", "37.5%", "8 leads"],
      "Visits that brought a lead": ["3", "2.1%", "140 visits"],
      "Meeting booked or further": ["5", "62.5%", "8 leads"],
      "Demos booked": ["5", "62.5%", "8 leads"],
      "Demo meetings held": ["1", "20.0%", "5 demos booked"],
    });
    // Steps with nothing counted (lost, spam) wait behind "show all".
    expect(Object.keys(steps)).not.toContain("Spam");
    expect(textOf(funnel.querySelector("details summary"))).toMatch(/^Show all: \d+ rows? with nothing counted in this period$/);

    for (const section of sections) {
      const title = titleOf(section);
      for (const table of section.querySelectorAll("table")) {
        const header = headerOf(table);
        // Each share names its base: in its own label, or in the "Share of" column beside it.
        header.forEach((label, index) => {
          if (label === "Share") expect(header[index + 1], title).toBe("Share of");
          else if (/share/i.test(label) && label !== "Share of") expect(label, title).toMatch(/^Share of (all|these) visits/);
        });
        for (const row of table.querySelectorAll("tbody tr")) {
          const cells = cellsOf(row);
          for (const cell of cells) {
            const percent = /^([\d.]+)%$/.exec(cell);
            if (percent) expect(Number(percent[1]), `${title}: ${cells.join(" | ")}`).toBeLessThanOrEqual(100);
          }
          const share = header.indexOf("Share");
          if (share >= 0 && cells[share] !== "–") expect(cells[share + 1], `${title}: ${cells[0]}`).toMatch(/^[\d,]+ \w/);
        }
      }
      // No row shown by default says nothing was counted (the previous period is empty, so every count is this month's).
      for (const row of shownRows(section))
        expect(cellsOf(row).slice(1), `${title}: ${cellsOf(row)[0]}`).toContainEqual(expect.stringMatching(/^[1-9][\d,]*$/));
    }
    // The tables with nothing counted this month are named in one line, not shown as cards.
    expect(textOf(named(doc, "main p", /^Nothing counted in this period:/)[0])).toMatch(
      /^Nothing counted in this period: Goals, Goals by channel, Goals by source,/,
    );

    // The CSV says what the page says: the same columns, every row (the hidden ones too), the share as a number.
    const csrf = /name="csrf" value="([^"]+)"/.exec(doc.documentElement.outerHTML)?.[1];
    const exported = await fetch(`${server.url}/console/reports/export`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrf: csrf!, table: "funnel", from: "2026-10-01", to: "2026-10-31" }),
    });
    expect(exported.status).toBe(200);
    const [labels, ...lines] = (await exported.text()).split("\r\n").filter(Boolean);
    expect(labels).toBe(funnelHeader.map((label) => (label.includes(",") ? `"${label}"` : label)).join(","));
    expect(lines).toHaveLength(funnel.querySelectorAll("tbody tr").length);
    expect(lines).toContain("Visits that brought a lead,3,0.0214,140 visits,0");
  });
});
