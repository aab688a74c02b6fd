import { z } from "zod";
import { RETENTION_DEFAULT_DAYS } from "./inbox/retention";

// Unset and empty variables both fall back to the default, as operators expect from `FOO= npm start`.
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" ? undefined : value), schema);

const origin = z.url().transform((value) => value.replace(/\/+$/, ""));

export const EnvSchema = z.object({
  PORT: optional(z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: optional(z.string().default("0.0.0.0")),
  SITE_URL: optional(origin.default("http://localhost:3000")),
  APP_URL: optional(origin.default("https://app.replywise.example")),
  CONTACT_EMAIL: optional(z.email().default("hello@replywise.example")),
  SUPPORT_EMAIL: optional(z.email().default("support@replywise.example")),
  CONTACT_PHONE: optional(z.string().min(3).default("+1 (555) 010-4242")),
  SUPPORT_PORTAL_URL: optional(z.url().default("https://support.replywise.example")),
  BOOKING_URL: optional(z.url().default("https://booking.replywise.example/replywise/30min")),
  BOOKING_SCRIPT_URL: optional(z.url().default("https://booking.replywise.example/embed.js")),
  CHAT_URL: optional(z.url().optional()),
  // Who the business is: the terms, the privacy policy, the site footer and every e-mail footer name it.
  COMPANY_NAME: optional(z.string().trim().min(2).default("Replywise, Inc.")),
  COMPANY_ADDRESS: optional(z.string().trim().min(10).default("123 Example Street, Suite 100, San Francisco, CA 94105, United States")),
  GOVERNING_LAW: optional(z.string().trim().min(2).default("the State of Delaware, United States")),
  DATABASE_URL: optional(z.string().startsWith("postgres").optional()),
  DATA_DIR: optional(z.string().default("./data")),
  NOTIFY_WEBHOOK_URL: optional(z.url().optional()),
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
  // The operator inbox (docs/decisions/014): the key that signs its session cookie (unset: generated once into
  // DATA_DIR/session-secret; set it when several instances serve the site), idle and absolute session lifetimes,
  // failed sign-ins allowed per account and per address in one window.
  SESSION_SECRET: optional(z.string().min(32, "must be at least 32 characters (e.g. `openssl rand -hex 32`)").optional()),
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
  PURGE_INTERVAL_MINUTES: optional(z.coerce.number().min(0.01).max(1440).default(60)),
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

/** The only configuration the browser sees; baked into both bundles at build time. */
export function publicConfig(env: Env) {
  return {
    siteUrl: env.SITE_URL,
    appUrl: env.APP_URL,
    contactEmail: env.CONTACT_EMAIL,
    supportEmail: env.SUPPORT_EMAIL,
    contactPhone: env.CONTACT_PHONE,
    supportPortalUrl: env.SUPPORT_PORTAL_URL,
    bookingUrl: env.BOOKING_URL,
    bookingScriptUrl: env.BOOKING_SCRIPT_URL,
    chatUrl: env.CHAT_URL ?? null,
    companyName: env.COMPANY_NAME,
    companyAddress: env.COMPANY_ADDRESS,
    governingLaw: env.GOVERNING_LAW,
  };
}

export type PublicConfig = ReturnType<typeof publicConfig>;
