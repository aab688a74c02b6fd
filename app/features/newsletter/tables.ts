import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, primaryKey, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { LIMITS } from "../../lib/forms/limits";
import { createdAt, id } from "../../lib/db/schema/columns";
import { newsletterSubscribers } from "../leads/tables";

// The newsletter (docs/decisions/025): its issues, deliveries and the resources it already knows. Its subscribers are
// leads of kind `newsletter`: their table is the leads' (app/features/leads/tables.ts), written through the leads' module.

/** `shipped`: a roadmap item's notice to the people who asked for it and voted on it (decision 036), not to subscribers. */
export const NEWSLETTER_TOPICS = ["resource", "post", "shipped"] as const;
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
    check("newsletter_issues_topic_check", sql`${t.topic} IN ('resource', 'post', 'shipped')`),
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
