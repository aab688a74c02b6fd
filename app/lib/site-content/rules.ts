// What a publication of the structured content must keep true (docs/decisions/010, 035): the copy rules the content
// test runs over app/content/ (app/lib/copy-rules.ts), and each collection's own. A draft may break them; publishing
// is refused with the reason beside the field.
import { capabilities } from "~/content/capabilities";
import { homeStats } from "~/content/home";
import type { Stat } from "~/content/stats";
import { checkCopy, checkUnavailableMentions } from "~/lib/copy-rules";
import type { FieldErrors } from "~/lib/editor/answer";
import { collectionOf, fieldName, valueAt, type CollectionName } from "./collections";

const unavailable = capabilities.flatMap((capability) =>
  capability.availability !== "available" && "mentions" in capability ? [{ id: capability.id, mentions: capability.mentions }] : [],
);

/** The copy rules' message without the file and line they report for a source file. */
function copyProblems(text: string, marketing: boolean, today: string): string[] {
  return [
    ...checkCopy("field", text, { marketing }, today),
    ...(marketing ? checkUnavailableMentions("field", text, unavailable) : []),
  ].map((problem) =>
    problem.message
      .replace(
        "outside app/content/stats.ts: add it there, with its source or basis",
        "outside the statistics: add it there, with its source or basis",
      )
      .replace("store the date in app/content and write the month", "write the month instead")
      .replace("or read it from capabilities.ts", "or leave it out"),
  );
}

/** Each collection's own rules, beyond the copy rules: what a figure needs before it is shown. */
const collectionRules: Partial<Record<CollectionName, (entry: unknown, index: number, errors: FieldErrors) => void>> = {
  statistics(entry, index, errors) {
    const { id, basis } = entry as Stat;
    // The home page's note says its figures are targets, and its "hours back" card says "Our target".
    if (basis.kind !== "target" && [...homeStats.ids, "hours-saved"].includes(id as never))
      errors[fieldName(index, "basis.kind")] = `The home page calls this figure a target ("${homeStats.note}"): keep it a target.`;
    if (basis.kind === "study") {
      if (!basis.source.label) errors[fieldName(index, "basis.source.label")] = "A study's figure needs its source: name the study.";
      if (!basis.source.url) errors[fieldName(index, "basis.source.url")] = "A study's figure needs its source: link to the study.";
      if (!basis.measured)
        errors[fieldName(index, "basis.measured")] = "Say what the study measured, so the figure is read as it was found.";
    }
    if (basis.kind === "early-access-report" && !basis.sample)
      errors[fieldName(index, "basis.sample")] = "A reported figure needs its sample: how many teams, over what period, asked how.";
  },
};

/** Why the entries cannot be published, field by field (`3.answer`); empty when they can. `today` is YYYY-MM-DD. */
export function publishProblems(name: CollectionName, entries: readonly unknown[], today: string): FieldErrors {
  const collection = collectionOf(name);
  const errors: FieldErrors = {};
  entries.forEach((entry, index) => {
    for (const field of collection.fields) {
      if (!field.copy) continue;
      const [first] = copyProblems(valueAt(entry, field.name), field.copy === "marketing", today);
      if (first) errors[fieldName(index, field.name)] = first;
    }
    collectionRules[name]?.(entry, index, errors);
  });
  return errors;
}
