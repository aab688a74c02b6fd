import type { Database } from "~/lib/db/client.server";
import { dayIn } from "~/features/leads";
import { todayLeads } from "~/features/leads/index.server";
import { NOTED_VOTE_DAYS, notedVotes } from "~/features/roadmap-votes/index.server";
import { todayLines, type TodayLine } from "./lines";

export interface TodayView {
  /** The operator's day (YYYY-MM-DD, in their time zone). */
  today: string;
  lines: TodayLine[];
}

/**
 * Today for one operator at one moment in their time zone (decision 044). The clock and the zone are arguments, so a
 * test moves them across a midnight; `itemName` names a roadmap item (the page has the published roadmap, the count
 * needs no names).
 */
export async function todayFor(
  db: Database,
  {
    viewerId,
    now = new Date(),
    timeZone,
    itemName = (id) => id,
  }: { viewerId: number; now?: Date; timeZone: string; itemName?: (id: string) => string },
): Promise<TodayView> {
  const today = dayIn(timeZone, now);
  const [leads, votes] = await Promise.all([
    todayLeads(db, today),
    notedVotes(db, new Date(now.getTime() - NOTED_VOTE_DAYS * 24 * 60 * 60 * 1000)),
  ]);
  return {
    today,
    lines: todayLines(
      leads,
      votes.map((vote) => ({ ...vote, itemName: itemName(vote.itemId) })),
      { viewerId, today },
    ),
  };
}
