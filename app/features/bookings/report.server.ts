import { sql } from "drizzle-orm";
import { CAMPAIGN, SOURCE } from "~/features/analytics/index.server";
import type { DateRange } from "~/features/analytics";
import type { DemoCount } from "~/features/analytics/index.server";
import type { Database } from "~/lib/db/client.server";
import { rowsOf } from "~/lib/db/rows.server";

// What the reports say about demos (docs/decisions/028): per source and campaign of the visit that led to each, how
// many were booked in the range, how many of those meetings were held, and how many of those leads are won.

export async function demoCounts(db: Database, range: DateRange): Promise<DemoCount[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT ${SOURCE(sql`l.utm_source`, sql`l.referrer`)}::text AS source, ${CAMPAIGN(sql`l.utm_campaign`)}::text AS campaign,
        count(*)::int AS booked,
        count(*) FILTER (WHERE EXISTS (SELECT 1 FROM demo_bookings b WHERE b.lead_id = l.id AND b.held))::int AS held,
        count(*) FILTER (WHERE l.stage = 'won')::int AS won
      FROM demo_leads l
      WHERE l.created_at >= ${`${range.from}T00:00:00Z`}::timestamptz AND l.created_at < ${`${range.to}T00:00:00Z`}::timestamptz + interval '1 day'
        AND EXISTS (SELECT 1 FROM demo_bookings b WHERE b.lead_id = l.id)
      GROUP BY 1, 2`),
  );
  return rows.map((row) => ({
    source: String(row.source),
    campaign: String(row.campaign),
    booked: Number(row.booked),
    held: Number(row.held),
    won: Number(row.won),
  }));
}
