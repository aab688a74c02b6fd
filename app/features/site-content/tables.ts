import { index, integer, jsonb, pgTable, timestamp, varchar } from "drizzle-orm/pg-core";
import { LIMITS } from "../../lib/forms/limits";
import { bytea, createdAt, id } from "../../lib/db/schema/columns";

// The site's structured content edited in the browser (docs/decisions/035): one row per collection (the statistics,
// the FAQ, ...) holding what is published, the draft and a scheduled publication, and the last revisions of each.

/**
 * One row per collection. `published` is what the pages show; `draft` what the editor saved since (null: none);
 * `scheduled` the document that goes live at `publishAt` through the outbox. `version` grows with every change, so two
 * editors saving the same collection are told rather than one silently overwriting the other.
 */
export const siteContent = pgTable("site_content", {
  collection: varchar("collection", { length: 40 }).primaryKey(),
  published: jsonb("published").$type<unknown>().notNull(),
  draft: jsonb("draft").$type<unknown>(),
  scheduled: jsonb("scheduled").$type<unknown>(),
  publishAt: timestamp("publish_at", { withTimezone: true }),
  publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
  /** Why the last scheduled publication was refused or failed, shown in the editor; cleared by the next publication. */
  publishError: varchar("publish_error", { length: 500 }),
  version: integer("version").notNull().default(1),
  editedAt: timestamp("edited_at", { withTimezone: true }).notNull().defaultNow(),
  editedBy: varchar("edited_by", { length: LIMITS.email }).notNull(),
});

/** The last revisions of each collection (the editor keeps 20), for restore: every saved draft and publication. */
export const siteContentRevisions = pgTable(
  "site_content_revisions",
  {
    id: id(),
    collection: varchar("collection", { length: 40 })
      .notNull()
      .references(() => siteContent.collection, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    document: jsonb("document").$type<unknown>().notNull(),
    /** What the revision was: a saved draft or a publication. */
    kind: varchar("kind", { length: 12, enum: ["draft", "published"] }).notNull(),
    actor: varchar("actor", { length: LIMITS.email }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("site_content_revisions_collection_idx").on(t.collection, t.id)],
);

export type SiteContentRow = typeof siteContent.$inferSelect;

/**
 * The files editors upload for new resources (the nine built ones are files of the build), where every instance finds
 * them, like the blog's covers: served as /resources/<file>, the name fixed at upload and never reused.
 */
export const resourceUploads = pgTable("resource_uploads", {
  file: varchar("file", { length: 120 }).primaryKey(),
  contentType: varchar("content_type", { length: 100 }).notNull(),
  bytes: integer("bytes").notNull(),
  body: bytea("body").notNull(),
  uploadedBy: varchar("uploaded_by", { length: LIMITS.email }).notNull(),
  createdAt: createdAt(),
});

/**
 * The pictures editors upload for the content (a testimonial's photo or logo), re-encoded at upload, where every
 * instance finds them: served as /images/content/<file>, the name new with every upload and never reused.
 */
export const contentImages = pgTable("content_images", {
  file: varchar("file", { length: 80 }).primaryKey(),
  contentType: varchar("content_type", { length: 40 }).notNull(),
  body: bytea("body").notNull(),
  uploadedBy: varchar("uploaded_by", { length: LIMITS.email }).notNull(),
  createdAt: createdAt(),
});
