import { existsSync, readFileSync } from "node:fs";
import autocannon from "autocannon";
import { onBothDatabases, printLoadTable, type LoadFigures as Load } from "./databases";
import { bodySignature } from "../app/lib/webhook-signature.server";
import { startServer, type RunningServer } from "../tests/support/serve-build";

// npm run bench:bookings: the Cal.com webhook of the built server (docs/decisions/028) under 50 connections on loopback,
// for BENCH_SECONDS (default 10) each, on PGlite and on PostgreSQL 15, with valid signed deliveries:
//  1. new bookings: every delivery a booking of its own (a demo lead, its booking, its receipt, the team's notice);
//  2. retries: one delivery sent again and again (a receipt found, nothing changed).
// Nothing leaves the machine: the team's notices are .eml files in the server's throwaway data folder.

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SECRET = "bench-cal-webhook-secret-0123456789";
const FIXTURE = readFileSync("tests/fixtures/bookings/cal/booking-created.json", "utf8");

let sent = 0;
/** A new booking of a new person, made now, signed as Cal.com signs it. */
function newBooking() {
  const n = ++sent;
  const body = JSON.parse(FIXTURE) as { createdAt: string; payload: Record<string, unknown> };
  body.createdAt = new Date().toISOString();
  Object.assign(body.payload, {
    uid: `bench-${process.pid}-${n}`,
    attendees: [{ email: `bench${n}@example.com`, name: `Bench ${n}`, timeZone: "UTC" }],
    responses: { name: { label: "your_name", value: `Bench ${n}` }, email: { label: "email_address", value: `bench${n}@example.com` } },
  });
  return JSON.stringify(body);
}

async function load(server: RunningServer, body: () => string): Promise<Load> {
  const result = await autocannon({
    url: `${server.url}/webhooks/bookings/cal`,
    connections: 50,
    duration: SECONDS,
    requests: [
      {
        method: "POST",
        setupRequest: (request) => {
          const text = body();
          return {
            ...request,
            body: text,
            headers: { "Content-Type": "application/json", "X-Cal-Signature-256": bodySignature(SECRET, text) },
          };
        },
      },
    ],
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result["2xx"],
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

async function bench(database: string, env: () => Promise<Record<string, string>>) {
  const server = await startServer({ ...(await env()), CAL_WEBHOOK_SECRET: SECRET });
  try {
    const fresh = await load(server, newBooking);
    const once = newBooking();
    const retried = await load(server, () => once);
    return { database, fresh, retried };
  } finally {
    await server.stop();
  }
}

if (!existsSync("build/server/main.js")) {
  console.error("No build: run `npm run build` first.");
  process.exit(1);
}

const rows = await onBothDatabases(bench);

console.log(`\nCal.com booking webhook (POST /webhooks/bookings/cal), ${SECONDS}s at 50 connections, valid signed deliveries.\n`);
printLoadTable(
  "Deliveries",
  rows.map((row) => ({
    database: row.database,
    loads: [
      ["new bookings", row.fresh],
      ["one delivery retried", row.retried],
    ],
  })),
);
