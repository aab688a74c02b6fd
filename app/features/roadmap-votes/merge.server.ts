// The team's side of roadmap votes (decision 036): a feature request linked to a roadmap item (it then counts as its
// requester's vote), two items merged into one (votes and requests move, each address counted once per item, the old
// anchor kept), and who wants an item, ranked by what their leads are worth to the business.
import { eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { rowsOf } from "~/lib/db/rows.server";
import { featureRequests } from "~/features/leads/index.server";
import { roadmapItemMerges, roadmapVotes, roadmapWithdrawals } from "./tables";
import type { LeadStage } from "~/features/leads";
import { notifyContentChanged } from "~/features/site-content/index.server";
import { recordAudit } from "~/lib/console/audit.server";

/** Links (or, with null, unlinks) a feature request to a roadmap item; false when there is no such request. */
export async function linkRequest(db: Database, requestId: number, itemId: string | null, by: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(featureRequests)
      .set({ roadmapItemId: itemId })
      .where(eq(featureRequests.id, requestId))
      .returning({ id: featureRequests.id });
    if (updated.length === 0) return false;
    await recordAudit(tx, by, "roadmap-linked", { request: requestId, item: itemId ?? "none" });
    // The item's count on /roadmap changed.
    await notifyContentChanged(tx);
    return true;
  });
}

/** A merge refused, with the operator's message; nothing was changed. */
export class MergeRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MergeRefused";
  }
}

/**
 * Merges `fromItemId` into `intoItemId`, in one transaction: its requests move; its votes move unless the address
 * already voted for the other item, where the one vote left is confirmed if either was; items merged into it earlier
 * follow it. The old anchor is recorded so the merged-into card carries it. Only items not merged themselves take part
 * (MergeRefused otherwise): every merged item then points at one that is not, so no merge can close a cycle.
 */
export async function mergeItems(db: Database, fromItemId: string, intoItemId: string, by: string): Promise<void> {
  if (fromItemId === intoItemId) throw new MergeRefused("Nothing was merged: an item cannot be merged into itself.");
  await db.transaction(async (tx) => {
    // Two merges at once (A into B, B into A) are checked one after the other: each sees what the other did.
    await tx.execute(sql`LOCK TABLE ${roadmapItemMerges} IN SHARE ROW EXCLUSIVE MODE`);
    const merged = await tx
      .select({ from: roadmapItemMerges.fromItemId, into: roadmapItemMerges.intoItemId })
      .from(roadmapItemMerges)
      .where(inArray(roadmapItemMerges.fromItemId, [fromItemId, intoItemId]));
    const source = merged.find((row) => row.from === fromItemId);
    if (source) throw new MergeRefused(`Nothing was merged: #${fromItemId} is already merged into #${source.into}.`);
    const target = merged.find((row) => row.from === intoItemId);
    if (target)
      throw new MergeRefused(
        target.into === fromItemId
          ? `Nothing was merged: #${intoItemId} is already merged into #${fromItemId}.`
          : `Nothing was merged: #${intoItemId} is already merged into #${target.into}. Merge into #${target.into} instead.`,
      );
    // Both items' votes, locked, so a vote confirmed meanwhile is not lost.
    await tx.execute(sql`SELECT id FROM ${roadmapVotes} WHERE ${roadmapVotes.itemId} IN (${fromItemId}, ${intoItemId}) FOR UPDATE`);
    await tx.execute(sql`
      UPDATE ${roadmapVotes} AS kept SET status = 'confirmed', confirmed_at = coalesce(kept.confirmed_at, moved.confirmed_at)
      FROM ${roadmapVotes} AS moved
      WHERE kept.item_id = ${intoItemId} AND moved.item_id = ${fromItemId}
        AND lower(kept.email) = lower(moved.email) AND moved.status = 'confirmed' AND kept.status <> 'confirmed'`);
    await tx.execute(sql`
      DELETE FROM ${roadmapVotes} AS moved USING ${roadmapVotes} AS kept
      WHERE moved.item_id = ${fromItemId} AND kept.item_id = ${intoItemId} AND lower(kept.email) = lower(moved.email)`);
    await tx.update(roadmapVotes).set({ itemId: intoItemId }).where(eq(roadmapVotes.itemId, fromItemId));
    await tx.update(featureRequests).set({ roadmapItemId: intoItemId }).where(eq(featureRequests.roadmapItemId, fromItemId));
    // Who withdrew from the old item stays withdrawn from the one it became.
    await tx.execute(sql`
      DELETE FROM ${roadmapWithdrawals} AS moved USING ${roadmapWithdrawals} AS kept
      WHERE moved.item_id = ${fromItemId} AND kept.item_id = ${intoItemId} AND lower(kept.email) = lower(moved.email)`);
    await tx.update(roadmapWithdrawals).set({ itemId: intoItemId }).where(eq(roadmapWithdrawals.itemId, fromItemId));
    await tx.update(roadmapItemMerges).set({ intoItemId }).where(eq(roadmapItemMerges.intoItemId, fromItemId));
    await tx
      .insert(roadmapItemMerges)
      .values({ fromItemId, intoItemId, mergedBy: by })
      .onConflictDoUpdate({ target: roadmapItemMerges.fromItemId, set: { intoItemId, mergedBy: by, mergedAt: sql`now()` } });
    await recordAudit(tx, by, "roadmap-merged", { from: fromItemId, into: intoItemId });
    // The counts on /roadmap changed: every instance renders it again (./votes.server.ts).
    await notifyContentChanged(tx);
  });
}

/** The ids merged into each item, for the merged-into card to carry the old anchors. */
export async function mergedAnchors(db: Database, itemIds?: readonly string[]): Promise<Record<string, string[]>> {
  const rows = await db
    .select({ from: roadmapItemMerges.fromItemId, into: roadmapItemMerges.intoItemId })
    .from(roadmapItemMerges)
    .where(itemIds ? inArray(roadmapItemMerges.intoItemId, [...itemIds]) : undefined);
  const anchors: Record<string, string[]> = {};
  for (const row of rows) (anchors[row.into] ??= []).push(row.from);
  return anchors;
}

export interface Supporter {
  email: string;
  name: string | null;
  /** A request linked to the item, a confirmed vote, or both. */
  asked: boolean;
  voted: boolean;
  /** What they wrote beside their vote ("We would buy the Pro plan if this existed"), decision 045; null when nothing. */
  note: string | null;
  /** The furthest stage any lead of this address has reached, or null when it is no lead. */
  stage: LeadStage | null;
}

/** The stages that matter most to the business, first. */
const STAGE_RANK = sql`CASE stage WHEN 'won' THEN 0 WHEN 'meeting-booked' THEN 1 WHEN 'qualified' THEN 2 WHEN 'contacted' THEN 3 WHEN 'new' THEN 4 ELSE 5 END`;

/**
 * Who asked for and voted on an item, each address once, with their lead stage: won, meeting booked and qualified
 * leads first, then the rest; confirmed votes only.
 */
export async function itemSupporters(db: Database, itemId: string): Promise<Supporter[]> {
  const rows = rowsOf<{ email: string; name: string | null; asked: boolean; voted: boolean; note: string | null; stage: LeadStage | null }>(
    await db.execute(sql`
      WITH wanted AS (
        SELECT lower(email) AS address, min(email) AS email, max(name) AS name, bool_or(asked) AS asked, bool_or(voted) AS voted,
          max(note) AS note
        FROM (
          SELECT email, name, true AS asked, false AS voted, NULL::text AS note FROM feature_requests WHERE roadmap_item_id = ${itemId}
          UNION ALL
          SELECT email, name, false, true, nullif(btrim(note), '') FROM roadmap_votes WHERE item_id = ${itemId} AND status = 'confirmed'
        ) AS people GROUP BY lower(email)
      ),
      stages AS (
        SELECT lower(email) AS address, stage FROM contact_requests
        UNION ALL SELECT lower(email), stage FROM feature_requests
        UNION ALL SELECT lower(email), stage FROM resource_leads
        UNION ALL SELECT lower(email), stage FROM demo_leads
        UNION ALL SELECT lower(email), stage FROM newsletter_subscribers
      ),
      best AS (
        SELECT DISTINCT ON (address) address, stage FROM stages
        WHERE address IN (SELECT address FROM wanted) AND stage NOT IN ('lost', 'spam')
        ORDER BY address, ${STAGE_RANK}
      )
      SELECT wanted.email, wanted.name, wanted.asked, wanted.voted, wanted.note, best.stage
      FROM wanted LEFT JOIN best USING (address)
      ORDER BY ${sql.raw("CASE best.stage WHEN 'won' THEN 0 WHEN 'meeting-booked' THEN 1 WHEN 'qualified' THEN 2 ELSE 3 END")}, wanted.asked DESC, wanted.email`),
  );
  return rows.map((row) => ({ ...row, asked: Boolean(row.asked), voted: Boolean(row.voted) }));
}
