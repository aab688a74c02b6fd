// The roadmap items a visitor may vote on, read where the roadmap is read today (app/content/roadmap.ts; the edited
// collection once the roadmap moves to the database, decision 035). Keyed on the item's stable id.
import { roadmapMonths, type RoadmapFeature } from "~/content/roadmap";

/** Every item on the roadmap by its id. */
export function roadmapItemsById(): Map<string, RoadmapFeature> {
  return new Map(roadmapMonths().flatMap((month) => month.features.map((feature) => [feature.id, feature] as const)));
}

/** A planned item is open for votes; a shipped one has nothing left to ask for, a secret one is not named yet. */
export function votableItem(itemId: string): RoadmapFeature | null {
  const item = roadmapItemsById().get(itemId);
  return item?.status === "planned" ? item : null;
}
