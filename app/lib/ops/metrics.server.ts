import { sql } from "drizzle-orm";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { Database } from "~/lib/db/client.server";
import { rowsOf } from "~/lib/db/rows.server";
import { OUTBOX_STATUSES } from "~/lib/db/schema/outbox";
import { FORM_NAMES, type FormName } from "~/lib/forms/names";

// The process's metrics, in Prometheus' text format (served at /metrics behind METRICS_TOKEN, server/metrics.ts):
// what happened to each form post, deliveries, requests and limits, counted as they happen in this process; leads,
// held spam and the outbox, read from the database at each scrape, so every instance reports the same totals. Labels
// are names from fixed lists (forms, outcomes, job kinds, route classes), never anything a visitor sent.

/** What became of a form post. */
export type FormPostOutcome =
  "stored" | "duplicate" | "invalid" | "spam" | "rate-limited" | "too-large" | "unsupported-media-type" | "unreadable" | "unavailable";

/** Which part of the site a request was for: a bounded label, never the path. */
export type RouteClass = "page" | "form" | "console" | "asset" | "download" | "probe" | "metrics";

const LEAD_TABLES: Record<FormName, string> = {
  contact: "contact_requests",
  "feature-request": "feature_requests",
  newsletter: "newsletter_subscribers",
  download: "resource_leads",
  "roadmap-vote": "roadmap_votes",
};

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "replywise_" });
  const registers = { registers: [registry] };
  return {
    registry,
    formPosts: new Counter({
      name: "replywise_form_posts_total",
      help: "Form posts by form and what became of them.",
      labelNames: ["form", "outcome"],
      ...registers,
    }),
    rateLimitRefusals: new Counter({
      name: "replywise_rate_limit_refusals_total",
      help: "Requests refused by a rate limit: form posts by form, failed sign-ins.",
      labelNames: ["limit"],
      ...registers,
    }),
    deliveries: new Counter({
      name: "replywise_outbox_deliveries_total",
      help: "Outbox delivery attempts by job kind and result (sent, retry, failed for good).",
      labelNames: ["kind", "result"],
      ...registers,
    }),
    requests: new Histogram({
      name: "replywise_http_request_duration_seconds",
      help: "Requests by route class, method and status class, with their durations.",
      labelNames: ["route", "method", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      ...registers,
    }),
    leads: new Gauge({ name: "replywise_leads", help: "Leads stored, by form (database).", labelNames: ["form"], ...registers }),
    spam: new Gauge({ name: "replywise_spam_posts", help: "Posts held as spam, by form (database).", labelNames: ["form"], ...registers }),
    outboxJobs: new Gauge({
      name: "replywise_outbox_jobs",
      help: "Outbox jobs by status (database).",
      labelNames: ["status"],
      ...registers,
    }),
    oldestPending: new Gauge({
      name: "replywise_outbox_oldest_pending_seconds",
      help: "Age of the oldest job waiting to be delivered; 0 when none waits (database).",
      ...registers,
    }),
    bookingDeliveries: new Counter({
      name: "replywise_booking_deliveries_total",
      help: "Booking services' webhook deliveries by provider and what became of them (applied, duplicate, ignored, refused...).",
      labelNames: ["provider", "outcome"],
      ...registers,
    }),
    databaseUp: new Gauge({ name: "replywise_database_up", help: "Whether the last scrape could read the database.", ...registers }),
  };
}

// One set per process: Vite re-evaluates this module in development, and a second registration would throw.
const processGlobal = globalThis as typeof globalThis & { __replywiseMetrics?: ReturnType<typeof createMetrics> };
const metrics = () => (processGlobal.__replywiseMetrics ??= createMetrics());

export const formPostOutcome = (form: FormName, outcome: FormPostOutcome) => metrics().formPosts.inc({ form, outcome });

/** A booking service's delivery (docs/decisions/028): the provider and a word from a fixed list, never its content. */
export const bookingDeliveryOutcome = (provider: string, outcome: string) => metrics().bookingDeliveries.inc({ provider, outcome });

export const rateLimitRefused = (limit: FormName | "sign-in") => metrics().rateLimitRefusals.inc({ limit });

export const deliveryResult = (kind: string, result: "sent" | "retry" | "failed" | "suppressed") =>
  metrics().deliveries.inc({ kind: kind.slice(0, 60), result });

export const observeRequest = (route: RouteClass, method: string, status: number, seconds: number) =>
  metrics().requests.observe({ route, method, status: `${Math.floor(status / 100)}xx` }, seconds);

/** Reads the database's figures into the gauges; a database that is away leaves them and says so. */
async function readDatabase(db: Database) {
  const m = metrics();
  try {
    const counts = sql.join(
      FORM_NAMES.map((form) => sql`SELECT ${form} AS form, count(*)::int AS n FROM ${sql.identifier(LEAD_TABLES[form])}`),
      sql` UNION ALL `,
    );
    for (const row of rowsOf<{ form: FormName; n: number }>(await db.execute(counts))) m.leads.set({ form: row.form }, Number(row.n));
    const spam = rowsOf<{ form: string; n: number }>(await db.execute(sql`SELECT form, count(*)::int AS n FROM spam_posts GROUP BY form`));
    for (const form of FORM_NAMES) m.spam.set({ form }, Number(spam.find((row) => row.form === form)?.n ?? 0));
    const jobs = rowsOf<{ status: string; n: number }>(
      await db.execute(sql`SELECT status, count(*)::int AS n FROM outbox GROUP BY status`),
    );
    for (const status of OUTBOX_STATUSES) m.outboxJobs.set({ status }, Number(jobs.find((row) => row.status === status)?.n ?? 0));
    const [oldest] = rowsOf<{ seconds: number | null }>(
      await db.execute(
        sql`SELECT extract(epoch FROM now() - min(created_at))::float8 AS seconds FROM outbox WHERE status IN ('pending', 'sending')`,
      ),
    );
    m.oldestPending.set(Math.max(0, Number(oldest?.seconds ?? 0)));
    m.databaseUp.set(1);
  } catch {
    m.databaseUp.set(0);
  }
}

/** The scrape: the database's figures read now, then everything in Prometheus' text format. */
export async function metricsText(db: Database): Promise<{ contentType: string; body: string }> {
  await readDatabase(db);
  const { registry } = metrics();
  return { contentType: registry.contentType, body: await registry.metrics() };
}
