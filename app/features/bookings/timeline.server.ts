import { sql } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { rowsOf } from "~/lib/db/rows.server";
import { demoBookingEvents, type BookingEventKind } from "./tables";

export interface TimelineEntry {
  kind: BookingEventKind;
  occurredAt: Date;
  meetingAt: Date | null;
}

/** A demo lead's timeline, in the order things happened at the provider (half of a Calendly reschedule left out). */
export async function timelineOf(db: Pick<Database, "execute">, leadId: number): Promise<TimelineEntry[]> {
  const rows = rowsOf<{ kind: BookingEventKind; occurred_at: string | Date; meeting_at: string | Date | null }>(
    await db.execute(sql`SELECT kind, occurred_at, meeting_at FROM ${demoBookingEvents}
      WHERE lead_id = ${leadId} AND kind <> 'replaced' ORDER BY occurred_at, id`),
  );
  return rows.map((row) => ({
    kind: row.kind,
    occurredAt: new Date(row.occurred_at),
    meetingAt: row.meeting_at === null ? null : new Date(row.meeting_at),
  }));
}
