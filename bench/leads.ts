import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { addOperator } from "../app/lib/console/operators.server";
import { openDatabase, type Database, type DatabaseHandle } from "../app/lib/db/client.server";
import { migrate } from "../app/lib/db/migrate.server";
import { DEFAULT_FILTER, leadFilterParams, type LeadFilter } from "../app/features/leads/index";
import { leadPage, newLeadCounts } from "../app/features/leads/index.server";
import { startPostgres } from "../tests/support/server/postgres";
import { startServer } from "../tests/support/serve-build";

// npm run bench:leads (after npm run build): the leads list at 100,000 leads, on PGlite and on PostgreSQL 15.
//  1. queries: what the leads page's loader runs (the page of 50, its counts), BENCH_QUERY_RUNS times each (default 60);
//  2. pages: GET /console/leads?… through the built server, signed in, the whole server-rendered HTML, BENCH_PAGE_RUNS times
//     each (default 30), one request at a time.
// Prints p50 and p99 in milliseconds for each case. BENCH_LEADS changes the number of leads; BENCH_ONLY=pglite or
// BENCH_ONLY=postgres runs one database.

const LEADS = Number(process.env.BENCH_LEADS ?? 100_000);
const QUERY_RUNS = Number(process.env.BENCH_QUERY_RUNS ?? 60);
const PAGE_RUNS = Number(process.env.BENCH_PAGE_RUNS ?? 30);
const OPERATOR = { email: "bench@example.com", password: "bench passphrase 1234" };

/** The filters an operator uses most, from the cheapest to the broadest. */
const CASES: [label: string, filter: Partial<LeadFilter>][] = [
  ["newest, page 1", {}],
  ["newest, page 1,000", { page: 1000 }],
  ["new only", { stage: "new" }],
  ["one type (feature requests)", { type: "feature-request" }],
  ["search, common word", { q: "integration" }],
  ["search, one address", { q: "person34567@" }],
  ["search, no match", { q: "zebra crossing" }],
  ["came from linkedin", { source: "linkedin" }],
  ["type + stage + 30 days", { type: "contact", stage: "new", from: "2026-01-01", to: "2026-01-31" }],
];

/**
 * Leads of every type over two years, with text to search and some attribution: 40% contact requests, 20% each of
 * feature requests, subscribers and downloads. Generated in the database, so seeding costs seconds, not minutes.
 */
async function seed(db: Database, leads: number) {
  const share = (part: number) => Math.round(leads * part);
  const words = sql`(ARRAY['pricing','demo','integration','deliverability','follow-up','agency','HubSpot','Salesforce','onboarding','billing'])`;
  const at = sql`timestamptz '2027-01-01' - make_interval(mins => (n * 1051) % 1051200)`;
  const attribution = sql`CASE WHEN n % 10 < 3 THEN '/pricing' WHEN n % 10 < 6 THEN '/' END,
    CASE WHEN n % 7 = 0 THEN 'www.google.com' WHEN n % 11 = 0 THEN 'news.ycombinator.com' END,
    CASE WHEN n % 5 = 0 THEN (ARRAY['linkedin','newsletter','twitter'])[1 + n % 3] END,
    CASE WHEN n % 5 = 0 THEN 'social' END`;
  const handled = sql`CASE WHEN n % 4 <> 0 THEN 'contacted' ELSE 'new' END`;
  await db.execute(sql`INSERT INTO contact_requests (name, email, company_name, message, created_at, landing_page, referrer, utm_source, utm_medium, stage)
    SELECT 'Person ' || n, 'person' || n || '@example.com', 'Company ' || (n % 500),
      'Question about ' || ${words}[1 + n % 10] || ' and ' || ${words}[1 + (n / 10) % 10] || ' for our team of ' || (n % 90) || ' people. ' || md5(n::text),
      ${at}, ${attribution}, ${handled}
    FROM generate_series(1, ${share(0.4)}) AS n`);
  await db.execute(sql`INSERT INTO feature_requests (name, email, company, feature_title, description, created_at, landing_page, referrer, utm_source, utm_medium, stage)
    SELECT 'Requester ' || n, 'requester' || n || '@example.com', 'Company ' || (n % 500), initcap(${words}[1 + n % 10]) || ' improvements',
      'We would like better ' || ${words}[1 + (n / 3) % 10] || '. ' || md5(n::text), ${at}, ${attribution}, ${handled}
    FROM generate_series(1, ${share(0.2)}) AS n`);
  await db.execute(sql`INSERT INTO newsletter_subscribers (email, source, status, created_at, landing_page, referrer, utm_source, utm_medium, stage)
    SELECT 'reader' || n || '@example.com', '/blog', (ARRAY['pending','confirmed','confirmed','unsubscribed'])[1 + n % 4], ${at}, ${attribution}, ${handled}
    FROM generate_series(1, ${share(0.2)}) AS n`);
  await db.execute(sql`INSERT INTO resource_leads (name, email, resource_id, resource_title, downloaded_at, landing_page, referrer, utm_source, utm_medium, stage)
    SELECT 'Reader ' || n, 'downloader' || n || '@example.com', 'outreach-checklist', 'Outreach checklist', ${at}, ${attribution}, ${handled}
    FROM generate_series(1, ${leads - share(0.4) - 2 * share(0.2)}) AS n`);
  // What autovacuum does after a bulk load on a live database: statistics, and the visibility map for index-only counts.
  await db.execute(sql`VACUUM ANALYZE`);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function timed(runs: number, run: () => Promise<unknown>) {
  await run(); // warm the caches and the plan
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

interface Result {
  database: string;
  label: string;
  rows: number;
  query: { p50: number; p99: number };
  page: { p50: number; p99: number };
}

async function bench(database: "PGlite" | "PostgreSQL 15"): Promise<Result[]> {
  const cluster = database === "PostgreSQL 15" ? await startPostgres() : null;
  const dataDir = mkdtempSync(path.join(tmpdir(), "replywise-bench-leads-"));
  const open = () => openDatabase({ databaseUrl: cluster?.url, dataDir });
  let handle: DatabaseHandle = await open();
  try {
    await migrate(handle.db);
    const seeding = performance.now();
    await seed(handle.db, LEADS);
    await addOperator(handle.db, OPERATOR.email, OPERATOR.password, "admin");
    console.error(`${database}: ${LEADS.toLocaleString("en-US")} leads seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);

    const results: Result[] = [];
    for (const [label, changes] of CASES) {
      const filter = { ...DEFAULT_FILTER, ...changes };
      const { total } = await leadPage(handle.db, filter);
      const query = await timed(QUERY_RUNS, () => Promise.all([leadPage(handle.db, filter), newLeadCounts(handle.db)]));
      results.push({ database, label, rows: total, query, page: { p50: NaN, p99: NaN } });
    }

    // The same through the built server; PGlite allows one process on its folder, so the bench lets go of it first.
    if (!cluster) await handle.close();
    const server = await startServer({
      DATA_DIR: dataDir,
      ...(cluster ? { DATABASE_URL: cluster.url } : {}),
      SECRET_KEY: "b".repeat(40),
    });
    try {
      const signIn = await fetch(`${server.url}/console/sign-in`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(OPERATOR),
      });
      const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0]!;
      if (signIn.status !== 303) throw new Error(`sign-in answered ${signIn.status}`);
      // A server just started renders its first pages slowly (the JIT, the database's caches and connections).
      for (let i = 0; i < 20; i++) await (await fetch(`${server.url}/console/leads`, { headers: { Cookie: cookie } })).text();
      for (const result of results) {
        const filter = { ...DEFAULT_FILTER, ...CASES.find(([label]) => label === result.label)![1] };
        const url = `${server.url}/console/leads?${leadFilterParams(filter).toString()}`;
        result.page = await timed(PAGE_RUNS, async () => {
          const response = await fetch(url, { headers: { Cookie: cookie } });
          if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
          await response.text();
        });
      }
    } finally {
      await server.stop();
    }
    if (!cluster) handle = await open();
    return results;
  } finally {
    await handle.close().catch(() => {});
    cluster?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (!existsSync("build/server/main.js")) {
  console.error("No build: run `npm run build` first.");
  process.exit(1);
}

const ms = (value: number) => value.toFixed(1).padStart(7);
const only = process.env.BENCH_ONLY;
const all = [...(only === "postgres" ? [] : await bench("PGlite")), ...(only === "pglite" ? [] : await bench("PostgreSQL 15"))];
console.log(
  `\nThe leads list at ${LEADS.toLocaleString("en-US")} leads: p50 and p99 in ms (query: the loader's queries; page: GET /console/leads, HTML)\n`,
);
console.log(`${"database".padEnd(14)}  ${"case".padEnd(28)}  ${"rows".padStart(7)}  query p50  query p99   page p50   page p99`);
for (const row of all) {
  console.log(
    `${row.database.padEnd(14)}  ${row.label.padEnd(28)}  ${String(row.rows).padStart(7)}  ${ms(row.query.p50)}    ${ms(row.query.p99)}    ${ms(row.page.p50)}    ${ms(row.page.p99)}`,
  );
}
