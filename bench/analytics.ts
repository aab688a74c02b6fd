import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { createAnalytics, buildReport } from "../app/features/analytics/index.server";
import { addDays } from "../app/features/analytics/index";
import { openDatabase } from "../app/lib/db/client.server";
import { migrate } from "../app/lib/db/migrate.server";
import { startPostgres } from "../tests/support/server/postgres";
import { startServer } from "../tests/support/serve-build";

// npm run bench:analytics (docs/decisions/021), two modes (BENCH_MODE=reports|throughput, both by default):
//  reports:    BENCH_EVENTS page views (default 10,000,000) over BENCH_DAYS days (default 400, today included), with a
//              goal for one visit in 30, written by SQL (generate_series) into a PostgreSQL 15 of its own; every finished
//              day rolled up as the server would; then the console's whole report (every table, and the previous period)
//              for the last 30 days, BENCH_RUNS times (default 40): p50, p95, max in ms.
//  throughput: a prerendered page through two built servers side by side, counting on and off (ANALYTICS_ENABLED),
//              autocannon with 50 connections, BENCH_SECONDS each (default 10), BENCH_TURNS turns each (default 2, taken
//              as on, off, on, off): requests per
//              second and the drop, and the CPU time per request of the server and of PostgreSQL, on PostgreSQL (BENCH_DB=pglite for PGlite). Every request is a different visitor (X-Forwarded-For, TRUST_PROXY) with a browser's
//              user agent, so every one is counted. Needs `npm run build`.

const MODE = process.env.BENCH_MODE;
const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 400);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const AGENT = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const TURNS = Number(process.env.BENCH_TURNS ?? 2);
const TICKS_PER_SECOND = 100;

/** User and system CPU seconds of these processes so far (/proc/PID/stat: utime and stime, in clock ticks). */
function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Gone meanwhile.
    }
  }
  return ticks / TICKS_PER_SECOND;
}

/** The database cluster's processes (the test cluster runs as the postgres user). */
const postgresPids = () => execFileSync("pgrep", ["-u", "postgres"], { encoding: "utf8" }).split("\n").filter(Boolean).map(Number);

const percentile = (values: number[], share: number) => [...values].sort((a, b) => a - b)[Math.ceil(share * values.length) - 1]!;
const seconds = (started: number) => `${((performance.now() - started) / 1000).toFixed(1)} s`;

async function reports() {
  const cluster = await startPostgres();
  const handle = await openDatabase({ databaseUrl: cluster.url });
  try {
    await migrate(handle.db);
    const today = new Date().toISOString().slice(0, 10);
    let started = performance.now();
    // Written by a connection without the server's 10 s statement timeout: 10 million rows take minutes.
    const seed = postgres(cluster.url, { max: 1, onnotice: () => {} });
    // Views in visits of three, each visit on one day; 47 paths, 6 sources, 3 campaigns, 3 devices.
    await seed.unsafe(`
      INSERT INTO analytics_page_views (at, day, visitor, path, referrer, utm_source, utm_medium, utm_campaign, click_id, device)
      SELECT at, at::date, (g / ${DAYS * 3}) * 1000 + d, path, referrer, utm_source, utm_medium, utm_campaign, click_id, device
      FROM (
        SELECT g, d, '${today}'::date - d + make_interval(secs => (g % 86000)::int + (g / ${DAYS}) % 3) AS at,
          CASE WHEN g % 5 = 0 THEN '/blog/post-' || (g % 37) ELSE (ARRAY['/', '/pricing', '/features', '/blog', '/contact', '/demo', '/resources', '/about', '/register', '/roadmap'])[1 + g % 10] END AS path,
          (ARRAY[NULL, NULL, 'www.google.com', 'news.ycombinator.com', 'www.linkedin.com', NULL])[1 + g % 6] AS referrer,
          CASE WHEN g % 7 = 0 THEN 'newsletter' WHEN g % 11 = 0 THEN 'linkedin' END AS utm_source,
          CASE WHEN g % 7 = 0 THEN 'email' END AS utm_medium,
          CASE WHEN g % 7 = 0 THEN 'spring-launch' WHEN g % 11 = 0 THEN 'retargeting' WHEN g % 13 = 0 THEN 'brand' END AS utm_campaign,
          CASE WHEN g % 17 = 0 THEN 'gclid' END AS click_id,
          (ARRAY['desktop', 'mobile', 'tablet'])[1 + g % 3] AS device
        FROM generate_series(0, ${EVENTS - 1}) AS g, LATERAL (SELECT g % ${DAYS} AS d) AS day
      ) AS rows`);
    await seed.unsafe(`
      INSERT INTO analytics_goals (at, day, visitor, goal)
      SELECT at, day, visitor, (ARRAY['download', 'outbound:register', 'lead:contact', 'outbound:book'])[1 + id % 4]
      FROM analytics_page_views WHERE id % 90 = 0`);
    await seed.unsafe(`ANALYZE`);
    await seed.end();
    console.log(`${EVENTS.toLocaleString("en-US")} page views over ${DAYS} days written in ${seconds(started)}`);

    started = performance.now();
    const analytics = createAnalytics(handle.db, {
      enabled: true,
      retentionDays: DAYS + 10,
      flushMs: 60_000,
      batchSize: 1000,
      ownHosts: [],
    });
    const rolled = await analytics.maintain();
    await analytics.close();
    console.log(`${rolled?.rolledUp.length ?? 0} finished days rolled up in ${seconds(started)} (the server rolls up one a day)`);

    const range = { from: addDays(today, -29), to: today };
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const start = performance.now();
      const report = await buildReport(handle.db, range);
      times.push(performance.now() - start);
      if (run === 0)
        console.log(`30-day report: ${report.summary.map((item) => `${item.label} ${item.value.toLocaleString("en-US")}`).join(", ")}`);
    }
    const [raw] = (await handle.db.execute(
      sql`SELECT count(*)::int AS rows FROM analytics_page_views WHERE day = ${today}::date`,
    )) as unknown as {
      rows: number;
    }[];
    console.log(`today's raw page views read by each report: ${raw?.rows.toLocaleString("en-US")}`);
    console.log(
      `report, last 30 days (every table and the previous period), ${RUNS} runs: p50 ${percentile(times, 0.5).toFixed(0)} ms, p95 ${percentile(times, 0.95).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms`,
    );
  } finally {
    await handle.close();
    cluster.destroy();
  }
}

async function throughput() {
  // On PostgreSQL, as production runs (BENCH_DB=pglite: PGlite, whose writes share the server's one thread).
  const cluster = process.env.BENCH_DB === "pglite" ? null : await startPostgres();
  const databaseOf = async (name: string): Promise<Record<string, string>> => {
    if (!cluster) return {};
    const admin = postgres(cluster.url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    await admin.end();
    return { DATABASE_URL: cluster.url.replace(/\/postgres$/, `/${name}`) };
  };
  const on = await startServer({ ANALYTICS_ENABLED: "true", TRUST_PROXY: "loopback", ...(await databaseOf("counting_on")) });
  const off = await startServer({ ANALYTICS_ENABLED: "false", TRUST_PROXY: "loopback", ...(await databaseOf("counting_off")) });
  let visitor = 0;
  let sentToOn = 0;
  // CPU time (user + system, from /proc) of the server under load and of the database's processes, per request.
  const cpu = { on: { server: 0, database: 0, requests: 0 }, off: { server: 0, database: 0, requests: 0 } };
  const run = async (url: string) => {
    const side = url === on.url ? cpu.on : cpu.off;
    const server = (url === on.url ? on : off).child.pid!;
    const before = { server: cpuSeconds([server]), database: cpuSeconds(postgresPids()) };
    const result = await autocannon({
      url: `${url}/features`,
      connections: 50,
      duration: SECONDS,
      requests: [
        {
          method: "GET",
          setupRequest: (request) => ({
            ...request,
            headers: { "User-Agent": AGENT, "X-Forwarded-For": `10.${(++visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}` },
          }),
        },
      ],
    });
    if (result.non2xx + result.errors > 0) throw new Error(`${result.non2xx} non-2xx answers, ${result.errors} errors`);
    if (url === on.url) sentToOn += result["2xx"];
    side.server += cpuSeconds([server]) - before.server;
    side.database += cpuSeconds(postgresPids()) - before.database;
    side.requests += result["2xx"];
    return result.requests.average;
  };
  try {
    // Warm both up, then take turns so the machine's load falls on both alike.
    await Promise.all([fetch(`${on.url}/features`), fetch(`${off.url}/features`)]);
    const figures = { on: [] as number[], off: [] as number[] };
    for (let round = 0; round < TURNS; round++) {
      figures.on.push(await run(on.url));
      figures.off.push(await run(off.url));
    }
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const drop = (1 - mean(figures.on) / mean(figures.off)) * 100;
    console.log(`GET /features on ${cluster ? "PostgreSQL" : "PGlite"}, 50 connections, ${SECONDS} s per turn, ${TURNS} turns each:`);
    console.log(`  counting on:  ${figures.on.map((value) => value.toFixed(0)).join(", ")} req/s (mean ${mean(figures.on).toFixed(0)})`);
    console.log(`  counting off: ${figures.off.map((value) => value.toFixed(0)).join(", ")} req/s (mean ${mean(figures.off).toFixed(0)})`);
    console.log(`  drop with counting on: ${drop.toFixed(1)}% (must stay under 10%)`);
    const perRequest = (seconds: number, requests: number) => `${((seconds / requests) * 1e6).toFixed(1)} µs`;
    for (const [name, side] of Object.entries(cpu)) {
      console.log(
        `  CPU per request, counting ${name}: server ${perRequest(side.server, side.requests)}, database ${perRequest(side.database, side.requests)}`,
      );
    }
    const counted = await fetch(`${on.url}/healthz`);
    if (!counted.ok) throw new Error("the counting server stopped answering");
    // The drop means something only if the pages were counted: every request is a page view in the database.
    if (cluster) {
      const database = postgres(cluster.url.replace(/\/postgres$/, "/counting_on"), { max: 1, onnotice: () => {} });
      let rows = 0;
      for (let wait = 0; wait < 40 && rows < sentToOn; wait++) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        [{ rows }] = (await database`SELECT count(*)::int AS rows FROM analytics_page_views`) as unknown as [{ rows: number }];
      }
      await database.end();
      console.log(
        `  page views stored by the counting server: ${rows.toLocaleString("en-US")} of ${sentToOn.toLocaleString("en-US")} requests (the warm-up's one included)`,
      );
      if (rows < sentToOn) throw new Error("the counting server did not store every page view");
    }
  } finally {
    await Promise.all([on.stop(), off.stop()]);
    cluster?.destroy();
  }
}

if (MODE !== "throughput") await reports();
if (MODE !== "reports") await throughput();
