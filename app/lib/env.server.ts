import { z } from "zod";
import { companyDefaults } from "../content/company.ts";
import { ANALYTICS_RETENTION_DEFAULT_DAYS, RETENTION_DEFAULT_DAYS } from "./retention/retention.ts";

// Unset and empty variables both fall back to the default, as operators expect from `FOO= npm start`.
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" ? undefined : value), schema);

const origin = z.url().transform((value) => value.replace(/\/+$/, ""));

/** One address or several, comma separated. */
const addresses = z
  .string()
  .transform((value) =>
    value
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.email()).min(1));

export const EnvSchema = z.object({
  PORT: optional(z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: optional(z.string().default("0.0.0.0")),
  SITE_URL: optional(origin.default("http://localhost:3000")),
  APP_URL: optional(origin.default("https://app.replywise.example")),
  // The company's details (CONTACT_EMAIL to GOVERNING_LAW) are site content (docs/decisions/043): these are only their
  // initial values, imported at the first start; the Company editor in the console changes them from then on.
  CONTACT_EMAIL: optional(z.email().default(companyDefaults.salesEmail)),
  SUPPORT_EMAIL: optional(z.email().default(companyDefaults.supportEmail)),
  CONTACT_PHONE: optional(z.string().min(3).default(companyDefaults.phone)),
  SUPPORT_PORTAL_URL: optional(z.url().default(companyDefaults.supportPortalUrl)),
  BOOKING_URL: optional(z.url().default("https://booking.replywise.example/replywise/30min")),
  BOOKING_SCRIPT_URL: optional(z.url().default("https://booking.replywise.example/embed.js")),
  CHAT_URL: optional(z.url().optional()),
  COMPANY_NAME: optional(z.string().trim().min(2).default(companyDefaults.name)),
  COMPANY_ADDRESS: optional(z.string().trim().min(10).default(companyDefaults.address)),
  GOVERNING_LAW: optional(z.string().trim().min(2).default(companyDefaults.governingLaw)),
  DATABASE_URL: optional(z.string().startsWith("postgres").optional()),
  DATA_DIR: optional(z.string().default("./data")),
  // Signs the links in emails (confirm, unsubscribe) and the operators' sessions. Unset: a random key is generated into
  // DATA_DIR/secret-key on first start; with several instances, set it so they all accept each other's links.
  SECRET_KEY: optional(z.string().min(32, "must be at least 32 characters").optional()),
  // Mail over SMTP (smtp://user:pass@host:587 or smtps://...:465). Unset: messages are written as .eml files to
  // DATA_DIR/mail instead, so a fresh clone works and the operator can open what would have been sent.
  SMTP_URL: optional(
    z
      .string()
      .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
      .optional(),
  ),
  MAIL_FROM: optional(z.string().min(3).default("Replywise <hello@replywise.example>")),
  MAIL_REPLY_TO: optional(z.email().optional()),
  // The team's inbox for new leads (defaults to CONTACT_EMAIL); one variable per form overrides it for that form.
  NOTIFY_EMAIL: optional(addresses.optional()),
  NOTIFY_EMAIL_CONTACT: optional(addresses.optional()),
  NOTIFY_EMAIL_FEATURE_REQUEST: optional(addresses.optional()),
  NOTIFY_EMAIL_DOWNLOAD: optional(addresses.optional()),
  NOTIFY_EMAIL_DEMO: optional(addresses.optional()),
  // Each new lead is also POSTed there as JSON, signed with NOTIFY_WEBHOOK_SECRET (header X-Replywise-Signature).
  NOTIFY_WEBHOOK_URL: optional(z.url().optional()),
  NOTIFY_WEBHOOK_SECRET: optional(z.string().min(16).optional()),
  // The outbox worker: attempts before a job is parked as failed, first retry delay (doubling each time), poll interval.
  // Bounces and complaints (docs/decisions/024): the mail provider's signed notices (POST /webhooks/email-events, off
  // when unset), and how many soft bounces put an address on the do-not-mail list.
  EMAIL_EVENTS_SECRET: optional(z.string().min(32).optional()),
  // Demo bookings (docs/decisions/028): each booking service's webhook is on only when its secret is set. BOOKING_PROVIDER
  // says which service BOOKING_URL is on, so the booking link and the embed carry the visit's reference where it looks.
  BOOKING_PROVIDER: optional(z.enum(["cal", "calendly"]).default("cal")),
  CAL_WEBHOOK_SECRET: optional(z.string().min(16).optional()),
  CALENDLY_WEBHOOK_SIGNING_KEY: optional(z.string().min(16).optional()),
  SOFT_BOUNCE_LIMIT: optional(z.coerce.number().int().min(1).max(100).default(3)),
  // How fast a newsletter issue's copies go out (docs/decisions/025), across all instances; 0: as fast as the outbox goes.
  NEWSLETTER_RATE_PER_MINUTE: optional(z.coerce.number().int().min(0).max(100_000).default(600)),
  OUTBOX_MAX_ATTEMPTS: optional(z.coerce.number().int().min(1).max(50).default(10)),
  OUTBOX_RETRY_SECONDS: optional(z.coerce.number().min(0.1).max(3600).default(5)),
  OUTBOX_POLL_SECONDS: optional(z.coerce.number().min(0.05).max(60).default(2)),
  // How long a worker holds a job it took: if its instance dies mid-delivery, another takes the job over after this.
  OUTBOX_LEASE_SECONDS: optional(z.coerce.number().min(1).max(3600).default(120)),
  // Jobs a worker takes and delivers at once (its concurrency towards the mail server).
  OUTBOX_BATCH_SIZE: optional(z.coerce.number().int().min(1).max(100).default(10)),
  // Form submissions allowed per visitor address and form in one window (server-side abuse limit).
  RATE_LIMIT_MAX: optional(z.coerce.number().int().min(1).default(10)),
  // Submissions per form from all addresses together in one window: far above any real peak, it caps a botnet.
  RATE_LIMIT_FORM_MAX: optional(z.coerce.number().int().min(1).default(1000)),
  RATE_LIMIT_WINDOW_SECONDS: optional(z.coerce.number().int().min(1).max(86_400).default(600)),
  TRUST_PROXY: optional(z.string().optional()),
  // A client gets this long to send its request headers, and this long for the whole request (headers and body):
  // enough for a slow phone, short enough that a stalled connection does not hold the server.
  HEADERS_TIMEOUT_SECONDS: optional(z.coerce.number().min(0.1).max(120).default(10)),
  REQUEST_TIMEOUT_SECONDS: optional(z.coerce.number().min(0.1).max(600).default(30)),
  // The console (docs/decisions/014; its cookie is signed with a key derived from SECRET_KEY): idle and absolute
  // session lifetimes, failed sign-ins allowed per account from one client address and per client address in one
  // window before each next try waits (docs/decisions/019).
  SESSION_IDLE_MINUTES: optional(z.coerce.number().int().min(1).max(1440).default(30)),
  SESSION_MAX_HOURS: optional(z.coerce.number().int().min(1).max(720).default(12)),
  SIGN_IN_MAX_FAILURES: optional(z.coerce.number().int().min(1).default(5)),
  SIGN_IN_MAX_FAILURES_PER_ADDRESS: optional(z.coerce.number().int().min(1).default(20)),
  SIGN_IN_WINDOW_MINUTES: optional(z.coerce.number().int().min(1).max(1440).default(15)),
  // Retention: rows older than these are deleted by the scheduled purge (the privacy policy quotes the defaults).
  RETENTION_CONTACT_DAYS: optional(z.coerce.number().int().min(1).default(RETENTION_DEFAULT_DAYS.contact)),
  RETENTION_FEATURE_REQUEST_DAYS: optional(z.coerce.number().int().min(1).default(RETENTION_DEFAULT_DAYS.featureRequest)),
  RETENTION_DOWNLOAD_DAYS: optional(z.coerce.number().int().min(1).default(RETENTION_DEFAULT_DAYS.download)),
  RETENTION_OUTBOX_DAYS: optional(z.coerce.number().int().min(1).default(RETENTION_DEFAULT_DAYS.outbox)),
  RETENTION_AUDIT_DAYS: optional(z.coerce.number().int().min(1).default(RETENTION_DEFAULT_DAYS.audit)),
  // Server-side analytics (docs/decisions/021): counting on or off, how long raw page views are kept before only their
  // daily rollup stays, and how hits are batched (written every ANALYTICS_FLUSH_MS or once ANALYTICS_BATCH_SIZE wait).
  ANALYTICS_ENABLED: optional(
    z
      .enum(["true", "false", "on", "off", "1", "0"])
      .default("true")
      .transform((value) => ["true", "on", "1"].includes(value)),
  ),
  ANALYTICS_RETENTION_DAYS: optional(z.coerce.number().int().min(1).max(3650).default(ANALYTICS_RETENTION_DEFAULT_DAYS)),
  ANALYTICS_FLUSH_MS: optional(z.coerce.number().int().min(10).max(60_000).default(1000)),
  ANALYTICS_BATCH_SIZE: optional(z.coerce.number().int().min(1).max(10_000).default(500)),
  PURGE_INTERVAL_MINUTES: optional(z.coerce.number().min(0.01).max(1440).default(60)),
  // The time trap (decision 020): a lead form posted sooner than this after its page opened is held as spam; 0 turns it off.
  FORM_MIN_FILL_SECONDS: optional(z.coerce.number().min(0).max(60).default(2)),
  // Posts held as spam (decision 020) are deleted this long after they arrived.
  RETENTION_SPAM_DAYS: optional(z.coerce.number().int().min(1).default(RETENTION_DEFAULT_DAYS.spam)),
  // Delivery alerts (decision 020): a job parked as failed, or the oldest waiting job older than this, alerts the team
  // once (then at most hourly while it worsens) and again with an all clear when it ends.
  ALERT_QUEUE_AGE_MINUTES: optional(z.coerce.number().min(0.1).max(1440).default(10)),
  // Who gets the alerts by e-mail (default: every operator account); a separate mail server for them, so an alert
  // about the SMTP provider does not depend on it; and a webhook (Slack-compatible JSON) that needs no mail at all.
  ALERT_EMAIL: optional(addresses.optional()),
  ALERT_SMTP_URL: optional(
    z
      .string()
      .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
      .optional(),
  ),
  ALERT_WEBHOOK_URL: optional(z.url().optional()),
  ALERT_CHECK_SECONDS: optional(z.coerce.number().min(0.05).max(3600).default(60)),
  // The bearer token Prometheus sends to /metrics; unset, there is no /metrics.
  METRICS_TOKEN: optional(z.string().min(16, "must be at least 16 characters").optional()),
});

export type Env = z.infer<typeof EnvSchema>;

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join("\n  ")}`);
  }
  return result.data;
}

/**
 * The only configuration the browser sees; read when the process starts, never baked into a bundle (decision 042). The
 * company's details are not in it: they are site content, read by the pages and mails when they render (decision 043).
 */
export function publicConfig(env: Env) {
  return {
    siteUrl: env.SITE_URL,
    appUrl: env.APP_URL,
    bookingUrl: env.BOOKING_URL,
    bookingScriptUrl: env.BOOKING_SCRIPT_URL,
    chatUrl: env.CHAT_URL ?? null,
  };
}

export type PublicConfig = ReturnType<typeof publicConfig>;

/**
 * Sets on globalThis the public configuration the app reads as it loads (app/content/site.ts, through any feature's
 * public module: decision 039), before any of its modules load: server.js (through build/server/config.js), the
 * prerender (vite.config.ts, under stand-in origins), the scripts tsx runs (scripts/support/app-globals.ts) and
 * Playwright's test files (playwright.config.ts). Decision 042. The icon sprite's URL is left out: the build defines it.
 */
export function defineAppGlobals(env: Env = readEnv()): void {
  Object.assign(globalThis, { __PUBLIC_CONFIG__: publicConfig(env) });
}
