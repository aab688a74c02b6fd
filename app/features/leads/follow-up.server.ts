import { and, eq, isNotNull, or, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { operators } from "~/lib/db/schema/console";
import { consolePaths } from "~/lib/console/paths";
import { instantInZone } from "~/lib/console/time-zone";
import { enqueue, type OutboxJob } from "~/lib/jobs/outbox.server";
import type { MailOf } from "~/lib/mail/mailer.server";
import type { LeadMails } from "./mails";
import { isLeadKind, LEAD_KIND_LABELS, LEAD_STAGE_LABELS, type LeadKind } from "./kinds";
import { tableOf } from "./leads.server";

// A lead's follow-up reminder: setting a day arms one outbox job due at 8:00 that day in the owner's time zone (the
// one they chose in the console; UTC for a lead without an owner, whose job sends nothing); run, it sends the owner one
// email, through the outbox like every other message. Exactly once whatever happens around it: the job and the mail it
// enqueues are written in one transaction that also marks the day reminded, so a second run (two instances, a worker
// killed after the commit, a restart) finds the mark and sends nothing. A day changed since, or a lead without an
// owner, sends nothing either; the new day has its own job.

export const FOLLOW_UP_JOB = "lead:follow-up";
/** The hour, in the owner's time zone, a follow-up day's reminder goes out; a day set for today after it goes out at once. */
export const FOLLOW_UP_HOUR = 8;

export interface FollowUpPayload {
  kind: LeadKind;
  id: number;
  day: string;
}

/**
 * The job that reminds the owner of the lead on `day`, at FOLLOW_UP_HOUR in `zone` (the owner's); `email` is the lead's,
 * so a data request finds the job.
 */
export function followUpJob(kind: LeadKind, id: number, day: string, email: string, zone = "UTC"): OutboxJob {
  const wallTime = `${day}T${String(FOLLOW_UP_HOUR).padStart(2, "0")}:00`;
  return {
    kind: FOLLOW_UP_JOB,
    recipient: email,
    payload: { kind, id, day } satisfies FollowUpPayload,
    runAfter: instantInZone(wallTime, zone) ?? new Date(`${wallTime}:00Z`),
  };
}

/** Runs a follow-up job: sends its reminder if the lead still has that day, has an owner, and was not reminded of it. */
export async function remindOfFollowUp(db: Database, payload: unknown): Promise<"sent" | "nothing"> {
  const { kind, id, day } = payload as FollowUpPayload;
  if (!isLeadKind(kind)) throw new Error(`a follow-up job for an unknown kind of lead`);
  const table = tableOf(kind);
  return db.transaction(async (tx) => {
    const [lead] = await tx
      .update(table)
      .set({ followUpRemindedOn: day })
      .where(
        and(
          eq(table.id, id),
          eq(table.followUpOn, day),
          isNotNull(table.ownerId),
          or(isNull(table.followUpRemindedOn), ne(table.followUpRemindedOn, day)),
        ),
      )
      .returning({ ownerId: table.ownerId, email: table.email, stage: table.stage, name: sql<string | null>`${nameOf(kind)}` });
    if (!lead) return "nothing";
    const [owner] = await tx.select({ email: operators.email }).from(operators).where(eq(operators.id, lead.ownerId!));
    if (!owner) return "nothing";
    const mail: MailOf<LeadMails, "follow-up-reminder"> = {
      template: "follow-up-reminder",
      to: [{ address: owner.email }],
      props: {
        lead: lead.name ?? lead.email,
        kind: LEAD_KIND_LABELS[kind].one,
        stage: LEAD_STAGE_LABELS[lead.stage],
        day,
        path: consolePaths.lead(kind, id),
      },
    };
    await enqueue(tx, [{ kind: "mail:follow-up-reminder", recipient: lead.email, payload: mail }]);
    return "sent";
  });
}

/** The lead's name column, where its table has one (a subscriber gives only an address). */
function nameOf(kind: LeadKind) {
  const table = tableOf(kind);
  return "name" in table ? sql`${table.name}` : sql`NULL`;
}
