import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { consolePaths } from "~/lib/console/paths";
import type { TimelineEvent } from "~/lib/console/timeline";
import { normalizeAddress } from "~/lib/jobs/outbox-about.server";
import { teamRoadmapItems } from "./console.server";
import { roadmapVotes, roadmapWithdrawals } from "./tables";

/**
 * A person's votes as timeline events of their address (decision 045): each vote with the note they wrote beside it,
 * its confirmation (only a confirmed vote counts, decision 036), and each item they withdrew from.
 */
export async function voteTimeline(db: Database, email: string): Promise<TimelineEvent[]> {
  const address = normalizeAddress(email);
  const [votes, withdrawals, items] = await Promise.all([
    db
      .select()
      .from(roadmapVotes)
      .where(eq(sql`lower(${roadmapVotes.email})`, address))
      .orderBy(desc(roadmapVotes.createdAt)),
    db
      .select()
      .from(roadmapWithdrawals)
      .where(eq(sql`lower(${roadmapWithdrawals.email})`, address)),
    teamRoadmapItems(db),
  ]);
  const names = new Map(items.map((item) => [item.id, item.name]));
  const link = (itemId: string) => ({ href: consolePaths.roadmapItem(itemId), hrefLabel: "Open the roadmap item" });
  const named = (itemId: string) => names.get(itemId) ?? itemId;
  return [
    ...votes.flatMap((vote): TimelineEvent[] => [
      {
        at: vote.createdAt,
        kind: "vote:cast",
        actor: "person",
        title: `Voted for ${named(vote.itemId)}`,
        quote: vote.note,
        detail: vote.status === "confirmed" ? null : "Not confirmed yet: it counts once they follow the link in the email.",
        ...link(vote.itemId),
      },
      ...(vote.confirmedAt
        ? [
            {
              at: vote.confirmedAt,
              kind: "vote:confirmed",
              actor: "person" as const,
              title: `Confirmed the vote for ${named(vote.itemId)}`,
            },
          ]
        : []),
    ]),
    ...withdrawals.map((row): TimelineEvent => ({
      at: row.createdAt,
      kind: "vote:withdrawn",
      actor: "person",
      title: `Withdrew from ${named(row.itemId)}`,
      ...link(row.itemId),
    })),
  ];
}
