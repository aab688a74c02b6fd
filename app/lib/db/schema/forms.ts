import { sql } from "drizzle-orm";
import { char, check, date, index, integer, jsonb, pgTable, primaryKey, timestamp, varchar } from "drizzle-orm/pg-core";
import { LIMITS } from "../../forms/limits";
import { createdAt, id } from "./columns";

// What guards the forms: the sliding-window rate limits (also the sign-in throttle's), the double-post receipts and
// the posts held as spam.

/** The window counter's rows (app/lib/window-counter.server.ts), keyed by an HMAC of the counted value, never the value. */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    bucket: varchar("bucket", { length: 40 }).notNull(),
    addressHash: char("address_hash", { length: 64 }).notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull().default(1),
    /** The window's latest hit: the sign-in throttle's delay runs from the last failure (docs/decisions/019). */
    lastHitAt: timestamp("last_hit_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: "rate_limit_hits_pkey", columns: [t.bucket, t.addressHash, t.windowStart] }),
    check("rate_limit_hits_hits_check", sql`${t.hits} > 0`),
    index("rate_limit_hits_expires_at_idx").using("btree", t.expiresAt),
  ],
);

/**
 * The daily salts of the releases before keyed hashes (decision 002): no longer written, emptied by the window counter's
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

/**
 * Posts that tripped a spam check (the honeypot filled in or missing, a form filled faster than a person can): stored,
 * never delivered or counted as leads, shown in the console's Spam view, where "Not spam" stores them as the form would
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
