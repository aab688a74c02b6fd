// Starting a roadmap item from outside the editor (decision 036: "start a new planned item from a request"): the item joins
// the roadmap's draft as planned, with an id made from its name; an editor reviews and publishes it like any change.
import type { RoadmapItem } from "~/content/roadmap";
import type { Database } from "~/lib/db/client.server";
import { todayIso } from "~/lib/dates";
import type { FieldErrors } from "~/lib/editor/answer";
import { roadmap, roadmapItemId } from "./roadmap-collection";
import { findContent, saveDraft, workingCopy } from "./content.server";

export type NewItemResult = { status: "done"; item: RoadmapItem; version: number } | { status: "refused"; errors: FieldErrors };

/**
 * Adds a planned item named `name` to the roadmap's draft, in the current month, delivering no capability yet (the
 * editor chooses one). Its id is unique among every item drafted or published, and never changes after.
 */
export async function addPlannedItem(
  db: Database,
  actor: string,
  request: { name: string; description: string },
  today = todayIso(),
): Promise<NewItemResult> {
  // Another editor's change between the read and the save makes the save a conflict: read again and retry.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const row = await findContent(db, "roadmap");
    if (!row) return { status: "refused", errors: { form: "The roadmap is not imported yet." } };
    const draft = workingCopy(row) as RoadmapItem[];
    const taken = [...draft, ...(row.published as RoadmapItem[])].map((item) => item.id);
    const candidate = {
      id: roadmapItemId(request.name, taken),
      month: today.slice(0, 7),
      name: request.name,
      description: request.description,
      icon: "sparkles",
      capability: null,
      status: "planned",
    };
    const parsed = roadmap.schema.safeParse([...draft, candidate]);
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) errors[String(issue.path.at(-1) ?? "form")] ??= issue.message;
      return { status: "refused", errors };
    }
    const result = await saveDraft(db, actor, "roadmap", row.version, parsed.data);
    if (result.status === "done") return { status: "done", item: parsed.data.at(-1)!, version: result.row.version };
  }
  return { status: "refused", errors: { form: "The roadmap kept changing: try again." } };
}
