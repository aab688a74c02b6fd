import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "~/lib/db/client.server";
import { rowsOf } from "~/lib/db/rows.server";
import { contactRequests, demoLeads, featureRequests, newsletterSubscribers, resourceLeads } from "~/features/leads/index.server";
import { LEAD_STAGES, LEAD_STAGE_LABELS, PIPELINE_STAGES, type LeadStage } from "~/features/leads";
import {
  ANY_GOAL,
  CAMPAIGN,
  dayList,
  goalRows,
  NO_PAGE_VIEW,
  SOURCE,
  viewRows,
  type GoalDimension,
  type ViewDimension,
} from "./aggregate.server";
import { CHANNEL_LABELS, type Channel } from "./channels";
import { GOAL_LABELS, GOALS, type Goal } from "./goals";
import { daysOf, previousOf, type DateRange } from "./range";
import type { Cell, Report, ReportTable } from "./report-types";

export type { Cell, Report, ReportColumn, ReportTable } from "./report-types";

// The reports (docs/decisions/021): each is a table of named columns, shown in the console (with a chart where a picture
// helps) and exported as CSV as it is. Finished days are read from the daily rollup, the others (today, or a day whose
// late rows asked for a new rollup) from the raw rows through the same SQL (./aggregate.server.ts), so a 30-day report
// reads ~30 days of daily rows and one day of page views.

interface ViewCount {
  day: string;
  dimension: ViewDimension;
  value: string;
  views: number;
  visitors: number;
}

interface GoalCount {
  goal: Goal | typeof ANY_GOAL;
  dimension: GoalDimension;
  value: string;
  conversions: number;
  events: number;
}

/** The days of a range the daily rollup holds; the rest are read raw. */
async function split(db: Database, range: DateRange) {
  const rolled = new Set(
    rowsOf<{ day: string }>(
      await db.execute(sql`SELECT day::text AS day FROM analytics_rolled_days WHERE day BETWEEN ${range.from}::date AND ${range.to}::date`),
    ).map((row) => String(row.day)),
  );
  const days = daysOf(range);
  return { rolled: days.filter((day) => rolled.has(day)), raw: days.filter((day) => !rolled.has(day)) };
}

const none = sql`SELECT NULL::date AS day, NULL::text AS dimension, NULL::text AS value, 0 AS views, 0 AS visitors WHERE false`;

/** Page views and visits per dimension and value over the range (`total` per day). */
async function viewCounts(db: Database, range: DateRange): Promise<ViewCount[]> {
  const { rolled, raw } = await split(db, range);
  const rolledRows = rolled.length
    ? sql`SELECT day, dimension, value, views, visitors FROM analytics_daily WHERE day IN (${dayList(rolled)})`
    : none;
  const rawRows = raw.length ? viewRows(raw) : none;
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT CASE WHEN dimension = 'total' THEN day::text ELSE '' END AS day, dimension, value,
        sum(views)::bigint AS views, sum(visitors)::bigint AS visitors
      FROM (${rolledRows} UNION ALL (${rawRows})) AS counts GROUP BY 1, 2, 3`),
  );
  return rows.map((row) => ({
    day: String(row.day),
    dimension: row.dimension as ViewDimension,
    value: String(row.value),
    views: Number(row.views),
    visitors: Number(row.visitors),
  }));
}

async function goalCounts(db: Database, range: DateRange): Promise<GoalCount[]> {
  const { rolled, raw } = await split(db, range);
  const empty = sql`SELECT NULL::text AS goal, NULL::text AS dimension, NULL::text AS value, 0 AS conversions, 0 AS events WHERE false`;
  const rolledRows = rolled.length
    ? sql`SELECT goal, dimension, value, conversions, events FROM analytics_goals_daily WHERE day IN (${dayList(rolled)})`
    : empty;
  const rawRows = raw.length ? sql`SELECT goal, dimension, value, conversions, events FROM (${goalRows(raw)}) AS g` : empty;
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT goal, dimension, value, sum(conversions)::bigint AS conversions, sum(events)::bigint AS events
      FROM (${rolledRows} UNION ALL (${rawRows})) AS counts GROUP BY 1, 2, 3`),
  );
  return rows.map((row) => ({
    goal: row.goal as GoalCount["goal"],
    dimension: row.dimension as GoalDimension,
    value: String(row.value),
    conversions: Number(row.conversions),
    events: Number(row.events),
  }));
}

interface LeadCount {
  stage: LeadStage;
  landing: string;
  source: string;
  campaign: string;
  leads: number;
}

/** Leads received in the range and how many came from a visit the reports count: the funnel's honest bases. */
interface LeadVisits {
  /** Leads whose visitor has a counted page view on the lead's day (UTC). */
  fromVisits: number;
  /** The visits (a visitor on a day) that brought one lead or more: a part of the visits, never more. */
  visits: number;
}

/**
 * The lead tables' rows received in the range, each as `columns`; `confirmed` keeps a newsletter sign-up to the confirmed
 * ones (double opt-in): an unconfirmed address may not be the signer's.
 */
function leadRows(range: DateRange, columns: (table: LeadTable, time: AnyPgColumn) => SQL): SQL {
  const tables: [LeadTable, AnyPgColumn][] = [
    [contactRequests, contactRequests.createdAt],
    [featureRequests, featureRequests.createdAt],
    [newsletterSubscribers, newsletterSubscribers.createdAt],
    [resourceLeads, resourceLeads.downloadedAt],
    [demoLeads, demoLeads.createdAt],
  ];
  const confirmed = (table: LeadTable) =>
    table === newsletterSubscribers ? sql` AND ${newsletterSubscribers.confirmedAt} IS NOT NULL` : sql``;
  return sql.join(
    tables.map(
      ([table, time]) => sql`SELECT ${columns(table, time)} FROM ${table}
        WHERE ${time} >= ${`${range.from}T00:00:00Z`}::timestamptz AND ${time} < ${`${range.to}T00:00:00Z`}::timestamptz + interval '1 day'${confirmed(table)}`,
    ),
    sql` UNION ALL `,
  );
}

type LeadTable = typeof contactRequests | typeof featureRequests | typeof newsletterSubscribers | typeof resourceLeads | typeof demoLeads;

/**
 * Which leads came from a counted visit: a lead keeps its visitor id of the day (decision 021), and a lead without a
 * page view of that visitor that day (a demo booked straight at the booking service, an import, a link in a mail, a
 * browser left out as the team's) is a lead the visits cannot account for. Read from the raw page views, kept
 * ANALYTICS_RETENTION_DAYS: a range older than that finds none.
 */
async function leadVisits(db: Database, range: DateRange): Promise<LeadVisits> {
  const branches = leadRows(range, (table, time) => sql`${table.visitorId} AS visitor, (${time} AT TIME ZONE 'UTC')::date AS day`);
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT count(*)::bigint AS leads, count(DISTINCT (day, visitor))::bigint AS visits
      FROM (${branches}) AS leads
      WHERE visitor IS NOT NULL AND EXISTS (SELECT 1 FROM analytics_page_views v WHERE v.day = leads.day AND v.visitor = leads.visitor)`),
  );
  return { fromVisits: Number(row?.leads ?? 0), visits: Number(row?.visits ?? 0) };
}

/** Leads received in the range, by stage and by where their visit came from (as each lead row recorded it). */
async function leadCounts(db: Database, range: DateRange): Promise<LeadCount[]> {
  const branches = leadRows(
    range,
    (table) => sql`${table.stage}::text AS stage, coalesce(${table.landingPage}, '(unknown)')::text AS landing,
      ${SOURCE(sql`${table.utmSource}`, sql`${table.referrer}`)}::text AS source, ${CAMPAIGN(sql`${table.utmCampaign}`)}::text AS campaign`,
  );
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(
      sql`SELECT stage, landing, source, campaign, count(*)::bigint AS leads FROM (${branches}) AS leads GROUP BY 1, 2, 3, 4`,
    ),
  );
  return rows.map((row) => ({
    stage: row.stage as LeadStage,
    landing: String(row.landing),
    source: String(row.source),
    campaign: String(row.campaign),
    leads: Number(row.leads),
  }));
}

const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);
const count = (value: number) => value.toLocaleString("en-US");
const byCount = (key: string) => (a: Record<string, Cell>, b: Record<string, Cell>) =>
  Number(b[key]) - Number(a[key]) || String(a.value).localeCompare(String(b.value));

/** A stored value as the table shows it: a channel by its label, anything else as it is. */
const shown = (dimension: ViewDimension | GoalDimension, value: string) =>
  dimension === "channel" ? (CHANNEL_LABELS[value as Channel] ?? value) : value;

// In the order a marketer reads them: where visits came from first.
const VIEW_TABLES: { dimension: Exclude<ViewDimension, "total">; id: string; title: string; label: string }[] = [
  { dimension: "channel", id: "channels", title: "Channels", label: "Channel" },
  { dimension: "source", id: "sources", title: "Sources", label: "Source" },
  { dimension: "page", id: "pages", title: "Top pages", label: "Page" },
  { dimension: "entry", id: "entry-pages", title: "Entry pages", label: "Entry page" },
  { dimension: "campaign", id: "campaigns", title: "Campaigns", label: "Campaign (utm_campaign)" },
  { dimension: "medium", id: "mediums", title: "Mediums", label: "Medium (utm_medium)" },
  { dimension: "term", id: "terms", title: "Search terms", label: "Term (utm_term)" },
  { dimension: "content", id: "contents", title: "Ad contents", label: "Content (utm_content)" },
  { dimension: "device", id: "devices", title: "Devices", label: "Device" },
  { dimension: "click", id: "ad-click-ids", title: "Ad click ids", label: "Click id" },
];

const GOAL_TABLES: { dimension: Exclude<GoalDimension, "total">; id: string; title: string; label: string }[] = [
  { dimension: "channel", id: "goals-by-channel", title: "Goals by channel", label: "Channel" },
  { dimension: "source", id: "goals-by-source", title: "Goals by source", label: "Source" },
  { dimension: "entry", id: "goals-by-entry-page", title: "Goals by entry page", label: "Entry page" },
  { dimension: "campaign", id: "goals-by-campaign", title: "Goals by campaign", label: "Campaign" },
];

const LEAD_TABLES: { key: "landing" | "source" | "campaign"; id: string; title: string; label: string }[] = [
  { key: "landing", id: "leads-by-landing-page", title: "Leads by landing page and stage", label: "Landing page" },
  { key: "source", id: "leads-by-source", title: "Leads by source and stage", label: "Source" },
  { key: "campaign", id: "leads-by-campaign", title: "Leads by campaign and stage", label: "Campaign" },
];

/** Demos booked, per campaign of the visit that led to them (docs/decisions/028); per source they are in SOURCES_BY_DEMOS. */
const DEMO_TABLES: { key: "campaign"; id: string; title: string; label: string }[] = [
  { key: "campaign", id: "demos-by-campaign", title: "Demos by campaign", label: "Campaign" },
];

/** The first question a marketer asks: which sources bring booked demos (visits, leads and demos of each source). */
const SOURCES_BY_DEMOS = "sources-by-demos";

/** The tables about leads: only an account that reaches the leads sees them. */
export const LEAD_TABLE_IDS: readonly string[] = [
  SOURCES_BY_DEMOS,
  "funnel",
  ...LEAD_TABLES.map((table) => table.id),
  ...DEMO_TABLES.map((table) => table.id),
];

/**
 * Every table, in the order the page shows them and a marketer asks (decision 021, 2026-11-29): the visits over time
 * (the chart), which sources bring booked demos, the funnel, where visits came from, the goals, then the detail.
 */
export const REPORT_TABLE_IDS = [
  "visitors-over-time",
  SOURCES_BY_DEMOS,
  "funnel",
  "channels",
  "sources",
  "leads-by-source",
  "goals",
  "goals-by-channel",
  "goals-by-source",
  "demos-by-campaign",
  "campaigns",
  "goals-by-campaign",
  "leads-by-campaign",
  "pages",
  "entry-pages",
  "goals-by-entry-page",
  "leads-by-landing-page",
  "mediums",
  "terms",
  "contents",
  "devices",
  "ad-click-ids",
] as const;

/**
 * How many browsers the counts leave out today because they opened the console (analytics.server.ts excludeOperator):
 * the team's own visits, which the reports page says it does not count. Earlier days' lists are deleted with the salts.
 */
export async function consoleBrowsersToday(db: Database): Promise<number> {
  const [row] = rowsOf<{ count: number }>(
    await db.execute(sql`SELECT count(*)::int AS count FROM analytics_staff WHERE day = (now() AT TIME ZONE 'UTC')::date`),
  );
  return Number(row?.count ?? 0);
}

/**
 * Every report of a range, with the previous period beside it; with `leads: false` (an editor's account) nothing about
 * leads is read or shown: no funnel, no leads by stage, no lead count.
 */
/** Demos booked, held and won per source and campaign of the visit that led to each (the bookings' report, decision 028). */
export interface DemoCount {
  source: string;
  campaign: string;
  booked: number;
  held: number;
  won: number;
}

export interface ReportOptions {
  /** With false (an editor's account) nothing about leads is read or shown. */
  leads?: boolean;
  /** The demos' counts, handed in by the reports page (the bookings own them, decision 039); none without. */
  demos?: (db: Database, range: DateRange) => Promise<DemoCount[]>;
}

export async function buildReport(
  db: Database,
  range: DateRange,
  { leads: withLeads = true, demos: demoCounts = async () => [] }: ReportOptions = {},
): Promise<Report> {
  const previous = previousOf(range);
  const [views, before, goals, goalsBefore, leads, leadsBefore, demos, demosBefore, visited, visitedBefore] = await Promise.all([
    viewCounts(db, range),
    viewCounts(db, previous),
    goalCounts(db, range),
    goalCounts(db, previous),
    withLeads ? leadCounts(db, range) : [],
    withLeads ? leadCounts(db, previous) : [],
    withLeads ? demoCounts(db, range) : [],
    withLeads ? demoCounts(db, previous) : [],
    withLeads ? leadVisits(db, range) : { fromVisits: 0, visits: 0 },
    withLeads ? leadVisits(db, previous) : { fromVisits: 0, visits: 0 },
  ]);
  const demoTotal = (counts: DemoCount[], key: "booked" | "held" | "won") => counts.reduce((sum, row) => sum + row[key], 0);
  const total = (counts: ViewCount[]) =>
    counts
      .filter((row) => row.dimension === "total")
      .reduce((sum, row) => ({ views: sum.views + row.views, visitors: sum.visitors + row.visitors }), { views: 0, visitors: 0 });
  const now = total(views);
  const then = total(before);
  const leadTotal = (counts: LeadCount[], stages?: readonly LeadStage[]) =>
    counts.filter((row) => !stages || stages.includes(row.stage)).reduce((sum, row) => sum + row.leads, 0);
  const conversions = (counts: GoalCount[]) => counts.find((row) => row.dimension === "total" && row.goal === ANY_GOAL)?.conversions ?? 0;

  const tables: ReportTable[] = [];
  const perDay = new Map(views.filter((row) => row.dimension === "total").map((row) => [row.day, row]));
  tables.push({
    id: "visitors-over-time",
    title: "Visitors and page views per day",
    leads: false,
    columns: [
      { key: "value", label: "Day (UTC)" },
      { key: "visitors", label: "Visitors", kind: "count" },
      { key: "views", label: "Page views", kind: "count" },
    ],
    rows: daysOf(range).map((day) => ({ value: day, visitors: perDay.get(day)?.visitors ?? 0, views: perDay.get(day)?.views ?? 0 })),
  });

  for (const { dimension, id, title, label } of VIEW_TABLES) {
    const previousOfValue = new Map(before.filter((row) => row.dimension === dimension).map((row) => [row.value, row]));
    const visits = dimension === "page" ? "Visitors" : "Visits";
    tables.push({
      id,
      title,
      leads: false,
      columns: [
        { key: "value", label },
        { key: "visitors", label: visits, kind: "count" },
        { key: "views", label: "Page views", kind: "count" },
        { key: "previousVisitors", label: `${visits}, previous period`, kind: "count", previous: true },
      ],
      rows: views
        .filter((row) => row.dimension === dimension)
        .map((row) => ({
          value: shown(dimension, row.value),
          visitors: row.visitors,
          views: row.views,
          previousVisitors: previousOfValue.get(row.value)?.visitors ?? 0,
        }))
        .sort(byCount("visitors")),
    });
  }

  const goalTotals = new Map(goalsBefore.filter((row) => row.dimension === "total").map((row) => [row.goal, row]));
  const goalNow = new Map(goals.filter((row) => row.dimension === "total").map((row) => [row.goal, row]));
  // A goal's share of the visits counts only its visits that are visits: one with no page view that day (a link in a
  // mail, a booking's webhook) is a conversion but none of the visits, and counted in it once pushed a share past 100 %.
  const withoutView = (counts: GoalCount[]) =>
    new Map(counts.filter((row) => row.dimension === "entry" && row.value === NO_PAGE_VIEW).map((row) => [row.goal, row.conversions]));
  const viewlessNow = withoutView(goals);
  const viewlessBefore = withoutView(goalsBefore);
  const visitShare = (
    goal: Goal,
    counts: Map<Goal | typeof ANY_GOAL, GoalCount>,
    viewless: Map<Goal | typeof ANY_GOAL, number>,
    visits: number,
  ) => rate((counts.get(goal)?.conversions ?? 0) - (viewless.get(goal) ?? 0), visits);
  tables.push({
    id: "goals",
    title: "Goals",
    leads: false,
    columns: [
      { key: "value", label: "Goal" },
      { key: "conversions", label: "Converting visits", kind: "count" },
      { key: "events", label: "Times reached", kind: "count" },
      { key: "rate", label: "Share of all visits", kind: "rate" },
      { key: "previousConversions", label: "Converting visits, previous period", kind: "count", previous: true },
      { key: "previousRate", label: "Share of all visits, previous period", kind: "rate", previous: true },
    ],
    rows: GOALS.map((goal) => {
      const current = goalNow.get(goal);
      const earlier = goalTotals.get(goal);
      return {
        value: GOAL_LABELS[goal],
        conversions: current?.conversions ?? 0,
        events: current?.events ?? 0,
        rate: visitShare(goal, goalNow, viewlessNow, now.visitors),
        previousConversions: earlier?.conversions ?? 0,
        previousRate: visitShare(goal, goalTotals, viewlessBefore, then.visitors),
      };
    }).sort(byCount("conversions")),
  });

  for (const { dimension, id, title, label } of GOAL_TABLES) {
    const visitsOf = new Map(views.filter((row) => row.dimension === dimension).map((row) => [row.value, row.visitors]));
    tables.push({
      id,
      title,
      leads: false,
      columns: [
        { key: "goal", label: "Goal" },
        { key: "value", label },
        { key: "conversions", label: "Converting visits", kind: "count" },
        { key: "visits", label: "Visits", kind: "count" },
        { key: "rate", label: "Share of these visits", kind: "rate" },
      ],
      rows: goals
        .filter((row): row is GoalCount & { goal: Goal } => row.dimension === dimension && row.goal !== ANY_GOAL)
        .map((row) => {
          const visits = visitsOf.get(row.value) ?? 0;
          return {
            goal: GOAL_LABELS[row.goal],
            value: shown(dimension, row.value),
            conversions: row.conversions,
            visits,
            rate: rate(row.conversions, visits),
          };
        })
        .sort((a, b) => byCount("conversions")(a, b) || String(a.goal).localeCompare(String(b.goal))),
    });
  }

  const reached = (counts: LeadCount[], stage: LeadStage) =>
    leadTotal(counts, PIPELINE_STAGES.slice(PIPELINE_STAGES.indexOf(stage as (typeof PIPELINE_STAGES)[number])));
  // Every share names its base, and each base holds what it is divided into: leads are not a part of the visits (a
  // demo booked at the booking service or an import has no visit), so the visits' share is of the visits that
  // brought a lead, and the stages' of the leads.
  const leadCount = leadTotal(leads);
  const demosBooked = demoTotal(demos, "booked");
  const of = (base: number, noun: string) => ({ base, baseLabel: `${count(base)} ${noun}` });
  const funnelSteps: { step: string; now: number; then: number; of?: { base: number; baseLabel: string } }[] = [
    { step: "Visits", now: now.visitors, then: then.visitors },
    { step: "Leads", now: leadCount, then: leadTotal(leadsBefore) },
    {
      step: "Leads from a counted visit",
      now: visited.fromVisits,
      then: visitedBefore.fromVisits,
      of: of(leadCount, leadCount === 1 ? "lead" : "leads"),
    },
    {
      step: "Visits that brought a lead",
      now: visited.visits,
      then: visitedBefore.visits,
      of: of(now.visitors, now.visitors === 1 ? "visit" : "visits"),
    },
    ...PIPELINE_STAGES.slice(1).map((stage) => ({
      step: `${LEAD_STAGE_LABELS[stage]} or further`,
      now: reached(leads, stage),
      then: reached(leadsBefore, stage),
      of: of(leadCount, leadCount === 1 ? "lead" : "leads"),
    })),
    {
      step: "Lost",
      now: leadTotal(leads, ["lost"]),
      then: leadTotal(leadsBefore, ["lost"]),
      of: of(leadCount, leadCount === 1 ? "lead" : "leads"),
    },
    // The demo's own path: a demo lead booked (the booking service's webhook), its meeting held, won.
    {
      step: "Demos booked",
      now: demosBooked,
      then: demoTotal(demosBefore, "booked"),
      of: of(leadCount, leadCount === 1 ? "lead" : "leads"),
    },
    {
      step: "Demo meetings held",
      now: demoTotal(demos, "held"),
      then: demoTotal(demosBefore, "held"),
      of: of(demosBooked, demosBooked === 1 ? "demo booked" : "demos booked"),
    },
    {
      step: "Demos won",
      now: demoTotal(demos, "won"),
      then: demoTotal(demosBefore, "won"),
      of: of(demosBooked, demosBooked === 1 ? "demo booked" : "demos booked"),
    },
    {
      step: "Spam",
      now: leadTotal(leads, ["spam"]),
      then: leadTotal(leadsBefore, ["spam"]),
      of: of(leadCount, leadCount === 1 ? "lead" : "leads"),
    },
  ];
  tables.push({
    id: "funnel",
    title: "From visit to lead to each stage",
    leads: true,
    columns: [
      { key: "value", label: "Step" },
      { key: "count", label: "Count", kind: "count" },
      { key: "rate", label: "Share", kind: "rate" },
      { key: "of", label: "Share of" },
      { key: "previous", label: "Count, previous period", kind: "count", previous: true },
    ],
    rows: funnelSteps.map(({ step, now: value, then: earlier, of: base }) => ({
      value: step,
      count: value,
      rate: base ? rate(value, base.base) : null,
      of: base && base.base > 0 ? base.baseLabel : null,
      previous: earlier,
    })),
  });

  // Sources by booked demos: each source's visits, leads and the demos they booked, those that booked most first.
  const bySource = new Map<string, { visits: number; leads: number; booked: number; held: number; won: number }>();
  const sourceRow = (source: string) => {
    let row = bySource.get(source);
    if (!row) bySource.set(source, (row = { visits: 0, leads: 0, booked: 0, held: 0, won: 0 }));
    return row;
  };
  for (const row of views) if (row.dimension === "source") sourceRow(row.value).visits += row.visitors;
  for (const row of leads) sourceRow(row.source).leads += row.leads;
  for (const row of demos) {
    const counts = sourceRow(row.source);
    counts.booked += row.booked;
    counts.held += row.held;
    counts.won += row.won;
  }
  tables.push({
    id: SOURCES_BY_DEMOS,
    title: "Sources by booked demos",
    leads: true,
    columns: [
      { key: "value", label: "Source" },
      { key: "booked", label: "Demos booked", kind: "count" },
      { key: "leads", label: "Leads", kind: "count" },
      { key: "visits", label: "Visits", kind: "count" },
      { key: "held", label: "Meetings held", kind: "count" },
      { key: "won", label: "Won", kind: "count" },
    ],
    rows: [...bySource]
      .map(([value, counts]) => ({ value, ...counts }))
      .sort((a, b) => b.booked - a.booked || b.leads - a.leads || b.visits - a.visits || a.value.localeCompare(b.value)),
  });

  for (const { key, id, title, label } of LEAD_TABLES) {
    const groups = new Map<string, Record<LeadStage, number>>();
    for (const row of leads) {
      const group = groups.get(row[key]) ?? (Object.fromEntries(LEAD_STAGES.map((stage) => [stage, 0])) as Record<LeadStage, number>);
      group[row.stage] += row.leads;
      groups.set(row[key], group);
    }
    tables.push({
      id,
      title,
      leads: true,
      columns: [
        { key: "value", label },
        { key: "leads", label: "Leads", kind: "count" },
        ...LEAD_STAGES.map((stage) => ({ key: stage, label: LEAD_STAGE_LABELS[stage], kind: "count" as const })),
      ],
      rows: [...groups]
        .map(([value, stages]) => ({ value, leads: Object.values(stages).reduce((sum, n) => sum + n, 0), ...stages }))
        .sort(byCount("leads")),
    });
  }

  for (const { key, id, title, label } of DEMO_TABLES) {
    const groups = new Map<string, { booked: number; held: number; won: number }>();
    for (const row of demos) {
      const group = groups.get(row[key]) ?? { booked: 0, held: 0, won: 0 };
      groups.set(row[key], { booked: group.booked + row.booked, held: group.held + row.held, won: group.won + row.won });
    }
    tables.push({
      id,
      title,
      leads: true,
      columns: [
        { key: "value", label },
        { key: "booked", label: "Demos booked", kind: "count" },
        { key: "held", label: "Meetings held", kind: "count" },
        { key: "won", label: "Won", kind: "count" },
      ],
      rows: [...groups].map(([value, counts]) => ({ value, ...counts })).sort(byCount("booked")),
    });
  }

  const order: readonly string[] = REPORT_TABLE_IDS;
  tables.sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
  return {
    range,
    previous: previousOf(range),
    summary: [
      { label: "Visitors", value: now.visitors, previous: then.visitors },
      { label: "Page views", value: now.views, previous: then.views },
      { label: "Goal conversions", value: conversions(goals), previous: conversions(goalsBefore) },
      ...(withLeads ? [{ label: "Leads", value: leadTotal(leads), previous: leadTotal(leadsBefore) }] : []),
    ],
    tables: tables.filter((table) => withLeads || !table.leads),
  };
}
