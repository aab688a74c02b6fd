import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import autocannon from "autocannon";
import postgres from "postgres";
import { startServer, type RunningServer } from "../tests/support/serve-build";
import { startPostgres } from "../tests/support/server/postgres";

// npm run bench:memory (after npm run build): the built server's resident memory (RSS) on PGlite and on PostgreSQL 15,
// idle after its first start on a new database (a few pages served), after 10,000 contact posts (10 connections, limits
// lifted, the mail server away so delivery does not blur the figure), the peak, and idle after a restart on the same
// database. Read from /proc (Linux). Decision 020 has the figures.

const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const SETTLE_MS = 5000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident and peak resident memory of a process, in MB. */
function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb("VmRSS") / 1024), peak: Math.round(kb("VmHWM") / 1024) };
}

let sent = 0;
const body = () =>
  new URLSearchParams({
    website: "",
    name: "Memory Bench",
    email: `bench${++sent}@example.com`,
    message: `Post number ${sent}`,
  }).toString();

/** Idle resident memory once a few pages were served. */
async function idleOf(server: RunningServer) {
  for (const page of ["/", "/pricing", "/contact", "/blog", "/no-such-page"]) await (await fetch(`${server.url}${page}`)).arrayBuffer();
  await pause(SETTLE_MS);
  return memoryOf(server.child.pid!).rss;
}

async function measure(server: RunningServer) {
  const pid = server.child.pid!;
  const idle = { rss: await idleOf(server) };
  const result = await autocannon({
    url: `${server.url}/forms/contact.data`,
    connections: 10,
    amount: POSTS,
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
    requests: [{ method: "POST", setupRequest: (request) => ({ ...request, body: body() }) }],
  });
  await pause(SETTLE_MS);
  const after = memoryOf(pid);
  return { idle: idle.rss, after: after.rss, peak: after.peak, ok: result["2xx"], failed: result.non2xx + result.errors + result.timeouts };
}

const env = {
  RATE_LIMIT_MAX: "1000000",
  RATE_LIMIT_FORM_MAX: "1000000",
  SMTP_URL: "smtp://127.0.0.1:9",
  OUTBOX_RETRY_SECONDS: "3600",
};

/** The first start (a new database, migrations applied), the posts, then a restart on the same database, idle. */
async function run(database: string, serverEnv: Record<string, string>) {
  const first = await startServer(serverEnv);
  let figures;
  try {
    figures = await measure(first);
  } finally {
    await first.stop();
  }
  // As if the mail had gone out meanwhile: the restart measures a server at rest, not one retrying 30,000 jobs.
  await markOutboxSent(serverEnv);
  const again = await startServer(serverEnv);
  try {
    return { database, ...figures, restarted: await idleOf(again) };
  } finally {
    await again.stop();
  }
}

async function markOutboxSent(serverEnv: Record<string, string>) {
  const statement = "UPDATE outbox SET status = 'sent', sent_at = now()";
  if (serverEnv.DATABASE_URL) {
    const sql = postgres(serverEnv.DATABASE_URL, { max: 1, onnotice: () => {} });
    await sql.unsafe(statement);
    await sql.end({ timeout: 1 });
    return;
  }
  const db = await PGlite.create({ dataDir: path.join(serverEnv.DATA_DIR!, "pglite"), extensions: { pg_trgm } });
  await db.exec(statement);
  await db.close();
}

const rows: Record<string, unknown>[] = [];
rows.push(await run("PGlite", { ...env, DATA_DIR: mkdtempSync(path.join(tmpdir(), "replywise-memory-")) }));
const cluster = await startPostgres();
try {
  rows.push(
    await run("PostgreSQL 15", { ...env, DATA_DIR: mkdtempSync(path.join(tmpdir(), "replywise-memory-")), DATABASE_URL: cluster.url }),
  );
} finally {
  cluster.destroy();
}
console.log(
  `Server RSS in MB: idle after the first start, after ${POSTS.toLocaleString("en-US")} posts, the peak, and idle after a restart`,
);
console.table(rows);
