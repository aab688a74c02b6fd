import { sql } from "drizzle-orm";
import { bigint, check, date, index, integer, pgTable, primaryKey, smallint, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { LIMITS } from "../../lib/forms/limits";
import { REDIRECT_PATH_MAX, REDIRECT_TARGET_MAX, type RedirectStatus } from "./limits";
import { createdAt, id } from "../../lib/db/schema/columns";

// The redirect manager (docs/decisions/034): old paths sent elsewhere by the server, and the missing paths people ask
// for, counted by day without an address, as candidates for a redirect.

/**
 * One row per old path. `target` is a path of this site or an http(s) URL, null for 410 (gone). No row's target is
 * another row's source (the manager rewrites chains), so one lookup answers every request. `version` grows with every
 * save, so a second editor saving the same redirect is told. Hits are added in batches by every instance.
 */
export const redirects = pgTable(
  "redirects",
  {
    id: id(),
    source: varchar("source", { length: REDIRECT_PATH_MAX }).notNull(),
    target: varchar("target", { length: REDIRECT_TARGET_MAX }),
    status: smallint("status").$type<RedirectStatus>().notNull(),
    version: integer("version").notNull().default(1),
    hits: bigint("hits", { mode: "number" }).notNull().default(0),
    lastHitAt: timestamp("last_hit_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: varchar("updated_by", { length: LIMITS.email }).notNull(),
  },
  (t) => [
    uniqueIndex("redirects_source_key").on(t.source),
    check("redirects_status_check", sql`${t.status} IN (301, 302, 410)`),
    check("redirects_target_check", sql`(${t.status} = 410) = (${t.target} IS NULL)`),
    check("redirects_source_check", sql`${t.source} LIKE '/%'`),
  ],
);

/**
 * Requests answered 404, by path and UTC day: how many, and from how many different visitors (a count: no address, no
 * referrer, no user agent, no visitor id). A bounded number of paths a day (decision 034); purged after 30 days.
 */
export const missingPaths = pgTable(
  "missing_paths",
  {
    path: varchar("path", { length: REDIRECT_PATH_MAX }).notNull(),
    day: date("day").notNull(),
    hits: integer("hits").notNull().default(0),
    visitors: integer("visitors").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.path, t.day] }), index("missing_paths_day_idx").on(t.day)],
);
