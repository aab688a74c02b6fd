import type { Database } from "~/lib/db/client.server";
import { isLeadStage, LEAD_STAGE_LABELS, NOTE_MAX_LENGTH, NOTES_MAX, type LeadKind } from "./kinds";
import { addNote, assignOwner, moveLead, setFollowUp, todayUtc } from "./pipeline.server";

// The changes a lead's page and the board post (intent = move, owner, follow-up, note), read from the form and answered
// the same way for both: what was saved, or why not (400 for what the form got wrong, 409 for a page out of date, 404
// for a lead that is gone).

export type LeadIntent = "move" | "owner" | "follow-up" | "note";

export type LeadActionResult = { saved: LeadIntent } | { error: string; status: 400 | 404 | 409 };

/** A real calendar day, YYYY-MM-DD (not Feb 30). */
function isDay(value: string) {
  const date = new Date(`${value}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

function accountId(value: FormDataEntryValue | null): number | null | undefined {
  if (value === "" || value === null) return null;
  const id = Number(value);
  return typeof value === "string" && /^\d{1,15}$/.test(value) && id > 0 ? id : undefined;
}

export async function applyLeadAction(
  db: Database,
  form: FormData,
  { kind, id, actor }: { kind: LeadKind; id: number; actor: string },
): Promise<LeadActionResult> {
  const gone = { error: "This lead no longer exists: it was erased or purged.", status: 404 } as const;
  switch (form.get("intent")) {
    case "move": {
      const from = form.get("from");
      const to = form.get("stage");
      if (!isLeadStage(from) || !isLeadStage(to)) return { error: "Choose a stage.", status: 400 };
      const result = await moveLead(db, kind, id, { from, to }, actor);
      if (result.status === "missing") return gone;
      if (result.status === "stale") {
        const who = result.by ?? "another operator";
        return {
          error: `Not moved: ${who} moved this lead to ${LEAD_STAGE_LABELS[result.stage]} meanwhile. It is shown where it is now; move it again if you still want to.`,
          status: 409,
        };
      }
      return { saved: "move" };
    }
    case "owner": {
      const expected = accountId(form.get("expected-owner"));
      const owner = accountId(form.get("owner"));
      if (expected === undefined || owner === undefined) return { error: "Choose an owner.", status: 400 };
      const result = await assignOwner(db, kind, id, { expected, owner }, actor);
      if (result.status === "missing") return gone;
      if (result.status === "invalid") return { error: "That account cannot own leads (only sales and admin accounts can).", status: 400 };
      if (result.status === "stale") {
        return {
          error: `Not changed: someone gave this lead to ${result.ownerEmail ?? "nobody"} meanwhile. It shows its owner now; choose again if you still want to.`,
          status: 409,
        };
      }
      return { saved: "owner" };
    }
    case "follow-up": {
      const day = form.get("day");
      if (typeof day !== "string" || (day !== "" && !isDay(day))) {
        return { error: "Choose a day for the follow-up, or leave it empty to clear it.", status: 400 };
      }
      if (day && day < todayUtc()) return { error: "A follow-up day cannot be in the past. Choose today or a later day.", status: 400 };
      if (!(await setFollowUp(db, kind, id, day || null, actor))) return gone;
      return { saved: "follow-up" };
    }
    case "note": {
      const note = form.get("note");
      const text = typeof note === "string" ? note.trim() : "";
      if (text === "") return { error: "Write something in the note before adding it.", status: 400 };
      if (text.length > NOTE_MAX_LENGTH) {
        return {
          error: `A note can be at most ${NOTE_MAX_LENGTH.toLocaleString("en-US")} characters; this one has ${text.length.toLocaleString("en-US")}. Shorten it or split it in two.`,
          status: 400,
        };
      }
      const result = await addNote(db, kind, id, text, actor);
      if (result === "missing") return gone;
      if (result === "full") return { error: `A lead keeps at most ${NOTES_MAX} notes; this one has them all.`, status: 400 };
      return { saved: "note" };
    }
    default:
      return { error: "Nothing to do.", status: 400 };
  }
}
