// What the console shows of the roadmap (decision 036): every item, published or only drafted (an item started from a request
// waits there for an editor), with how many want it, the requests linked to it, the items merged into it and its
// shipped notice.
import { eq, sql } from "drizzle-orm";
import type { RoadmapItem } from "~/content/roadmap";
import type { Database } from "~/lib/db/client.server";
import { featureRequests } from "~/features/leads/index.server";
import { newsletterIssues } from "~/features/newsletter/index.server";
import { rowsOf } from "~/lib/db/rows.server";
import { findContent, workingCopy } from "~/features/site-content/index.server";
import { mergedAnchors } from "./merge.server";
import { voteCounts } from "./votes.server";

export interface TeamRoadmapItem extends Pick<RoadmapItem, "id" | "name" | "description" | "status" | "month"> {
  /** On /roadmap now; false for an item only in the editor's draft. */
  published: boolean;
}

/** The published items, then those only in the draft; each once, as the draft words it when it has one. */
export async function teamRoadmapItems(db: Database): Promise<TeamRoadmapItem[]> {
  const row = await findContent(db, "roadmap");
  if (!row) return [];
  const published = row.published as RoadmapItem[];
  const draft = workingCopy(row) as RoadmapItem[];
  const publishedIds = new Set(published.map((item) => item.id));
  const worded = new Map(draft.map((item) => [item.id, item]));
  const pick = (item: RoadmapItem, isPublished: boolean): TeamRoadmapItem => {
    const { id, name, description, status, month } = isPublished ? item : (worded.get(item.id) ?? item);
    return { id, name, description, status, month, published: isPublished };
  };
  return [
    ...published.map((item) => pick(item, true)),
    ...draft.filter((item) => !publishedIds.has(item.id)).map((item) => pick(item, false)),
  ];
}

export interface RoadmapOverviewRow extends TeamRoadmapItem {
  /** Addresses that want it: confirmed votes and linked requests, each once. */
  wanted: number;
  requests: number;
  mergedFrom: string[];
  /** The item it was merged into: its votes and requests are there now. */
  mergedInto: string | null;
  /** Its shipped notice, once one was drafted. */
  notice: { id: number; status: string } | null;
}

export async function roadmapOverview(db: Database): Promise<RoadmapOverviewRow[]> {
  const [items, wanted, merged, requestRows, notices] = await Promise.all([
    teamRoadmapItems(db),
    voteCounts(db),
    mergedAnchors(db),
    rowsOf<{ item_id: string; n: number }>(
      await db.execute(sql`
        SELECT roadmap_item_id AS item_id, count(*)::int AS n FROM ${featureRequests}
        WHERE roadmap_item_id IS NOT NULL GROUP BY roadmap_item_id`),
    ),
    db
      .select({ id: newsletterIssues.id, status: newsletterIssues.status, itemId: newsletterIssues.sourceKey })
      .from(newsletterIssues)
      .where(eq(newsletterIssues.topic, "shipped")),
  ]);
  const requests = new Map(requestRows.map((row) => [row.item_id, Number(row.n)]));
  const noticeOf = new Map(notices.map((notice) => [notice.itemId, { id: notice.id, status: notice.status }]));
  const mergedInto = new Map(Object.entries(merged).flatMap(([into, from]) => from.map((id) => [id, into] as const)));
  return items.map((item) => ({
    ...item,
    wanted: wanted[item.id] ?? 0,
    requests: requests.get(item.id) ?? 0,
    mergedFrom: merged[item.id] ?? [],
    mergedInto: mergedInto.get(item.id) ?? null,
    notice: noticeOf.get(item.id) ?? null,
  }));
}

/** The item a feature request is linked to, if any. */
export async function linkedItemOf(db: Database, requestId: number): Promise<string | null> {
  const [row] = await db.select({ itemId: featureRequests.roadmapItemId }).from(featureRequests).where(eq(featureRequests.id, requestId));
  return row?.itemId ?? null;
}
