import { sql } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { rowsOf } from "~/lib/db/rows.server";
import { consolePaths } from "~/lib/console/paths";
import type { TimelineEvent } from "~/lib/console/timeline";
import { normalizeAddress } from "~/lib/jobs/outbox-about.server";
import { demoLeads } from "~/features/leads/index.server";
import { demoBookingEvents, type BookingEventKind } from "./tables";

type Told = Pick<TimelineEvent, "actor" | "title" | "momentLabel">;

// What each booking event reads as on the person's timeline (decision 045); the half of a Calendly reschedule that
// cancels the old booking ("replaced") is left out: the reschedule says it.
const TOLD: Record<Exclude<BookingEventKind, "replaced">, Told> = {
  booked: { actor: "person", title: "Booked a demo", momentLabel: "for" },
  rescheduled: { actor: "person", title: "Moved the demo", momentLabel: "to" },
  cancelled: { actor: "person", title: "Cancelled the demo" },
  "no-show": { actor: "team", title: "Did not come to the demo" },
  held: { actor: "team", title: "Had the demo" },
};

/** A person's meetings as the booking service reported them (decision 028), as timeline events of their address. */
export async function bookingTimeline(db: Pick<Database, "execute">, email: string): Promise<TimelineEvent[]> {
  const rows = rowsOf<{ lead_id: number | string; kind: BookingEventKind; occurred_at: string | Date; meeting_at: string | Date | null }>(
    await db.execute(sql`SELECT e.lead_id, e.kind, e.occurred_at, e.meeting_at FROM ${demoBookingEvents} e
      JOIN ${demoLeads} l ON l.id = e.lead_id
      WHERE lower(l.email) = ${normalizeAddress(email)} AND e.kind <> 'replaced' ORDER BY e.occurred_at, e.id`),
  );
  return rows.flatMap((row): TimelineEvent[] => {
    if (row.kind === "replaced") return [];
    const told = TOLD[row.kind];
    const withMeeting = told.momentLabel !== undefined && row.meeting_at !== null;
    return [
      {
        at: new Date(row.occurred_at),
        kind: `booking:${row.kind}`,
        ...told,
        moment: withMeeting ? new Date(row.meeting_at!) : null,
        href: consolePaths.lead("demo", Number(row.lead_id)),
        hrefLabel: "Open the demo",
      },
    ];
  });
}
