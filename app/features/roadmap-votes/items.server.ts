// The roadmap items a visitor may vote on: the published roadmap (an edited collection, decision 035), or app/content/'s
// while the database is away. Keyed on the item's stable id.
import { initialRoadmapItems, roadmapMonths, type RoadmapFeature } from "~/content/roadmap";
import type { SiteContentStore } from "~/features/site-content/index.server";

/** Every item on the published roadmap by its id. */
export async function roadmapItemsById(siteContent: Pick<SiteContentStore, "current">): Promise<Map<string, RoadmapFeature>> {
  const items = await siteContent
    .current()
    .then((content) => content.roadmap)
    .catch(() => initialRoadmapItems());
  return new Map(roadmapMonths(items).flatMap((month) => month.features.map((feature) => [feature.id, feature] as const)));
}

/** A planned item is open for votes; a shipped one has nothing left to ask for, a secret one is not named yet. */
export async function votableItem(siteContent: Pick<SiteContentStore, "current">, itemId: string): Promise<RoadmapFeature | null> {
  const item = (await roadmapItemsById(siteContent)).get(itemId);
  return item?.status === "planned" ? item : null;
}
