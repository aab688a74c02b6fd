import { sql } from "drizzle-orm";
import { bigint, char, check, index, pgTable, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { LIMITS } from "../../lib/forms/limits";
import { createdAt, emailCheck, id } from "../../lib/db/schema/columns";
import { DELIVERY_STATUSES, newsletterIssues } from "../newsletter/tables";

// Votes on planned roadmap items (decision 036): "I want this too", without an account. A vote is `pending` until the
// link in its confirmation e-mail is followed (the newsletter's double opt-in), and only a confirmed vote counts.

export const VOTE_STATUSES = ["pending", "confirmed"] as const;
export type VoteStatus = (typeof VOTE_STATUSES)[number];

export const roadmapVotes = pgTable(
  "roadmap_votes",
  {
    id: id(),
    /** The roadmap item's stable id (app/content/roadmap.ts), which never changes. */
    itemId: varchar("item_id", { length: LIMITS.roadmapItemId }).notNull(),
    email: varchar("email", { length: LIMITS.email }).notNull(),
    name: varchar("name", { length: LIMITS.name }),
    note: varchar("note", { length: LIMITS.voteNote }),
    status: varchar("status", { length: 16, enum: VOTE_STATUSES }).notNull().default("pending"),
    /** The sentence the form showed next to the button, word for word: what the vote lets us send. */
    consentText: varchar("consent_text", { length: 500 }).notNull(),
    consentAddressHash: char("consent_address_hash", { length: 64 }),
    createdAt: createdAt(),
    confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  },
  (t) => [
    emailCheck("roadmap_votes", t.email),
    check("roadmap_votes_status_check", sql`${t.status} IN ('pending', 'confirmed')`),
    // One vote per address per item, whatever its case: voting twice stores one row.
    uniqueIndex("roadmap_votes_item_email_key").using("btree", t.itemId, sql`lower(${t.email})`),
    index("roadmap_votes_status_created_at_idx").using("btree", t.status, t.createdAt),
  ],
);

export type RoadmapVoteRow = typeof roadmapVotes.$inferSelect;

/**
 * Two roadmap items merged into one (decision 036): the old item's votes and requests now belong to `intoItemId`, and its
 * anchor stays reachable on the merged-into card. One row per merged-away item.
 */
export const roadmapItemMerges = pgTable("roadmap_item_merges", {
  fromItemId: varchar("from_item_id", { length: LIMITS.roadmapItemId }).primaryKey(),
  intoItemId: varchar("into_item_id", { length: LIMITS.roadmapItemId }).notNull(),
  mergedBy: varchar("merged_by", { length: LIMITS.email }).notNull(),
  mergedAt: timestamp("merged_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per shipped notice (a newsletter issue of topic `shipped`) and address, written with the outbox job that
 * sends it: the unique key is what makes each requester and voter get the notice once. Erasing the address erases it.
 */
export const roadmapNoticeDeliveries = pgTable(
  "roadmap_notice_deliveries",
  {
    issueId: bigint("issue_id", { mode: "number" })
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: "cascade" }),
    email: varchar("email", { length: LIMITS.email }).notNull(),
    status: varchar("status", { length: 16, enum: DELIVERY_STATUSES }).notNull().default("queued"),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [
    check("roadmap_notice_deliveries_status_check", sql`${t.status} IN ('queued', 'sent', 'failed', 'skipped')`),
    uniqueIndex("roadmap_notice_deliveries_issue_email_key").using("btree", t.issueId, sql`lower(${t.email})`),
  ],
);

/**
 * An address that no longer wants to hear about an item (the notice's one-click unsubscribe): its vote is gone and its
 * linked request no longer makes it a recipient.
 */
export const roadmapWithdrawals = pgTable(
  "roadmap_withdrawals",
  {
    itemId: varchar("item_id", { length: LIMITS.roadmapItemId }).notNull(),
    email: varchar("email", { length: LIMITS.email }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("roadmap_withdrawals_item_email_key").using("btree", t.itemId, sql`lower(${t.email})`)],
);
