import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { startServer, type RunningServer } from "./support/serve-build";
import { startPostgres } from "../tests/server/support/postgres";

// npm run bench:memory (after npm run build): the built server's resident memory (RSS) on PGlite and on PostgreSQL 15,
// idle after start (a few pages served), then after 10,000 contact posts (10 connections, limits lifted, the mail server
// away so delivery does not blur the figure), and the peak. Read from /proc (Linux). Decision 020 has the figures.

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

async function measure(server: RunningServer) {
  const pid = server.child.pid!;
  for (const page of ["/", "/pricing", "/contact", "/blog", "/no-such-page"]) await (await fetch(`${server.url}${page}`)).arrayBuffer();
  await pause(SETTLE_MS);
  const idle = memoryOf(pid);
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

const rows: Record<string, unknown>[] = [];
{
  const server = await startServer(env);
  try {
    rows.push({ database: "PGlite", ...(await measure(server)) });
  } finally {
    await server.stop();
  }
}
{
  const cluster = await startPostgres();
  const server = await startServer({ ...env, DATABASE_URL: cluster.url });
  try {
    rows.push({ database: "PostgreSQL 15", ...(await measure(server)) });
  } finally {
    await server.stop();
    cluster.destroy();
  }
}
console.log(`Server RSS in MB: idle after start, after ${POSTS.toLocaleString("en-US")} posts, and the peak`);
console.table(rows);
