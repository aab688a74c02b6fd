import { sql } from "drizzle-orm";
import {
  bigint,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { LIMITS } from "../forms/limits";

// The source of truth for the tables: `npm run db:generate` (drizzle-kit) writes the SQL migrations in db/migrations/
// from this file, checks and indexes included, so the database refuses what the code should never have sent.
// Check names are PostgreSQL's own for column checks (<table>_<column>_check), as the first migration created them.

const id = () => bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

const EMAIL_SHAPE = "^[^@[:space:]]+@[^@[:space:]]+\\.[^@[:space:]]+$";
const emailCheck = (table: string, column: AnyPgColumn) => check(`${table}_email_check`, sql`${column} ~ ${sql.raw(`'${EMAIL_SHAPE}'`)}`);
const notBlank = (name: string, column: AnyPgColumn) => check(name, sql`btrim(${column}) <> ''`);
const blankOrNull = (name: string, column: AnyPgColumn) => check(name, sql`${column} IS NULL OR btrim(${column}) <> ''`);

export const contactRequests = pgTable(
  "contact_requests",
  {
    id: id(),
    name: varchar("name", { length: LIMITS.name }).notNull(),
    email: varchar("email", { length: LIMITS.email }).notNull(),
    companyName: varchar("company_name", { length: LIMITS.company }),
    message: varchar("message", { length: LIMITS.longText }).notNull(),
    requestType: varchar("request_type", { length: 20 }).notNull().default("contact"),
    createdAt: createdAt(),
  },
  (t) => [
    notBlank("contact_requests_name_check", t.name),
    emailCheck("contact_requests", t.email),
    blankOrNull("contact_requests_company_name_check", t.companyName),
    notBlank("contact_requests_message_check", t.message),
    check("contact_requests_request_type_check", sql`${t.requestType} IN ('contact')`),
  ],
);

export const featureRequests = pgTable(
  "feature_requests",
  {
    id: id(),
    name: varchar("name", { length: LIMITS.name }).notNull(),
    email: varchar("email", { length: LIMITS.email }).notNull(),
    company: varchar("company", { length: LIMITS.company }),
    featureTitle: varchar("feature_title", { length: LIMITS.title }).notNull(),
    description: varchar("description", { length: LIMITS.longText }).notNull(),
    useCase: varchar("use_case", { length: LIMITS.longText }),
    createdAt: createdAt(),
  },
  (t) => [
    notBlank("feature_requests_name_check", t.name),
    emailCheck("feature_requests", t.email),
    blankOrNull("feature_requests_company_check", t.company),
    notBlank("feature_requests_feature_title_check", t.featureTitle),
    notBlank("feature_requests_description_check", t.description),
    blankOrNull("feature_requests_use_case_check", t.useCase),
  ],
);

export const SUBSCRIBER_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/**
 * Double opt-in: a sign-up is `pending` with its consent record (when, on which page, the sentence shown, a salted hash
 * of the address it came from) until the link in the confirmation email confirms it; unsubscribing keeps the row,
 * so the address is never mailed again. Rows from before double opt-in were migrated as confirmed (decision 007).
 */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: id(),
    email: varchar("email", { length: LIMITS.email }).notNull(),
    source: varchar("source", { length: LIMITS.source }).notNull(),
    createdAt: createdAt(),
    status: varchar("status", { length: 16, enum: SUBSCRIBER_STATUSES }).notNull().default("pending"),
    consentText: varchar("consent_text", { length: 500 }),
    consentAddressHash: char("consent_address_hash", { length: 64 }),
    confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  },
  (t) => [
    emailCheck("newsletter_subscribers", t.email),
    check("newsletter_subscribers_source_check", sql`${t.source} LIKE '/%'`),
    check("newsletter_subscribers_status_check", sql`${t.status} IN ('pending', 'confirmed', 'unsubscribed')`),
    // One row per address, whatever its case: subscribing twice succeeds and stores one row.
    uniqueIndex("newsletter_subscribers_email_key").using("btree", sql`lower(${t.email})`),
    index("newsletter_subscribers_status_created_at_idx").using("btree", t.status, t.createdAt),
  ],
);

export const resourceLeads = pgTable(
  "resource_leads",
  {
    id: id(),
    name: varchar("name", { length: LIMITS.name }).notNull(),
    email: varchar("email", { length: LIMITS.email }).notNull(),
    resourceId: varchar("resource_id", { length: LIMITS.resourceId }).notNull(),
    resourceTitle: varchar("resource_title", { length: LIMITS.title }).notNull(),
    downloadedAt: timestamp("downloaded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("resource_leads_name_check", sql`char_length(btrim(${t.name})) >= 2`),
    emailCheck("resource_leads", t.email),
    check("resource_leads_resource_id_check", sql`${t.resourceId} ~ '^[a-z0-9-]+$'`),
    notBlank("resource_leads_resource_title_check", t.resourceTitle),
    index("resource_leads_resource_id_idx").using("btree", t.resourceId),
  ],
);

/** Fixed-window counters keyed by a salted hash of the client address (never the address itself). */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    bucket: varchar("bucket", { length: 40 }).notNull(),
    addressHash: char("address_hash", { length: 64 }).notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull().default(1),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: "rate_limit_hits_pkey", columns: [t.bucket, t.addressHash, t.windowStart] }),
    check("rate_limit_hits_hits_check", sql`${t.hits} > 0`),
    index("rate_limit_hits_expires_at_idx").using("btree", t.expiresAt),
  ],
);

/** One random salt per UTC day, shared by every instance; deleted after the day so old hashes cannot be recomputed. */
export const rateLimitSalts = pgTable("rate_limit_salts", {
  day: date("day").primaryKey(),
  salt: char("salt", { length: 64 }).notNull(),
});

/**
 * What makes a second identical post within seconds (a double click without JavaScript) a no-op: a hash of the form,
 * the sender and the parsed values, written in the same transaction as the lead. Kept for minutes, then purged.
 */
export const formReceipts = pgTable(
  "form_receipts",
  {
    fingerprint: char("fingerprint", { length: 64 }).primaryKey(),
    createdAt: createdAt(),
  },
  (t) => [index("form_receipts_created_at_idx").using("btree", t.createdAt)],
);

export const OUTBOX_STATUSES = ["pending", "sending", "sent", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * The durable outbox: every email and webhook the site sends is a row written in the same transaction as the lead it
 * is about, then delivered by the worker (app/lib/jobs/) with retries. `recipient` is the visitor's address the job
 * concerns (the To of a visitor's email, the Reply-To of a team notification), so a data-subject request finds it.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: id(),
    kind: varchar("kind", { length: 40 }).notNull(),
    recipient: varchar("recipient", { length: LIMITS.email }),
    payload: jsonb("payload").notNull(),
    status: varchar("status", { length: 16, enum: OUTBOX_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    runAfter: timestamp("run_after", { withTimezone: true }).notNull().defaultNow(),
    /** While a worker holds the job: if it dies, another takes the job over after this time. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: varchar("last_error", { length: 500 }),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    check("outbox_status_check", sql`${t.status} IN ('pending', 'sending', 'sent', 'failed')`),
    check("outbox_attempts_check", sql`${t.attempts} >= 0`),
    index("outbox_due_idx").using("btree", t.status, t.runAfter),
    index("outbox_recipient_idx").using("btree", sql`lower(${t.recipient})`),
    index("outbox_created_at_idx").using("btree", t.createdAt),
  ],
);

/** The tables an operator exports, by their SQL name. */
export const leadTables = {
  contact_requests: contactRequests,
  feature_requests: featureRequests,
  newsletter_subscribers: newsletterSubscribers,
  resource_leads: resourceLeads,
} as const;
