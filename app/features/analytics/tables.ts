import { bigint, char, date, index, integer, pgTable, primaryKey, timestamp, varchar } from "drizzle-orm/pg-core";
import { VISIT_LIMITS } from "../../lib/forms/visit";
import { createdAt, id, sourceColumns } from "../../lib/db/schema/columns";

// Server-side analytics (docs/decisions/021): page views and goals as the server saw them, and their daily roll-ups.

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

/** One row per counted HTML page view, or per a visitor's repeats of one within a batch (`views`, decision 049). */
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
    /** How many times the visitor saw the page so within one batch (a reload, a flood): one row, counted so many times. */
    views: integer("views").notNull().default(1),
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

/** Visitor ids of signed-in operators, per day: their page views are dropped (the console sees them, not the public site). */
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
