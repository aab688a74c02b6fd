// What /roadmap reads about votes: each item's count, or, while the database is away, none in a degraded render that
// the page cache never keeps (it answers the page's last good rendering instead, docs/decisions/027).
import type { RouterContextProvider } from "react-router";
import { databaseContext } from "~/context";
import { DEGRADED_RENDER } from "~/lib/page-cache";
import { voteCounts } from "./votes.server";

export async function roadmapVoteCounts(
  context: Readonly<RouterContextProvider>,
): Promise<{ votes: Record<string, number>; headers?: Record<string, string> }> {
  const database = context.get(databaseContext);
  try {
    await database.ready();
    return { votes: await voteCounts(database.db) };
  } catch {
    return { votes: {}, headers: DEGRADED_RENDER };
  }
}
