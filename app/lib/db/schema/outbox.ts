import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, smallint, pgTable, timestamp, varchar } from "drizzle-orm/pg-core";
import { LIMITS } from "../../forms/limits";
import { createdAt, id } from "./columns";

// What the site sends and to whom it must not: the outbox, the addresses that bounced or complained (docs/decisions/024)
// and the delivery alerts' state.

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
