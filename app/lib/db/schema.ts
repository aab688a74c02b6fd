import { sql, type SQL } from "drizzle-orm";
import {
  bigint,
  boolean,
  char,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  smallint,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { ROLES, type Role } from "../auth/roles";
import { LIMITS } from "../forms/limits";
import { VISIT_LIMITS } from "../forms/visit";
import { LEAD_STAGES, NOTE_MAX_LENGTH } from "../inbox/kinds";

// The source of truth for the tables: `npm run db:generate` (drizzle-kit) writes the SQL migrations in db/migrations/
// from this file, checks and indexes included, so the database refuses what the code should never have sent.
// Check names are PostgreSQL's own for column checks (<table>_<column>_check), as the first migration created them.

const id = () => bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

const EMAIL_SHAPE = "^[^@[:space:]]+@[^@[:space:]]+\\.[^@[:space:]]+$";
const emailCheck = (table: string, column: AnyPgColumn) => check(`${table}_email_check`, sql`${column} ~ ${sql.raw(`'${EMAIL_SHAPE}'`)}`);
const notBlank = (name: string, column: AnyPgColumn) => check(name, sql`btrim(${column}) <> ''`);
const blankOrNull = (name: string, column: AnyPgColumn) => check(name, sql`${column} IS NULL OR btrim(${column}) <> ''`);

/** Where a visit came from, besides its page: the referring site and the utm_* tags (leads and page views alike). */
const sourceColumns = () => ({
  referrer: varchar("referrer", { length: VISIT_LIMITS.referrer }),
  utmSource: varchar("utm_source", { length: VISIT_LIMITS.utm_source }),
  utmMedium: varchar("utm_medium", { length: VISIT_LIMITS.utm_medium }),
  utmCampaign: varchar("utm_campaign", { length: VISIT_LIMITS.utm_campaign }),
  utmTerm: varchar("utm_term", { length: VISIT_LIMITS.utm_term }),
  utmContent: varchar("utm_content", { length: VISIT_LIMITS.utm_content }),
});

/**
 * What every lead table carries for the operator inbox (docs/decisions/014): where the visit came from (the columns
 * the privacy policy lists, app/lib/forms/visit.ts) and how the team handled the lead (new until `handled_at`).
 */
const inboxColumns = () => ({
  landingPage: varchar("landing_page", { length: VISIT_LIMITS.landing_page }),
  ...sourceColumns(),
  handledAt: timestamp("handled_at", { withTimezone: true }),
  /** The operator's address when it was handled: kept when the operator's account is removed. */
  handledBy: varchar("handled_by", { length: LIMITS.email }),
  note: varchar("note", { length: NOTE_MAX_LENGTH }),
  /**
   * Where the lead is in the sales pipeline (app/lib/inbox/kinds.ts), who moved it there and when. `handled_at` stays
   * the moment it first left `new` (the list's "new" filter and its index read it).
   */
  stage: varchar("stage", { length: 16, enum: LEAD_STAGES }).notNull().default("new"),
  stageAt: timestamp("stage_at", { withTimezone: true }),
  stageBy: varchar("stage_by", { length: LIMITS.email }),
  /** The server-side analytics' visitor id of the visit that sent it (docs/decisions/021): a daily hash, never reversible. */
  visitorId: bigint("visitor_id", { mode: "number" }),
});

type InboxColumns = { [Key in keyof ReturnType<typeof inboxColumns>]: AnyPgColumn } & { id: AnyPgColumn; email: AnyPgColumn };

/** The text the inbox searches (and its trigram index covers), as one expression per table. */
export const searchText = (...columns: AnyPgColumn[]) =>
  sql.join(
    columns.map((column) => sql`coalesce(${column}, '')`),
    sql` || ' ' || `,
  );

type Columns<Name extends string> = Record<Name, AnyPgColumn>;

/** What the inbox searches in each lead table (name, email, company and text): the index and the query both read it. */
export const searchColumns = {
  contact: (t: Columns<"name" | "email" | "companyName" | "message">) => [t.name, t.email, t.companyName, t.message],
  "feature-request": (t: Columns<"name" | "email" | "company" | "featureTitle" | "description" | "useCase">) => [
    t.name,
    t.email,
    t.company,
    t.featureTitle,
    t.description,
    t.useCase,
  ],
  newsletter: (t: Columns<"email" | "source">) => [t.email, t.source],
  download: (t: Columns<"name" | "email" | "resourceTitle">) => [t.name, t.email, t.resourceTitle],
  demo: (t: Columns<"name" | "email" | "company" | "eventName">) => [t.name, t.email, t.company, t.eventName],
};

/** The attribution the inbox filters on ("came from"), as one expression. */
export const attributionText = (t: InboxColumns) =>
  searchText(t.landingPage, t.referrer, t.utmSource, t.utmMedium, t.utmCampaign, t.utmTerm, t.utmContent);

/**
 * The inbox lists newest first (time, then id), new leads on their own, and searches by substring: pages of 50 stay
 * fast at 100,000 rows (bench/inbox.ts). Trigram indexes need pg_trgm (migration trigram_search).
 */
const inboxIndexes = (table: string, t: InboxColumns, time: AnyPgColumn, search: SQL, { emailIndex = true } = {}) => [
  check(`${table}_stage_check`, sql`${t.stage} IN (${sql.raw(LEAD_STAGES.map((stage) => `'${stage}'`).join(", "))})`),
  index(`${table}_time_idx`).on(time, t.id),
  index(`${table}_new_idx`)
    .on(time, t.id)
    .where(sql`${t.handledAt} IS NULL`),
  index(`${table}_search_idx`).using("gin", sql`(${search}) gin_trgm_ops`),
  index(`${table}_attribution_idx`).using("gin", sql`(${attributionText(t)}) gin_trgm_ops`),
  // Data-subject requests find every row of an address, whatever its case.
  ...(emailIndex ? [index(`${table}_email_idx`).using("btree", sql`lower(${t.email})`)] : []),
];

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
    ...inboxColumns(),
  },
  (t) => [
    notBlank("contact_requests_name_check", t.name),
    emailCheck("contact_requests", t.email),
    blankOrNull("contact_requests_company_name_check", t.companyName),
    notBlank("contact_requests_message_check", t.message),
    check("contact_requests_request_type_check", sql`${t.requestType} IN ('contact')`),
    ...inboxIndexes("contact_requests", t, t.createdAt, searchText(...searchColumns.contact(t))),
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
    ...inboxColumns(),
  },
  (t) => [
    notBlank("feature_requests_name_check", t.name),
    emailCheck("feature_requests", t.email),
    blankOrNull("feature_requests_company_check", t.company),
    notBlank("feature_requests_feature_title_check", t.featureTitle),
    notBlank("feature_requests_description_check", t.description),
    blankOrNull("feature_requests_use_case_check", t.useCase),
    ...inboxIndexes("feature_requests", t, t.createdAt, searchText(t.name, t.email, t.company, t.featureTitle, t.description, t.useCase)),
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
    ...inboxColumns(),
  },
  (t) => [
    emailCheck("newsletter_subscribers", t.email),
    check("newsletter_subscribers_source_check", sql`${t.source} LIKE '/%'`),
    check("newsletter_subscribers_status_check", sql`${t.status} IN ('pending', 'confirmed', 'unsubscribed')`),
    // One row per address, whatever its case: subscribing twice succeeds and stores one row.
    uniqueIndex("newsletter_subscribers_email_key").using("btree", sql`lower(${t.email})`),
    index("newsletter_subscribers_status_created_at_idx").using("btree", t.status, t.createdAt),
    ...inboxIndexes("newsletter_subscribers", t, t.createdAt, searchText(...searchColumns.newsletter(t)), { emailIndex: false }),
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
    ...inboxColumns(),
  },
  (t) => [
    check("resource_leads_name_check", sql`char_length(btrim(${t.name})) >= 2`),
    emailCheck("resource_leads", t.email),
    check("resource_leads_resource_id_check", sql`${t.resourceId} ~ '^[a-z0-9-]+$'`),
    notBlank("resource_leads_resource_title_check", t.resourceTitle),
    index("resource_leads_resource_id_idx").using("btree", t.resourceId),
    ...inboxIndexes("resource_leads", t, t.downloadedAt, searchText(...searchColumns.download(t))),
  ],
);

// ---- Demo bookings (docs/decisions/028) ----
// A meeting booked with the booking service (Cal.com or Calendly) arrives by its signed webhook and is a lead of kind
// `demo`: one per address, whatever number of meetings it booked; each booking its own row; each delivery applied once.

export const BOOKING_PROVIDERS = ["cal", "calendly"] as const;
export type BookingProvider = (typeof BOOKING_PROVIDERS)[number];
/** `booked` until cancelled, or replaced by the booking it was rescheduled to. */
export const BOOKING_STATUSES = ["booked", "cancelled", "rescheduled"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** What a delivery did, as the lead's timeline shows it; `replaced` (half of a Calendly reschedule) is not shown. */
export const BOOKING_EVENT_KINDS = ["booked", "rescheduled", "cancelled", "replaced", "no-show", "held"] as const;
export type BookingEventKind = (typeof BOOKING_EVENT_KINDS)[number];

const meetingColumns = () => ({
  /** The meeting's start and end, in UTC. */
  meetingAt: timestamp("meeting_at", { withTimezone: true }),
  meetingEndsAt: timestamp("meeting_ends_at", { withTimezone: true }),
  /** Who hosts it and the event's name, as the booking service names them. */
  host: varchar("host", { length: 200 }),
  eventName: varchar("event_name", { length: 200 }),
});

export const demoLeads = pgTable(
  "demo_leads",
  {
    id: id(),
    /** Null until a delivery that names the person arrives (a no-show can come first). */
    name: varchar("name", { length: LIMITS.name }),
    email: varchar("email", { length: LIMITS.email }).notNull(),
    company: varchar("company", { length: LIMITS.company }),
    /** The booking questions' answers, by question. */
    answers: jsonb("answers").$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
    /** The meeting on the lead now: its live booking's, else its last booking's. */
    ...meetingColumns(),
    /** What became of that meeting: booked, cancelled, no-show, held. */
    meetingStatus: varchar("meeting_status", { length: 16 }),
    /** The stage the booking service moved the lead from, put back when the booking is cancelled. */
    stageBefore: varchar("stage_before", { length: 16, enum: LEAD_STAGES }),
    ...inboxColumns(),
  },
  (t) => [
    emailCheck("demo_leads", t.email),
    blankOrNull("demo_leads_company_check", t.company),
    uniqueIndex("demo_leads_email_key").using("btree", sql`lower(${t.email})`),
    ...inboxIndexes("demo_leads", t, t.createdAt, searchText(...searchColumns.demo(t)), { emailIndex: false }),
  ],
);

export const demoBookings = pgTable(
  "demo_bookings",
  {
    id: id(),
    leadId: bigint("lead_id", { mode: "number" })
      .notNull()
      .references(() => demoLeads.id, { onDelete: "cascade" }),
    provider: varchar("provider", { length: 16, enum: BOOKING_PROVIDERS }).notNull(),
    /** Cal.com's booking uid, Calendly's invitee URI. */
    bookingId: varchar("booking_id", { length: 300 }).notNull(),
    /** The booking this one was rescheduled from. */
    replaces: varchar("replaces", { length: 300 }),
    status: varchar("status", { length: 16, enum: BOOKING_STATUSES }).notNull().default("booked"),
    noShow: boolean("no_show").notNull().default(false),
    held: boolean("held").notNull().default(false),
    ...meetingColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("demo_bookings_booking_key").on(t.provider, t.bookingId),
    index("demo_bookings_lead_idx").on(t.leadId),
    check("demo_bookings_status_check", sql`${t.status} IN ('booked', 'cancelled', 'rescheduled')`),
  ],
);

/**
 * Each delivery applied, once: (provider, booking, trigger) is the key a retried delivery meets. The rows are also the
 * lead's timeline, in the order things happened at the provider (`occurred_at`), whatever order they arrived in.
 */
export const demoBookingEvents = pgTable(
  "demo_booking_events",
  {
    id: id(),
    /** Set once the delivery is applied (the receipt is written first, so a concurrent retry waits for it). */
    leadId: bigint("lead_id", { mode: "number" }).references(() => demoLeads.id, { onDelete: "cascade" }),
    provider: varchar("provider", { length: 16, enum: BOOKING_PROVIDERS }).notNull(),
    bookingId: varchar("booking_id", { length: 300 }).notNull(),
    /** The provider's event name: BOOKING_CREATED, invitee.canceled... */
    trigger: varchar("trigger", { length: 40 }).notNull(),
    kind: varchar("kind", { length: 16, enum: BOOKING_EVENT_KINDS }).notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    /** The meeting's start as this delivery gave it. */
    meetingAt: timestamp("meeting_at", { withTimezone: true }),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("demo_booking_events_delivery_key").on(t.provider, t.bookingId, t.trigger),
    index("demo_booking_events_lead_idx").on(t.leadId, t.occurredAt),
  ],
);

/**
 * The opaque reference a page hands the booking service (docs/decisions/028): the SHA-256 of a random token, and the
 * visit it stands for, until it expires. The token alone is worthless: it names no person and cannot be guessed.
 */
export const bookingReferences = pgTable(
  "booking_references",
  {
    tokenHash: char("token_hash", { length: 64 }).primaryKey(),
    landingPage: varchar("landing_page", { length: VISIT_LIMITS.landing_page }),
    ...sourceColumns(),
    /** The analytics' visitor id of the visit and its UTC day (the day its id belongs to). */
    visitorId: bigint("visitor_id", { mode: "number" }),
    day: date("day"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("booking_references_expires_at_idx").on(t.expiresAt)],
);

/** The window counter's rows (app/lib/window-counter.server.ts), keyed by an HMAC of the counted value, never the value. */
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

/**
 * The daily salts of the releases before keyed hashes (issue 19): no longer written, emptied by the window counter's
 * purge. Kept while an instance of the previous release may still run beside the new one; a later migration drops it.
 */
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

/** `suppressed`: not sent, because the address gets no mail (a bounce or a complaint, docs/decisions/024). */
export const OUTBOX_STATUSES = ["pending", "sending", "sent", "failed", "suppressed"] as const;
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
    /** Lower goes first: a newsletter's thousands of copies (1) never hold up a visitor's receipt or the team's notice (0). */
    priority: smallint("priority").notNull().default(0),
    /**
     * When the job was first due (a scheduled or paced job's time, else its creation); retries move `run_after`, not
     * this. How long the queue is late is measured from it (the stale-queue alert), so what waits on purpose never alerts.
     */
    dueAt: timestamp("due_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("outbox_status_check", sql`${t.status} IN ('pending', 'sending', 'sent', 'failed', 'suppressed')`),
    check("outbox_attempts_check", sql`${t.attempts} >= 0`),
    index("outbox_due_idx").using("btree", t.status, t.runAfter),
    // The worker's claim walks this in order (app/lib/jobs/outbox.server.ts).
    index("outbox_claim_idx")
      .using("btree", t.priority, t.runAfter, t.id)
      .where(sql`${t.status} = 'pending'`),
    index("outbox_recipient_idx").using("btree", sql`lower(${t.recipient})`),
    index("outbox_created_at_idx").using("btree", t.createdAt),
  ],
);

/**
 * Posts that tripped a spam check (the honeypot filled in or missing, a form filled faster than a person can): stored,
 * never delivered or counted as leads, shown in the inbox's Spam view, where "Not spam" stores them as the form would
 * have, and purged after RETENTION_SPAM_DAYS. `fields` is what was posted (the honeypot's value included, bounded by the
 * body limit); `email` the address field as typed, for the search and data-subject requests.
 */
export const spamPosts = pgTable(
  "spam_posts",
  {
    id: id(),
    form: varchar("form", { length: 40 }).notNull(),
    /** Which checks it tripped: `honeypot-filled`, `honeypot-missing`, `too-fast`. */
    reasons: jsonb("reasons").$type<string[]>().notNull(),
    fields: jsonb("fields").$type<Record<string, string>>().notNull(),
    email: varchar("email", { length: LIMITS.email }),
    /** Where the visit came from, as a lead would store it (app/lib/forms/visit.ts). */
    visit: jsonb("visit").$type<Record<string, string | null>>().notNull(),
    /** The newsletter's consent evidence: the keyed hash of the poster's address, as a sign-up stores it. */
    consentAddressHash: char("consent_address_hash", { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [index("spam_posts_created_at_idx").on(t.createdAt, t.id), index("spam_posts_email_idx").using("btree", sql`lower(${t.email})`)],
);

/**
 * What the delivery alerts (app/lib/ops/alerts.server.ts) last told the team, per condition, shared by every instance:
 * whether the condition holds, since when, when the team was last alerted and what that alert said.
 */
export const alertStates = pgTable("alert_states", {
  condition: varchar("condition", { length: 40 }).primaryKey(),
  active: boolean("active").notNull().default(false),
  since: timestamp("since", { withTimezone: true }),
  notifiedAt: timestamp("notified_at", { withTimezone: true }),
  /** The measure the last alert reported (jobs parked, minutes waited), so a worse one may be told again after an hour. */
  notifiedValue: integer("notified_value"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The tables an operator exports, by their SQL name. */
export const leadTables = {
  contact_requests: contactRequests,
  feature_requests: featureRequests,
  newsletter_subscribers: newsletterSubscribers,
  resource_leads: resourceLeads,
  demo_leads: demoLeads,
} as const;

// ---- The operator inbox (docs/decisions/014) ----

/** The team's accounts, made and removed from the command line (scripts/operator.ts); passwords hashed with Argon2id. */
export const operators = pgTable(
  "operators",
  {
    id: id(),
    email: varchar("email", { length: LIMITS.email }).notNull(),
    passwordHash: varchar("password_hash", { length: 255 }).notNull(),
    /** app/lib/auth/roles.ts; the accounts made before roles existed became admins. */
    role: varchar("role", { length: 10 }).$type<Role>().notNull().default("admin"),
    createdAt: createdAt(),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
  },
  (t) => [
    emailCheck("operators", t.email),
    uniqueIndex("operators_email_key").using("btree", sql`lower(${t.email})`),
    check("operators_role_check", sql`${t.role} IN (${sql.raw(ROLES.map((role) => `'${role}'`).join(", "))})`),
  ],
);

/**
 * One row per signed-in browser, so "sign out everywhere" and idle expiry hold on every instance. `id` is the SHA-256
 * of the token in the cookie: someone who reads this table cannot sign in with what it holds.
 */
export const operatorSessions = pgTable(
  "operator_sessions",
  {
    id: char("id", { length: 64 }).primaryKey(),
    operatorId: bigint("operator_id", { mode: "number" })
      .notNull()
      .references(() => operators.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** The absolute end, however active the session (SESSION_MAX_HOURS). */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("operator_sessions_operator_id_idx").on(t.operatorId), index("operator_sessions_expires_at_idx").on(t.expiresAt)],
);

export const AUDIT_ACTIONS = [
  "sign-in",
  "sign-in-failed",
  "sign-out",
  "sign-out-everywhere",
  "export",
  "subject-lookup",
  "subject-export",
  "erasure",
  "purge",
  "operator-added",
  "operator-removed",
  "password-changed",
  "lead-stage",
  "report-export",
  "not-spam",
  "role-changed",
  "post-published",
  "post-scheduled",
  "post-unscheduled",
  "post-unpublished",
  "post-deleted",
  "post-restored",
  "preview-link",
  "newsletter-edited",
  "newsletter-test",
  "newsletter-scheduled",
  "newsletter-unscheduled",
  "newsletter-sent",
  "newsletter-deleted",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Counts, kinds and filter names: what an audit line may say about what was done. Never a lead's content or address. */
export type AuditDetail = Record<string, number | string | boolean | string[] | Record<string, number>>;

/** Who did what to the leads, and when: sign-ins, exports, data-subject requests, erasures, purges. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    createdAt: createdAt(),
    /** The operator's address, or `system` (the scheduled purge) or `command line` (scripts/operator.ts). */
    actor: varchar("actor", { length: LIMITS.email }).notNull(),
    action: varchar("action", { length: 40, enum: AUDIT_ACTIONS }).notNull(),
    detail: jsonb("detail").$type<AuditDetail>().notNull().default({}),
  },
  (t) => [index("audit_log_created_at_idx").on(t.createdAt, t.id)],
);

// ---- Server-side analytics (docs/decisions/021) ----
// Page views and goals as the server saw them: no address, no user agent, only a visitor id that is a hash of the
// day's secret salt, the address and the user agent. Salts go after 48 hours; raw rows after ANALYTICS_RETENTION_DAYS, each
// day having been rolled up into the daily tables the reports read.

/** One random salt per UTC day, shared by every instance; deleted once the day started more than 48 hours ago. */
export const analyticsSalts = pgTable("analytics_salts", {
  day: date("day").primaryKey(),
  salt: char("salt", { length: 64 }).notNull(),
  createdAt: createdAt(),
});

const visitor = () => bigint("visitor", { mode: "number" }).notNull();
const day = () => date("day").notNull();
/** What every raw analytics row has: when, on which UTC day, and whose visit. */
const hitColumns = () => ({ id: id(), at: timestamp("at", { withTimezone: true }).notNull(), day: day(), visitor: visitor() });

/** One row per counted HTML page view. */
export const analyticsPageViews = pgTable(
  "analytics_page_views",
  {
    ...hitColumns(),
    path: varchar("path", { length: VISIT_LIMITS.landing_page }).notNull(),
    /** The referrer is the referring site's host name; null for none and for this site's own pages. */
    ...sourceColumns(),
    /** Which ad click id the address carried (gclid, fbclid, msclkid, li_fat_id), never its value. */
    clickId: varchar("click_id", { length: 16 }),
    device: varchar("device", { length: 8 }).notNull(),
  },
  (t) => [index("analytics_page_views_day_idx").on(t.day, t.visitor, t.at)],
);

/** One row per goal reached: a lead stored, a download, a newsletter confirmation, a click out through /go/. */
export const analyticsGoals = pgTable(
  "analytics_goals",
  {
    ...hitColumns(),
    goal: varchar("goal", { length: 40 }).notNull(),
  },
  (t) => [index("analytics_goals_day_idx").on(t.day, t.visitor)],
);

/** Visitor ids of signed-in operators, per day: their page views are dropped (the inbox sees them, not the public site). */
export const analyticsStaff = pgTable("analytics_staff", { day: day(), visitor: visitor() }, (t) => [
  primaryKey({ name: "analytics_staff_pkey", columns: [t.day, t.visitor] }),
]);

/** Page views per day and per value of each dimension (page, entry page, source, campaign, device, click id). */
export const analyticsDaily = pgTable(
  "analytics_daily",
  {
    day: day(),
    dimension: varchar("dimension", { length: 16 }).notNull(),
    value: varchar("value", { length: VISIT_LIMITS.referrer }).notNull(),
    views: integer("views").notNull(),
    visitors: integer("visitors").notNull(),
  },
  (t) => [primaryKey({ name: "analytics_daily_pkey", columns: [t.day, t.dimension, t.value] })],
);

/** Goals per day, per goal and per value of the visit's entry page, source and campaign. */
export const analyticsGoalsDaily = pgTable(
  "analytics_goals_daily",
  {
    day: day(),
    goal: varchar("goal", { length: 40 }).notNull(),
    dimension: varchar("dimension", { length: 16 }).notNull(),
    value: varchar("value", { length: VISIT_LIMITS.referrer }).notNull(),
    conversions: integer("conversions").notNull(),
    events: integer("events").notNull(),
  },
  (t) => [primaryKey({ name: "analytics_goals_daily_pkey", columns: [t.day, t.goal, t.dimension, t.value] })],
);

/** The days whose rows the daily tables hold; the reports read the raw rows of every other day. */
export const analyticsRolledDays = pgTable("analytics_rolled_days", {
  day: date("day").primaryKey(),
  rolledAt: timestamp("rolled_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---- The blog (docs/decisions/023) ----
// Posts are written in the browser (/blog-admin) and live in these tables; the site renders and caches their pages.

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const POST_STATUSES = ["draft", "scheduled", "published", "unpublished"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/**
 * One row per post, in every state. `version` grows with every save, so two editors saving the same post are told
 * rather than one silently overwriting the other. `publishedAt` is the post's date; `updatedAt` the last change made
 * while it was published (shown on the post and in the feed).
 */
export const blogPosts = pgTable(
  "blog_posts",
  {
    id: id(),
    slug: varchar("slug", { length: 120 }).notNull(),
    title: varchar("title", { length: 160 }).notNull(),
    excerpt: varchar("excerpt", { length: 320 }).notNull().default(""),
    /** Markdown (HTML allowed), as typed. */
    content: text("content").notNull().default(""),
    /** The content rendered and sanitised when it was saved; sanitised again when the site loads it. */
    html: text("html").notNull().default(""),
    author: varchar("author", { length: 80 }).notNull().default(""),
    category: varchar("category", { length: 40 }).notNull().default(""),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    /** The cover's name (`/images/blog/<name>-<width>.<format>`), or null while a draft has none. */
    cover: varchar("cover", { length: 80 }),
    coverAlt: varchar("cover_alt", { length: 200 }).notNull().default(""),
    /** A tiny blurred data URI painted while an uploaded cover loads (the initial posts' covers have an SVG one). */
    coverPlaceholder: text("cover_placeholder"),
    status: varchar("status", { length: 12, enum: POST_STATUSES }).notNull().default("draft"),
    /** When a scheduled post goes live (UTC). */
    publishAt: timestamp("publish_at", { withTimezone: true }),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }),
    /** Why the last scheduled publication failed, shown on the post in the editor; cleared when one succeeds. */
    publishError: varchar("publish_error", { length: 500 }),
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    editedAt: timestamp("edited_at", { withTimezone: true }).notNull().defaultNow(),
    editedBy: varchar("edited_by", { length: LIMITS.email }).notNull(),
  },
  (t) => [
    uniqueIndex("blog_posts_slug_key").on(t.slug),
    check("blog_posts_status_check", sql`${t.status} IN (${sql.raw(POST_STATUSES.map((status) => `'${status}'`).join(", "))})`),
    check("blog_posts_slug_check", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("blog_posts_scheduled_check", sql`${t.status} <> 'scheduled' OR ${t.publishAt} IS NOT NULL`),
    index("blog_posts_status_idx").on(t.status, t.publishedAt),
  ],
);

/**
 * A post's fields, declared once: every field the editor edits, what a revision keeps and a restore puts back (the
 * rest of a row is its state). The editor's form, the revision, the export and the pages take their shapes from these.
 */
export const POST_FIELDS = [
  "title",
  "slug",
  "excerpt",
  "content",
  "author",
  "category",
  "tags",
  "cover",
  "coverAlt",
  "coverPlaceholder",
] as const;
export type PostFields = Pick<typeof blogPosts.$inferSelect, (typeof POST_FIELDS)[number]>;

/** The last revisions of each post (the editor keeps 20), for restore. */
export const blogPostRevisions = pgTable(
  "blog_post_revisions",
  {
    id: id(),
    postId: bigint("post_id", { mode: "number" })
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    fields: jsonb("fields").$type<PostFields>().notNull(),
    actor: varchar("actor", { length: LIMITS.email }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("blog_post_revisions_post_idx").on(t.postId, t.id)],
);

/** A published post's former slugs: the old URL answers a 301 to the post's current one. */
export const blogSlugRedirects = pgTable("blog_slug_redirects", {
  slug: varchar("slug", { length: 120 }).primaryKey(),
  postId: bigint("post_id", { mode: "number" })
    .notNull()
    .references(() => blogPosts.id, { onDelete: "cascade" }),
});

/** Uploaded covers' encoded files, where every instance finds them (served as /images/blog/<file>). */
export const blogFiles = pgTable("blog_files", {
  path: varchar("path", { length: 200 }).primaryKey(),
  contentType: varchar("content_type", { length: 40 }).notNull(),
  body: bytea("body").notNull(),
  createdAt: createdAt(),
});

/** Private preview links for a reviewer without an account: the SHA-256 of the token, until it expires or is revoked. */
export const blogPreviewLinks = pgTable(
  "blog_preview_links",
  {
    id: id(),
    tokenHash: char("token_hash", { length: 64 }).notNull(),
    postId: bigint("post_id", { mode: "number" })
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    createdBy: varchar("created_by", { length: LIMITS.email }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("blog_preview_links_token_key").on(t.tokenHash), index("blog_preview_links_post_idx").on(t.postId)],
);

/** Content imported once (the initial posts from app/content/blog): a row per import, so a restart never repeats it. */
export const blogImports = pgTable("blog_imports", {
  name: varchar("name", { length: 80 }).primaryKey(),
  importedAt: timestamp("imported_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---- Bounces and complaints (docs/decisions/024) ----

export const SUPPRESSION_REASONS = ["hard-bounce", "complaint", "soft-bounces"] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];
export const SUPPRESSION_SOURCES = ["smtp", "webhook"] as const;

/**
 * Addresses that get no mail of any kind, but a double opt-in they start themselves (which lifts the suppression once
 * confirmed): after a hard bounce, a complaint, or SOFT_BOUNCE_LIMIT soft bounces. Keyed by the lower-cased address.
 */
export const emailSuppressions = pgTable(
  "email_suppressions",
  {
    email: varchar("email", { length: LIMITS.email }).primaryKey(),
    reason: varchar("reason", { length: 16, enum: SUPPRESSION_REASONS }).notNull(),
    /** What the receiving server or the provider said (a status code and its words), never the message. */
    detail: varchar("detail", { length: 300 }),
    source: varchar("source", { length: 8, enum: SUPPRESSION_SOURCES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("email_suppressions_reason_check", sql`${t.reason} IN ('hard-bounce', 'complaint', 'soft-bounces')`),
    check("email_suppressions_source_check", sql`${t.source} IN ('smtp', 'webhook')`),
    index("email_suppressions_created_at_idx").on(t.createdAt),
  ],
);

/** Soft bounces (a full mailbox, a server busy) counted per address until the limit suppresses it. */
export const emailSoftBounces = pgTable("email_soft_bounces", {
  email: varchar("email", { length: LIMITS.email }).primaryKey(),
  count: integer("count").notNull(),
  lastDetail: varchar("last_detail", { length: 300 }),
  lastAt: timestamp("last_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The provider's notices already applied, by their id: a notice sent again changes nothing and is refused. */
export const emailEventReceipts = pgTable("email_event_receipts", {
  eventId: varchar("event_id", { length: 200 }).primaryKey(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---- The newsletter (docs/decisions/025) ----

export const NEWSLETTER_TOPICS = ["resource", "post"] as const;
export type NewsletterTopic = (typeof NEWSLETTER_TOPICS)[number];
export const ISSUE_STATUSES = ["draft", "scheduled", "sending"] as const;
export type IssueStatus = (typeof ISSUE_STATUSES)[number];

/**
 * One issue per publication (a post published for the first time, a resource new in a deploy): a draft until an
 * editor sends or schedules it. `sending` once its copies are queued, one per subscriber in newsletter_deliveries; it
 * reads as sent when none is left to send. `number` is the public archive's (/newsletter/<number>), given when sending.
 */
export const newsletterIssues = pgTable(
  "newsletter_issues",
  {
    id: id(),
    topic: varchar("topic", { length: 16, enum: NEWSLETTER_TOPICS }).notNull(),
    /** The post's id or the resource's id: one issue per publication. */
    sourceKey: varchar("source_key", { length: 120 }).notNull(),
    status: varchar("status", { length: 16, enum: ISSUE_STATUSES }).notNull().default("draft"),
    subject: varchar("subject", { length: 150 }).notNull(),
    preheader: varchar("preheader", { length: 200 }).notNull(),
    title: varchar("title", { length: 200 }).notNull(),
    excerpt: varchar("excerpt", { length: 1000 }).notNull(),
    /** A site path (`/blog/…`, `/resources#…`), made absolute when mailed. */
    linkPath: varchar("link_path", { length: 300 }).notNull(),
    coverPath: varchar("cover_path", { length: 300 }),
    coverAlt: varchar("cover_alt", { length: 300 }),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    number: integer("number").unique(),
    queuedAt: timestamp("queued_at", { withTimezone: true }),
    recipientCount: integer("recipient_count"),
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    editedBy: varchar("edited_by", { length: LIMITS.email }),
  },
  (t) => [
    check("newsletter_issues_topic_check", sql`${t.topic} IN ('resource', 'post')`),
    check("newsletter_issues_status_check", sql`${t.status} IN ('draft', 'scheduled', 'sending')`),
    check("newsletter_issues_link_path_check", sql`${t.linkPath} LIKE '/%'`),
    uniqueIndex("newsletter_issues_source_key").on(t.topic, t.sourceKey),
  ],
);

export const DELIVERY_STATUSES = ["queued", "sent", "failed", "skipped"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * One row per issue and subscriber, written with the outbox job that sends the copy: the primary key is what makes a
 * copy go out once. Erasing the subscriber erases the row. `skipped`: unsubscribed, erased or suppressed before its turn.
 */
export const newsletterDeliveries = pgTable(
  "newsletter_deliveries",
  {
    issueId: bigint("issue_id", { mode: "number" })
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: "cascade" }),
    subscriberId: bigint("subscriber_id", { mode: "number" })
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: "cascade" }),
    status: varchar("status", { length: 16, enum: DELIVERY_STATUSES }).notNull().default("queued"),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.issueId, t.subscriberId] }),
    check("newsletter_deliveries_status_check", sql`${t.status} IN ('queued', 'sent', 'failed', 'skipped')`),
    index("newsletter_deliveries_subscriber_idx").on(t.subscriberId),
  ],
);

/** Resources already known to the newsletter: one that is not, in a later deploy, gets a draft issue. */
export const newsletterSources = pgTable(
  "newsletter_sources",
  {
    topic: varchar("topic", { length: 16, enum: NEWSLETTER_TOPICS }).notNull(),
    sourceKey: varchar("source_key", { length: 120 }).notNull(),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.topic, t.sourceKey] })],
);
