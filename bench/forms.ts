import { existsSync } from "node:fs";
import autocannon from "autocannon";
import { onBothDatabases, printLoadTable, type LoadFigures as Load } from "./databases";
import { startServer, type RunningServer } from "../tests/support/serve-build";

// npm run bench:forms: load on the contact endpoint of the built server, on PGlite and on PostgreSQL 15.
//  1. throughput: 50 connections for BENCH_SECONDS (default 10), limits lifted: requests/s and p99 latency,
//     for the request the JavaScript form sends (/forms/contact.data) and the plain post (/forms/contact,
//     answered with the whole page);
//  2. flood: 10,000 posts from one address with the real limit (10 per 10 minutes), while a second address
//     submits its own messages: the first gets 429s, the second all 200s.

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const FLOOD = 10_000;
const LIMIT = 10;
const body = new URLSearchParams({
  website: "",
  name: "Bench Mark",
  email: "bench@example.com",
  companyName: "",
  message: "How many inboxes can one plan manage?",
}).toString();
const headers = { "Content-Type": "application/x-www-form-urlencoded" };

interface Row {
  database: string;
  fetcher: Load;
  document: Load;
  floodAccepted: number;
  floodLimited: number;
  floodP99: number;
  otherOk: string;
}

let sent = 0;
/** Each post is a new message: identical posts within seconds are one submission (a double click) and stored once. */
const uniqueBody = () => body.replace("plan+manage%3F", `plan+manage%3F+%23${++sent}`);

async function throughput(server: RunningServer, path: string, seconds = SECONDS): Promise<Load> {
  const result = await autocannon({
    url: `${server.url}${path}`,
    connections: 50,
    duration: seconds,
    requests: [{ method: "POST", headers, setupRequest: (request) => ({ ...request, body: uniqueBody() }) }],
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result["2xx"],
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

async function flood(server: RunningServer) {
  const flooder = autocannon({
    url: `${server.url}/forms/contact`,
    connections: 50,
    amount: FLOOD,
    method: "POST",
    headers: { ...headers, "X-Forwarded-For": "198.51.100.1" },
    requests: [{ method: "POST", setupRequest: (request) => ({ ...request, body: uniqueBody() }) }],
  });
  // The second visitor sends its messages while the flood is running.
  const statuses: number[] = [];
  for (let i = 0; i < LIMIT; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const response = await fetch(`${server.url}/forms/contact`, {
      method: "POST",
      headers: { ...headers, "X-Forwarded-For": "203.0.113.50" },
      body: uniqueBody().replace("bench%40example.com", `visitor${i}%40example.com`),
    });
    await response.arrayBuffer();
    statuses.push(response.status);
  }
  const result = await flooder;
  return { result, statuses };
}

/** Each phase on a database of its own: the throughput phase's posts must not count against the flood's limits. */
async function bench(database: string, freshDatabase: () => Promise<Record<string, string>>): Promise<Row> {
  process.stderr.write(`${database}: throughput (${SECONDS}s, 50 connections)...\n`);
  const fast = await startServer({ ...(await freshDatabase()), RATE_LIMIT_MAX: "1000000000", RATE_LIMIT_FORM_MAX: "1000000000" });
  let fetcher: Load;
  let document: Load;
  try {
    await throughput(fast, "/forms/contact.data", 3); // warm-up: JIT, pool, first pages of the table
    fetcher = await throughput(fast, "/forms/contact.data");
    document = await throughput(fast, "/forms/contact");
  } finally {
    await fast.stop();
  }
  process.stderr.write(`${database}: flood of ${FLOOD} posts from one address...\n`);
  const limited = await startServer({
    ...(await freshDatabase()),
    RATE_LIMIT_MAX: String(LIMIT),
    RATE_LIMIT_WINDOW_SECONDS: "600",
    TRUST_PROXY: "loopback",
  });
  let flooded;
  try {
    flooded = await flood(limited);
  } finally {
    await limited.stop();
  }
  return {
    database,
    fetcher,
    document,
    floodAccepted: flooded.result.statusCodeStats["200"]?.count ?? 0,
    floodLimited: flooded.result.statusCodeStats["429"]?.count ?? 0,
    floodP99: flooded.result.latency.p99,
    otherOk: `${flooded.statuses.filter((status) => status === 200).length}/${flooded.statuses.length}`,
  };
}

if (!existsSync("build/server/main.js")) {
  console.error("No build: run `npm run build` first.");
  process.exit(1);
}

const rows = await onBothDatabases(bench);

console.log(
  `\nContact endpoint (POST /forms/contact), ${SECONDS}s at 50 connections; flood: ${FLOOD} posts from one address, limit ${LIMIT}.\n`,
);
printLoadTable(
  "Request",
  rows.map((row) => ({
    database: row.database,
    loads: [
      ["JavaScript form (.data)", row.fetcher],
      ["plain post (page)", row.document],
    ],
  })),
);
console.log("\n| Database | flood: 200 | flood: 429 | flood: other | flood p99 ms | second address: 200 |");
console.log("|---|---|---|---|---|---|");
for (const row of rows) {
  console.log(
    `| ${row.database} | ${row.floodAccepted} | ${row.floodLimited} | ${FLOOD - row.floodAccepted - row.floodLimited} | ${row.floodP99} | ${row.otherOk} |`,
  );
}
const holds = rows.every((row) => row.floodAccepted <= LIMIT && row.otherOk === `${LIMIT}/${LIMIT}`);
console.log(
  holds
    ? "\nThe limit held: exactly 10 posts accepted from the flooding address, every post from the other accepted."
    : "\nTHE LIMIT DID NOT HOLD as expected.",
);
process.exit(holds ? 0 : 1);
