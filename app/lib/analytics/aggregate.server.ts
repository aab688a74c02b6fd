import { sql, type SQL } from "drizzle-orm";

// The one definition of what the reports count, as SQL over the raw rows of some days. The daily rollup stores its
// answer for a finished day (./analytics.server.ts) and the reports ask it again for the days not rolled up yet
// (today), so both paths count alike by construction.
//
// A visit is a visitor on a day (the visitor id changes with the day's salt): its entry page, source, campaign, device
// and ad click id are those of its first page view, and its goals are the goals of that visitor that day. One window
// over each visitor-day's rows gives every row its visit's first view: no join, one sort.

/** How a visit's source reads: its utm_source, else the referring site, else direct. Leads read the same way. */
export const SOURCE = (utmSource: SQL, referrer: SQL) => sql`coalesce(${utmSource}, ${referrer}, '(direct)')`;
export const CAMPAIGN = (utmCampaign: SQL) => sql`coalesce(${utmCampaign}, '(none)')`;

/** What a goal from a visitor with no counted page view that day is attributed to. */
export const NO_PAGE_VIEW = "(no page view)";

/** The dimensions of the page-view tables; `total` has one row per day with the value ''. */
export const VIEW_DIMENSIONS = ["total", "page", "entry", "source", "campaign", "device", "click"] as const;
export type ViewDimension = (typeof VIEW_DIMENSIONS)[number];
export const GOAL_DIMENSIONS = ["total", "entry", "source", "campaign"] as const;
export type GoalDimension = (typeof GOAL_DIMENSIONS)[number];

export const dayList = (days: readonly string[]) =>
  sql.join(
    days.map((day) => sql`${day}::date`),
    sql`, `,
  );

/**
 * `w`: the days' page views (goal = 0), and their goals (goal = 1) when asked, each with its visit's first view (entry,
 * source, campaign, device, click; null when the visitor has no page view that day), its place in the visit (n) and
 * the visit's page views (views).
 */
const rowsOfDays = (days: readonly string[], withGoals: boolean) => sql`
  x AS (
    SELECT day, visitor, at, id, 0 AS kind, NULL::text AS goal, path::text AS path,
      ${SOURCE(sql`utm_source`, sql`referrer`)}::text AS source, ${CAMPAIGN(sql`utm_campaign`)}::text AS campaign,
      device::text AS device, coalesce(click_id, '(none)')::text AS click
    FROM analytics_page_views WHERE day IN (${dayList(days)})
    ${
      withGoals
        ? sql`UNION ALL
    SELECT day, visitor, at, id, 1, goal::text, NULL, NULL, NULL, NULL, NULL FROM analytics_goals WHERE day IN (${dayList(days)})`
        : sql``
    }
  ),
  w AS (
    SELECT day, visitor, kind, goal, path,
      row_number() OVER visit AS n,
      first_value(path) OVER visit AS entry, first_value(source) OVER visit AS source,
      first_value(campaign) OVER visit AS campaign, first_value(device) OVER visit AS device,
      first_value(click) OVER visit AS click,
      count(*) FILTER (WHERE kind = 0) OVER (PARTITION BY day, visitor) AS views
    FROM x WINDOW visit AS (PARTITION BY day, visitor ORDER BY kind, at, id)
  )`;

/** Rows (day, dimension, value, views, visitors) for the days: the shape of analytics_daily. */
export function viewRows(days: readonly string[]): SQL {
  const perVisit = (dimension: ViewDimension) =>
    sql`SELECT day, ${dimension}::text AS dimension, ${sql.raw(dimension)} AS value, sum(views)::int AS views, count(*)::int AS visitors
      FROM w WHERE kind = 0 AND n = 1 GROUP BY day, ${sql.raw(dimension)}`;
  return sql`WITH ${rowsOfDays(days, false)}
    SELECT day, 'total'::text AS dimension, ''::text AS value, sum(views)::int AS views, count(*)::int AS visitors
      FROM w WHERE kind = 0 AND n = 1 GROUP BY day
    UNION ALL
    SELECT day, 'page'::text, path, count(*)::int, count(DISTINCT visitor)::int FROM w WHERE kind = 0 GROUP BY day, path
    UNION ALL ${perVisit("entry")}
    UNION ALL ${perVisit("source")}
    UNION ALL ${perVisit("campaign")}
    UNION ALL ${perVisit("device")}
    UNION ALL ${perVisit("click")}`;
}

/**
 * Rows (day, goal, dimension, value, conversions, events) for the days: the shape of analytics_goals_daily. A
 * conversion is a visit that reached the goal (once, however many times it did); events counts every time.
 */
export function goalRows(days: readonly string[]): SQL {
  const by = (dimension: Exclude<GoalDimension, "total">) =>
    sql`SELECT day, goal, ${dimension}::text AS dimension, coalesce(${sql.raw(dimension)}, ${NO_PAGE_VIEW}) AS value,
      count(DISTINCT visitor)::int AS conversions, count(*)::int AS events FROM w WHERE kind = 1 GROUP BY day, goal, ${sql.raw(dimension)}`;
  return sql`WITH ${rowsOfDays(days, true)}
    SELECT day, goal, 'total'::text AS dimension, ''::text AS value, count(DISTINCT visitor)::int AS conversions, count(*)::int AS events
      FROM w WHERE kind = 1 GROUP BY day, goal
    UNION ALL ${by("entry")}
    UNION ALL ${by("source")}
    UNION ALL ${by("campaign")}`;
}
