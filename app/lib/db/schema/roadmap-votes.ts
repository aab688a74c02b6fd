import { sql } from "drizzle-orm";
import { char, check, index, pgTable, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { LIMITS } from "../../forms/limits";
import { createdAt, emailCheck, id } from "./columns";

// Votes on planned roadmap items (issue 37): "I want this too", without an account. A vote is `pending` until the
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
 * Two roadmap items merged into one (issue 37): the old item's votes and requests now belong to `intoItemId`, and its
 * anchor stays reachable on the merged-into card. One row per merged-away item.
 */
export const roadmapItemMerges = pgTable("roadmap_item_merges", {
  fromItemId: varchar("from_item_id", { length: LIMITS.roadmapItemId }).primaryKey(),
  intoItemId: varchar("into_item_id", { length: LIMITS.roadmapItemId }).notNull(),
  mergedBy: varchar("merged_by", { length: LIMITS.email }).notNull(),
  mergedAt: timestamp("merged_at", { withTimezone: true }).notNull().defaultNow(),
});
