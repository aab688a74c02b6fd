// What a sales or admin account does with a feature request on its lead page (decision 036): link it to a roadmap item
// (it then counts as the requester's vote, and the requester hears when the item ships), unlink it, or start a new
// planned item from it in the roadmap's draft, for an editor to word and publish.
import { eq } from "drizzle-orm";
import { recordAudit } from "~/lib/console/audit.server";
import type { Database } from "~/lib/db/client.server";
import { featureRequests } from "~/features/leads/index.server";
import { ROADMAP_LIMITS } from "~/features/site-content";
import { addPlannedItem } from "~/features/site-content/index.server";
import { teamRoadmapItems } from "./console.server";
import { linkRequest } from "./merge.server";

const INTENTS = ["roadmap-link", "roadmap-start"] as const;
type RoadmapIntent = (typeof INTENTS)[number];

export const isRoadmapIntent = (value: unknown): value is RoadmapIntent => (INTENTS as readonly unknown[]).includes(value);

/** What the lead page says after each outcome. */
export const ROADMAP_DONE = {
  "roadmap-linked": "Linked: this request counts as its requester's vote, and they hear once when the item ships.",
  "roadmap-unlinked": "Unlinked from the roadmap.",
  "roadmap-started":
    "A planned item was added to the roadmap's draft from this request, and the request is linked to it. An editor words and publishes it.",
} as const;

type Outcome = { saved: keyof typeof ROADMAP_DONE } | { error: string; status: number };

/** Cuts a text to `max` characters at a word, with an ellipsis when it was longer. */
function cut(text: string, max: number) {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const head = clean.slice(0, max - 1);
  return `${head.slice(0, head.lastIndexOf(" ") > max / 2 ? head.lastIndexOf(" ") : head.length)}…`;
}

export async function applyRoadmapAction(db: Database, form: FormData, { id, actor }: { id: number; actor: string }): Promise<Outcome> {
  const [request] = await db
    .select({ title: featureRequests.featureTitle, description: featureRequests.description })
    .from(featureRequests)
    .where(eq(featureRequests.id, id));
  if (!request) return { error: "This request does not exist.", status: 404 };

  if (form.get("intent") === "roadmap-link") {
    const itemId = String(form.get("item") ?? "");
    if (itemId === "") {
      await linkRequest(db, id, null, actor);
      return { saved: "roadmap-unlinked" };
    }
    if (!(await teamRoadmapItems(db)).some((item) => item.id === itemId)) {
      return { error: "Nothing was linked: that item is not on the roadmap. Choose one from the list.", status: 422 };
    }
    await linkRequest(db, id, itemId, actor);
    return { saved: "roadmap-linked" };
  }

  const started = await addPlannedItem(db, actor, {
    name: cut(request.title, ROADMAP_LIMITS.name),
    description: cut(request.description, ROADMAP_LIMITS.description),
  });
  if (started.status !== "done") {
    return { error: `No item was started: ${Object.values(started.errors)[0] ?? "the roadmap refused it."}`, status: 422 };
  }
  await linkRequest(db, id, started.item.id, actor);
  await recordAudit(db, actor, "roadmap-item-started", { request: id, item: started.item.id });
  return { saved: "roadmap-started" };
}
