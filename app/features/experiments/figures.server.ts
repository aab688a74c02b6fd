import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { demoBookings } from "~/features/bookings/index.server";
import { PIPELINE_STAGES } from "~/features/leads";
import { contactRequests, demoLeads, featureRequests, newsletterSubscribers, resourceLeads } from "~/features/leads/index.server";
import type { Database } from "~/lib/db/client.server";
import { rowsOf } from "~/lib/db/rows.server";
import { cumulativeShares, POINTS, type VariantShare } from "./assignment";

// An experiment's figures per variant, read from the page views and the lead tables as they are (no table of its own):
// - Visit: a distinct visitor id with a counted page view (analytics_page_views) of exactly the path, startedAt <= at < stoppedAt (or now).
// - Its variant: variantOf(experiment.id, visitor, variants), computed here in SQL, the same SHA-256 and cut (assignment.ts).
// - Leads: rows of every lead table whose visitor_id is one of those visits, created (a download: downloaded) at or after startedAt.
// - Lead tables: contact, feature request, download, newsletter (only once confirmed, double opt-in) and demo, as the reports count.
// - A person in several lead tables is a lead in each, as the reports' funnel counts them (a row is a lead; no merging by address).
// - Qualified: those leads at stage qualified or further (meeting-booked, won), as the funnel's "or further".
// - Demos booked: those visits' demo leads with a booking in demo_bookings (any status), as the bookings' report counts them.
// - Won: those leads at stage won.
// Page views are kept ANALYTICS_RETENTION_DAYS and the team's own are deleted (decision 021): neither is a visit here.

export interface ExperimentWindow {
  id: number;
  path: string;
  variants: readonly VariantShare[];
  startedAt: Date;
  stoppedAt: Date | null;
}

export interface VariantFigures {
  key: string;
  visits: number;
  leads: number;
  qualified: number;
  demosBooked: number;
  won: number;
}

const QUALIFIED = PIPELINE_STAGES.slice(PIPELINE_STAGES.indexOf("qualified"));

/**
 * A visitor id's point in SQL, as `pointOf` makes it: the first 32 bits (8 hex digits) of SHA-256 of
 * "<experiment id>:<visitor id>". Computed once per visit (a MATERIALIZED CTE): inlined, PostgreSQL hashed again for
 * every branch of the variant's CASE.
 */
const pointSql = (experimentId: number, visitor: SQL) =>
  sql`('x' || left(encode(sha256(convert_to(${`${experimentId}:`}::text || (${visitor})::text, 'UTF8')), 'hex'), 8))::bit(32)::bigint`;

/** The variant's index of a point, as `variantOf` picks it: the first whose cumulative share c has point * 100 < c * 2^32. */
const variantSql = (variants: readonly VariantShare[], point: SQL) =>
  sql`CASE ${sql.join(
    cumulativeShares(variants).map(
      (upTo, index) => sql`WHEN ${point} * 100 < ${sql.raw(String(upTo * POINTS))} THEN ${sql.raw(String(index))}`,
    ),
    sql` `,
  )} END`;

type LeadTable = typeof contactRequests | typeof featureRequests | typeof newsletterSubscribers | typeof resourceLeads | typeof demoLeads;

/** Every lead row from startedAt on with a visitor id: its visitor, stage and whether it is a booked demo. */
function leadRows(since: string): SQL {
  const tables: [LeadTable, AnyPgColumn, SQL][] = [
    [contactRequests, contactRequests.createdAt, sql``],
    [featureRequests, featureRequests.createdAt, sql``],
    [newsletterSubscribers, newsletterSubscribers.createdAt, sql` AND ${newsletterSubscribers.confirmedAt} IS NOT NULL`],
    [resourceLeads, resourceLeads.downloadedAt, sql``],
    [demoLeads, demoLeads.createdAt, sql``],
  ];
  return sql.join(
    tables.map(([table, time, confirmed]) => {
      const booked =
        table === demoLeads ? sql`EXISTS (SELECT 1 FROM ${demoBookings} WHERE ${demoBookings.leadId} = ${demoLeads.id})` : sql`false`;
      return sql`SELECT ${table.visitorId} AS visitor, ${table.stage}::text AS stage, ${booked} AS booked FROM ${table}
        WHERE ${table.visitorId} IS NOT NULL AND ${time} >= ${since}::timestamptz${confirmed}`;
    }),
    sql` UNION ALL `,
  );
}

function experimentFiguresSql(experiment: ExperimentWindow, now: Date): SQL {
  const since = experiment.startedAt.toISOString();
  const until = (experiment.stoppedAt ?? now).toISOString();
  const qualified = sql.join(
    QUALIFIED.map((stage) => sql`${stage}`),
    sql`, `,
  );
  return sql`
      WITH visits AS (
        -- The day bounds let the (day, visitor, at) index narrow the scan to the window's days.
        SELECT DISTINCT visitor FROM analytics_page_views
        WHERE path = ${experiment.path} AND at >= ${since}::timestamptz AND at < ${until}::timestamptz
          AND day BETWEEN (${since}::timestamptz AT TIME ZONE 'UTC')::date AND (${until}::timestamptz AT TIME ZONE 'UTC')::date
      ),
      points AS MATERIALIZED (SELECT visitor, ${pointSql(experiment.id, sql`visitor`)} AS point FROM visits),
      leads AS (
        SELECT visitor, count(*) AS leads, count(*) FILTER (WHERE stage IN (${qualified})) AS qualified,
          count(*) FILTER (WHERE booked) AS booked, count(*) FILTER (WHERE stage = 'won') AS won
        FROM (${leadRows(since)}) AS lead_rows GROUP BY visitor
      )
      SELECT variant, count(*)::int AS visits, coalesce(sum(l.leads), 0)::int AS leads, coalesce(sum(l.qualified), 0)::int AS qualified,
        coalesce(sum(l.booked), 0)::int AS booked, coalesce(sum(l.won), 0)::int AS won
      FROM (SELECT visitor, ${variantSql(experiment.variants, sql`point`)} AS variant FROM points) AS v
      LEFT JOIN leads l ON l.visitor = v.visitor
      GROUP BY variant`;
}

/** Visits, leads, qualified, demos booked and won per variant, in the variants' order; one query. */
export async function experimentFigures(db: Database, experiment: ExperimentWindow, now = new Date()): Promise<VariantFigures[]> {
  const rows = rowsOf<Record<string, unknown>>(await db.execute(experimentFiguresSql(experiment, now)));
  const byIndex = new Map(rows.map((row) => [Number(row.variant), row]));
  return experiment.variants.map(({ key }, index) => {
    const row = byIndex.get(index);
    return {
      key,
      visits: Number(row?.visits ?? 0),
      leads: Number(row?.leads ?? 0),
      qualified: Number(row?.qualified ?? 0),
      demosBooked: Number(row?.booked ?? 0),
      won: Number(row?.won ?? 0),
    };
  });
}
