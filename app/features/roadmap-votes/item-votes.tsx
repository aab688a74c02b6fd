import { RoadmapVoteForm } from "./vote-form";
import { Icon } from "~/components/ui/icon";

// A planned roadmap item's votes (decision 036): how many people want it, counted on the server, and "I want this too",
// a plain form folded in a disclosure that opens without JavaScript.

export function wantedBy(count: number) {
  if (count === 0) return "Be the first to ask for this";
  return count === 1 ? "1 person wants this" : `${count.toLocaleString("en-US")} people want this`;
}

export function RoadmapVote({
  item,
  count,
  mergedIds = [],
}: {
  item: { id: string; name: string };
  count: number;
  /** Items merged into this one: their old anchors (`/roadmap#old-id`) land here. */
  mergedIds?: readonly string[] | undefined;
}) {
  return (
    <div className="mt-auto flex flex-col gap-3 border-t border-border pt-4">
      {mergedIds.map((id) => (
        <span key={id} id={id} className="scroll-mt-24" />
      ))}
      <p className="flex items-center gap-2 text-sm font-medium" data-vote-count={count}>
        <Icon name="users" className="size-4 text-primary" />
        {wantedBy(count)}
      </p>
      <details className="group">
        <summary className="cursor-pointer text-sm font-semibold text-primary underline-offset-4 hover:underline">I want this too</summary>
        <RoadmapVoteForm item={item} className="mt-3" />
      </details>
    </div>
  );
}
