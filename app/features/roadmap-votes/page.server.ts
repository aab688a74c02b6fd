// What /roadmap reads about votes: each item's count and the anchors of the items merged into it, or, while the database is away, none in a degraded render that
// the page cache never keeps (it answers the page's last good rendering instead, docs/decisions/027).
import type { DatabaseService } from "~/lib/db/client.server";
import { DEGRADED_RENDER } from "~/lib/page-cache";
import { mergedAnchors } from "./merge.server";
import { voteCounts } from "./votes.server";

export async function roadmapVoteCounts(
  database: DatabaseService,
  shownIds: readonly string[],
): Promise<{ votes: Record<string, number>; anchors: Record<string, string[]>; headers?: Record<string, string> }> {
  try {
    await database.ready();
    const merged = await mergedAnchors(database.db);
    // An item merged away but still listed keeps its own card, and with it its anchor.
    const anchors = Object.fromEntries(Object.entries(merged).map(([into, from]) => [into, from.filter((id) => !shownIds.includes(id))]));
    return { votes: await voteCounts(database.db), anchors };
  } catch {
    return { votes: {}, anchors: {}, headers: DEGRADED_RENDER };
  }
}
