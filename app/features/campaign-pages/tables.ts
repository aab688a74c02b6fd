import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { LIMITS } from "../../lib/forms/limits";
import { createdAt, id } from "../../lib/db/schema/columns";

// Campaign pages built from the site's sections (docs/decisions/047): one row per page, holding what is published, the
// draft and a scheduled publication, as the structured content does (decision 035); the last revisions of each; and
// the experiments that split one block of a live page into variants (docs/decisions/048).

/**
 * One row per page. Its address is taken from the moment the page is created (a draft holds it too), in any letter
 * case. `published` null: not live (never published, or unpublished). `version` grows with every change, so two editors
 * saving the same page are told rather than one silently overwriting the other.
 */
export const campaignPages = pgTable(
  "campaign_pages",
  {
    id: id(),
    path: varchar("path", { length: 120 }).notNull(),
    published: jsonb("published").$type<unknown>(),
    draft: jsonb("draft").$type<unknown>(),
    scheduled: jsonb("scheduled").$type<unknown>(),
    publishAt: timestamp("publish_at", { withTimezone: true }),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** Why the last scheduled publication was refused, shown in the editor; cleared by the next publication. */
    publishError: varchar("publish_error", { length: 500 }),
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    editedAt: timestamp("edited_at", { withTimezone: true }).notNull().defaultNow(),
    editedBy: varchar("edited_by", { length: LIMITS.email }).notNull(),
  },
  (t) => [uniqueIndex("campaign_pages_path_key").on(sql`lower(${t.path})`)],
);

export type CampaignPageRow = typeof campaignPages.$inferSelect;

/** The last revisions of each page (the editor keeps 20), for restore: every saved draft and publication. */
export const campaignPageRevisions = pgTable(
  "campaign_page_revisions",
  {
    id: id(),
    pageId: bigint("page_id", { mode: "number" })
      .notNull()
      .references(() => campaignPages.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    document: jsonb("document").$type<unknown>().notNull(),
    kind: varchar("kind", { length: 12, enum: ["draft", "published"] }).notNull(),
    actor: varchar("actor", { length: LIMITS.email }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("campaign_page_revisions_page_idx").on(t.pageId, t.id)],
);

/**
 * An experiment: one block of a live page split into two to four variants with shares (docs/decisions/048). The
 * variants hold the block's fields as each shows them; the first is the block as it was published. Nothing about a
 * visitor is stored: a visit's variant is worked out from the analytics' daily visitor id whenever it is needed.
 * One running experiment per block, held by the partial unique index.
 */
export const experiments = pgTable(
  "experiments",
  {
    id: id(),
    pageId: bigint("page_id", { mode: "number" })
      .notNull()
      .references(() => campaignPages.id, { onDelete: "cascade" }),
    blockId: varchar("block_id", { length: 40 }).notNull(),
    name: varchar("name", { length: 120 }).notNull(),
    /** What the variants are judged on: demos booked unless the editor chose otherwise. */
    goal: varchar("goal", { length: 20, enum: ["demos", "leads", "qualified", "won"] })
      .notNull()
      .default("demos"),
    variants: jsonb("variants").$type<unknown>().notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    startedBy: varchar("started_by", { length: LIMITS.email }).notNull(),
    stoppedAt: timestamp("stopped_at", { withTimezone: true }),
    stoppedBy: varchar("stopped_by", { length: LIMITS.email }),
    /** The variant the editor kept when stopping it (its fields became the published block), or null. */
    promoted: varchar("promoted", { length: 8 }),
  },
  (t) => [
    uniqueIndex("experiments_running_block_key")
      .on(t.pageId, t.blockId)
      .where(sql`${t.stoppedAt} IS NULL`),
    index("experiments_page_idx").on(t.pageId, t.id),
  ],
);

export type ExperimentRow = typeof experiments.$inferSelect;
