import { sql, type SQL } from "drizzle-orm";
import { EMAIL_SOURCE, KNOWN_SOURCES, MEDIUM_PATTERNS, PAID_CLICK_IDS } from "./channels";

// The one definition of what the reports count, as SQL over the raw rows of some days. The daily rollup stores its
// answer for a finished day (./analytics.server.ts) and the reports ask it again for the days not rolled up yet
// (today), so both paths count alike by construction.
//
// A visit is a visitor on a day (the visitor id changes with the day's salt): its entry page, source, campaign, device
// and ad click id are those of its first page view, and its goals are the goals of that visitor that day. One window
// over each visitor-day's rows gives every row its visit's first view: no join, one sort.

const IS = (value: SQL, pattern: string) => sql`${value} ~ ${pattern}`;
const either = (patterns: readonly string[]) => patterns.map((pattern) => `(${pattern})`).join("|");
const SEARCH_SOURCES = either(KNOWN_SOURCES.filter((source) => source.channel === "search").map((source) => source.pattern));
const SOCIAL_SOURCES = either(KNOWN_SOURCES.filter((source) => source.channel === "social").map((source) => source.pattern));
const mediumOf = (channel: (typeof MEDIUM_PATTERNS)[number]["channel"]) =>
  MEDIUM_PATTERNS.find((entry) => entry.channel === channel)!.pattern;

/** Where a visit came from before it is named: its utm_source, else the referring site, lower-cased; null for neither. */
export const RAW_SOURCE = (utmSource: SQL, referrer: SQL) => sql`lower(coalesce(${utmSource}, ${referrer}))`;

/** A raw source as the reports name it: a known source by its name (./channels.ts), another site without `www.`. */
export const SOURCE_NAME = (raw: SQL) =>
  sql`CASE WHEN ${raw} IS NULL THEN '(direct)' ${sql.join(
    KNOWN_SOURCES.map(({ name, pattern }) => sql`WHEN ${IS(raw, pattern)} THEN ${name}::text`),
    sql` `,
  )} ELSE regexp_replace(${raw}, '^www\.', '') END`;

/** How a visit's source reads: its utm_source, else the referring site, else direct. Leads read the same way. */
export const SOURCE = (utmSource: SQL, referrer: SQL) => SOURCE_NAME(RAW_SOURCE(utmSource, referrer));
export const CAMPAIGN = (utmCampaign: SQL) => sql`coalesce(${utmCampaign}, '(none)')`;

/**
 * A visit's channel (a key of ./channels.ts's CHANNELS) from its raw source, lower-cased medium and click id: a medium
 * that says it, else an ad's click id, else a known source's, else direct when nothing says where, else a referral.
 */
export const CHANNEL = (raw: SQL, medium: SQL, click: SQL) => sql`CASE
    WHEN ${IS(medium, mediumOf("paid"))} OR ${click} IN (${sql.join(
      PAID_CLICK_IDS.map((id) => sql`${id}`),
      sql`, `,
    )}) THEN 'paid'
    WHEN ${IS(medium, mediumOf("email"))} THEN 'email'
    WHEN ${IS(medium, mediumOf("social"))} THEN 'social'
    WHEN ${IS(medium, mediumOf("search"))} THEN 'search'
    WHEN ${IS(raw, EMAIL_SOURCE)} THEN 'email'
    WHEN ${IS(raw, SOCIAL_SOURCES)} THEN 'social'
    WHEN ${IS(raw, SEARCH_SOURCES)} THEN 'search'
    WHEN ${raw} IS NULL AND ${medium} IS NULL THEN 'direct'
    ELSE 'referral' END`;

/** What a goal from a visitor with no counted page view that day is attributed to. */
export const NO_PAGE_VIEW = "(no page view)";

/** A goal's "any goal" row: a visit that reached one goal or more, once (the reports' "Goal conversions"). */
export const ANY_GOAL = "(any)";

/** The dimensions of the page-view tables; `total` has one row per day with the value ''. */
export const VIEW_DIMENSIONS = [
  "total",
  "page",
  "entry",
  "channel",
  "source",
  "medium",
  "campaign",
  "term",
  "content",
  "device",
  "click",
] as const;
export type ViewDimension = (typeof VIEW_DIMENSIONS)[number];
export const GOAL_DIMENSIONS = ["total", "entry", "channel", "source", "campaign"] as const;
export type GoalDimension = (typeof GOAL_DIMENSIONS)[number];

/** Each per-visit dimension's value, over the columns of `w` (its visit's first view). */
const VALUE_OF: Record<Exclude<ViewDimension, "total" | "page">, SQL> = {
  entry: sql`entry`,
  channel: CHANNEL(sql`source`, sql`medium`, sql`click`),
  source: SOURCE_NAME(sql`source`),
  medium: sql`coalesce(medium, '(none)')`,
  campaign: sql`campaign`,
  term: sql`coalesce(term, '(none)')`,
  content: sql`coalesce(content, '(none)')`,
  device: sql`device`,
  click: sql`click`,
};

export const dayList = (days: readonly string[]) =>
  sql.join(
    days.map((day) => sql`${day}::date`),
    sql`, `,
  );

/**
 * `w`: the days' page views (goal = 0), and their goals (goal = 1) when asked, each with its visit's first view (entry,
 * raw source, medium, campaign, term, content, device, click; null when the visitor has no page view that day), its
 * place in the visit (n), the row's page views (times: a row may stand for repeats) and the visit's page views (views). Sources and channels are named per visit, not per row.
 */
const rowsOfDays = (days: readonly string[], withGoals: boolean) => sql`
  x AS (
    SELECT day, visitor, at, id, 0 AS kind, NULL::text AS goal, path::text AS path,
      ${RAW_SOURCE(sql`utm_source`, sql`referrer`)}::text AS source, lower(utm_medium)::text AS medium,
      ${CAMPAIGN(sql`utm_campaign`)}::text AS campaign, utm_term::text AS term, utm_content::text AS content,
      device::text AS device, coalesce(click_id, '(none)')::text AS click, views AS times
    FROM analytics_page_views WHERE day IN (${dayList(days)})
    ${
      withGoals
        ? sql`UNION ALL
    SELECT day, visitor, at, id, 1, goal::text, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0 FROM analytics_goals WHERE day IN (${dayList(days)})`
        : sql``
    }
  ),
  w AS (
    SELECT day, visitor, kind, goal, path, times,
      row_number() OVER visit AS n,
      first_value(path) OVER visit AS entry, first_value(source) OVER visit AS source,
      first_value(medium) OVER visit AS medium, first_value(campaign) OVER visit AS campaign,
      first_value(term) OVER visit AS term, first_value(content) OVER visit AS content,
      first_value(device) OVER visit AS device, first_value(click) OVER visit AS click,
      coalesce(sum(times) FILTER (WHERE kind = 0) OVER (PARTITION BY day, visitor), 0) AS views
    FROM x WINDOW visit AS (PARTITION BY day, visitor ORDER BY kind, at, id)
  )`;

/** Rows (day, dimension, value, views, visitors) for the days: the shape of analytics_daily. */
export function viewRows(days: readonly string[]): SQL {
  // Grouped by position: a value's SQL carries parameters, and a repeated parameter is not the same expression.
  const perVisit = (dimension: keyof typeof VALUE_OF) =>
    sql`SELECT day, ${dimension}::text AS dimension, ${VALUE_OF[dimension]} AS value, sum(views)::int AS views, count(*)::int AS visitors
      FROM w WHERE kind = 0 AND n = 1 GROUP BY 1, 3`;
  return sql`WITH ${rowsOfDays(days, false)}
    SELECT day, 'total'::text AS dimension, ''::text AS value, sum(views)::int AS views, count(*)::int AS visitors
      FROM w WHERE kind = 0 AND n = 1 GROUP BY day
    UNION ALL
    SELECT day, 'page'::text, path, sum(times)::int, count(DISTINCT visitor)::int FROM w WHERE kind = 0 GROUP BY day, path
    ${sql.join(
      (Object.keys(VALUE_OF) as (keyof typeof VALUE_OF)[]).map((dimension) => sql`UNION ALL ${perVisit(dimension)}`),
      sql` `,
    )}`;
}

/**
 * Rows (day, goal, dimension, value, conversions, events) for the days: the shape of analytics_goals_daily. A
 * conversion is a visit that reached the goal (once, however many times it did); events counts every time. The goal
 * ANY_GOAL counts a visit that reached any goal once.
 */
export function goalRows(days: readonly string[]): SQL {
  const by = (dimension: Exclude<GoalDimension, "total">) =>
    sql`SELECT day, goal, ${dimension}::text AS dimension, CASE WHEN views = 0 THEN ${NO_PAGE_VIEW} ELSE ${VALUE_OF[dimension]} END AS value,
      count(DISTINCT visitor)::int AS conversions, count(*)::int AS events FROM w WHERE kind = 1 GROUP BY 1, 2, 4`;
  return sql`WITH ${rowsOfDays(days, true)}
    SELECT day, goal, 'total'::text AS dimension, ''::text AS value, count(DISTINCT visitor)::int AS conversions, count(*)::int AS events
      FROM w WHERE kind = 1 GROUP BY day, goal
    UNION ALL
    SELECT day, ${ANY_GOAL}, 'total', '', count(DISTINCT visitor)::int, count(*)::int FROM w WHERE kind = 1 GROUP BY day
    ${sql.join(
      GOAL_DIMENSIONS.filter((dimension) => dimension !== "total").map((dimension) => sql`UNION ALL ${by(dimension)}`),
      sql` `,
    )}`;
}
