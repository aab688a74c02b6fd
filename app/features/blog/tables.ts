import { sql } from "drizzle-orm";
import { bigint, boolean, char, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { LIMITS } from "../../lib/forms/limits";
import { bytea, createdAt, id } from "../../lib/db/schema/columns";

// The blog (docs/decisions/023): posts, their revisions, former slugs, cover files, preview links and imports.

// Posts are written in the browser (/console/posts) and live in these tables; the site renders and caches their pages.

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
    /** The title search engines show, whole (no site name appended); "" falls back to `title`. */
    seoTitle: varchar("seo_title", { length: 60 }).notNull().default(""),
    /** The description search engines show; "" falls back to `excerpt`. */
    seoDescription: varchar("seo_description", { length: 160 }).notNull().default(""),
    /** A second uploaded image (a cover's files) for link previews; null falls back to `cover`. */
    socialImage: varchar("social_image", { length: 80 }),
    /** The post /blog shows first, chosen by an editor (one at most); with none, the newest post. */
    featured: boolean("featured").notNull().default(false),
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
    uniqueIndex("blog_posts_featured_key")
      .on(t.featured)
      .where(sql`${t.featured}`),
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
  "seoTitle",
  "seoDescription",
  "socialImage",
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
