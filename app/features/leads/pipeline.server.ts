import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { operators } from "~/lib/db/schema/console";
import { recordAudit } from "~/lib/console/audit.server";
import { mayReach, ROLES } from "~/lib/console/roles";
import { NOTE_MAX_LENGTH, NOTES_MAX, type LeadKind, type LeadNote, type LeadStage } from "./kinds";
import { followUpJob } from "./follow-up.server";
import { enqueue } from "~/lib/jobs/outbox.server";
import { tableOf } from "./leads.server";
import type { LeadOwner } from "./types";

// What the team changes on a lead, each change one transaction with its audit line: the stage (its one state), the
// owner, the follow-up day (which arms its reminder in the outbox) and a note added to its timeline. A change made
// from a page that was out of date (another operator moved the lead meanwhile) is refused with what happened instead.

/** The accounts that may own a lead: the roles that reach the leads (sales, admin). */
export const OWNER_ROLES = ROLES.filter((role) => mayReach(role, "leads"));

/** Every account that may own a lead, by address. */
export function leadOwners(db: Database): Promise<LeadOwner[]> {
  return db
    .select({ id: operators.id, email: operators.email })
    .from(operators)
    .where(inArray(operators.role, OWNER_ROLES))
    .orderBy(asc(operators.email));
}

export type Change<Extra = object> = { status: "done" } | { status: "missing" } | ({ status: "stale" } & Extra);

/**
 * Moves a lead to `to` if it is still at `from` (the stage the operator saw); `stale` with the stage it is at now, who
 * moved it there and when, if another operator moved it meanwhile. Moving it to where it is changes nothing.
 */
export async function moveLead(
  db: Database,
  kind: LeadKind,
  id: number,
  { from, to }: { from: LeadStage; to: LeadStage },
  actor: string,
): Promise<Change<{ stage: LeadStage; by: string | null; at: Date | null }>> {
  const table = tableOf(kind);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ stage: table.stage, by: table.stageBy, at: table.stageAt })
      .from(table)
      .where(eq(table.id, id))
      .for("update");
    if (!row) return { status: "missing" };
    if (row.stage !== from) return { status: "stale", stage: row.stage, by: row.by, at: row.at };
    if (from === to) return { status: "done" };
    await tx.update(table).set({ stage: to, stageAt: new Date(), stageBy: actor }).where(eq(table.id, id));
    await recordAudit(tx, actor, "lead-stage", { kind, id, stage: to, from });
    return { status: "done" };
  });
}

/**
 * Gives the lead to an account that may work leads, or to nobody (`null`), if its owner is still `expected` (the one the
 * operator saw); `invalid` when the account cannot own leads.
 */
export async function assignOwner(
  db: Database,
  kind: LeadKind,
  id: number,
  { expected, owner }: { expected: number | null; owner: number | null },
  actor: string,
): Promise<Change<{ ownerEmail: string | null }> | { status: "invalid" }> {
  const table = tableOf(kind);
  return db.transaction(async (tx) => {
    let ownerZone = "UTC";
    if (owner !== null) {
      const [account] = await tx
        .select({ id: operators.id, timeZone: operators.timeZone })
        .from(operators)
        .where(and(eq(operators.id, owner), inArray(operators.role, OWNER_ROLES)));
      if (!account) return { status: "invalid" };
      ownerZone = account.timeZone;
    }
    const [row] = await tx
      .select({
        ownerId: table.ownerId,
        ownerEmail: operators.email,
        email: table.email,
        followUpOn: table.followUpOn,
        remindedOn: table.followUpRemindedOn,
      })
      .from(table)
      .leftJoin(operators, eq(operators.id, table.ownerId))
      .where(eq(table.id, id))
      .for("update", { of: table });
    if (!row) return { status: "missing" };
    if (row.ownerId !== expected) return { status: "stale", ownerEmail: row.ownerEmail };
    if (owner === expected) return { status: "done" };
    await tx.update(table).set({ ownerId: owner }).where(eq(table.id, id));
    // A day whose reminder found nobody to remind (or is still to come) is armed again for the new owner, at their
    // morning. The previous owner's job stays: whichever runs first reminds the lead's owner then, and the other finds
    // the day reminded.
    if (owner !== null && row.followUpOn && row.remindedOn !== row.followUpOn) {
      await enqueue(tx, [followUpJob(kind, id, row.followUpOn, row.email, ownerZone)]);
    }
    await recordAudit(tx, actor, "lead-owner", { kind, id, owner: owner ?? "nobody" });
    return { status: "done" };
  });
}

/** Today in UTC, as YYYY-MM-DD. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

/**
 * Sets the day the owner is reminded of the lead (or clears it). A new day arms its reminder: one outbox job due that
 * morning in the owner's time zone, which sends only if the lead still has that day then (app/features/leads/follow-up.server.ts); the same day
 * again changes nothing, so it never arms a second reminder.
 */
export async function setFollowUp(db: Database, kind: LeadKind, id: number, day: string | null, actor: string): Promise<boolean> {
  const table = tableOf(kind);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ followUpOn: table.followUpOn, email: table.email, ownerZone: operators.timeZone })
      .from(table)
      .leftJoin(operators, eq(operators.id, table.ownerId))
      .where(eq(table.id, id))
      .for("update", { of: table });
    if (!row) return false;
    if (row.followUpOn === day) return true;
    await tx.update(table).set({ followUpOn: day }).where(eq(table.id, id));
    if (day) await enqueue(tx, [followUpJob(kind, id, day, row.email, row.ownerZone ?? undefined)]);
    await recordAudit(tx, actor, "lead-follow-up", { kind, id, day: day ?? "none" });
    return true;
  });
}

/** Adds a note to the lead's timeline, with who and when; `full` when it already keeps NOTES_MAX. */
export async function addNote(db: Database, kind: LeadKind, id: number, text: string, actor: string): Promise<"done" | "missing" | "full"> {
  const table = tableOf(kind);
  const note: LeadNote = { at: new Date().toISOString(), by: actor, text: text.slice(0, NOTE_MAX_LENGTH) };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ count: sql<number>`jsonb_array_length(${table.notes})` })
      .from(table)
      .where(eq(table.id, id))
      .for("update");
    if (!row) return "missing";
    if (Number(row.count) >= NOTES_MAX) return "full";
    await tx
      .update(table)
      .set({ notes: sql`${table.notes} || jsonb_build_array(${JSON.stringify(note)}::jsonb)` })
      .where(eq(table.id, id));
    await recordAudit(tx, actor, "lead-note", { kind, id });
    return "done";
  });
}
