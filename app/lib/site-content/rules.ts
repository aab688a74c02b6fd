// What a publication of the structured content must keep true (docs/decisions/010, 035): the copy rules the content
// test runs over app/content/ (app/lib/copy-rules.ts), and each collection's own. A draft may break them; publishing
// is refused with the reason beside the field.
import { capabilities } from "~/content/capabilities";
import { homeStats } from "~/content/home";
import type { Stat } from "~/content/stats";
import { checkCopy, checkUnavailableMentions } from "~/lib/copy-rules";
import type { FieldErrors } from "~/lib/editor/answer";
import { SEO_DESCRIPTION_MAX, SEO_DESCRIPTION_MIN, SEO_TITLE_MAX } from "~/lib/seo-limits";
import { collectionOf, fieldName, fieldsOf, valueAt, type CollectionName, type FieldSpec } from "./collections";

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

/**
 * The rules a field asks for by its spec, in any collection: an image's alt text where the image is set, and a title or
 * description within what search engines show (the blog's limits, app/lib/seo-limits.ts).
 */
export function fieldRuleProblem(field: FieldSpec, entry: unknown): string | undefined {
  const value = valueAt(entry, field.name).trim();
  if (field.altOf && valueAt(entry, field.altOf).trim() && !value)
    return "An image needs its alt text: describe what it shows for readers who cannot see it.";
  if (field.seo === "title" && value.length > SEO_TITLE_MAX)
    return `At most ${SEO_TITLE_MAX} characters, what search engines show of a title: this one has ${value.length}.`;
  if (field.seo === "description" && value && (value.length < SEO_DESCRIPTION_MIN || value.length > SEO_DESCRIPTION_MAX))
    return `Between ${SEO_DESCRIPTION_MIN} and ${SEO_DESCRIPTION_MAX} characters, what search engines show of a description: this one has ${value.length}.`;
  return undefined;
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
    for (const field of fieldsOf(collection, entry)) {
      const [first] = field.copy ? copyProblems(valueAt(entry, field.name), field.copy === "marketing", today) : [];
      const problem = fieldRuleProblem(field, entry) ?? first;
      if (problem) errors[fieldName(index, field.name)] = problem;
    }
    collection.publishRules?.(entry, (field, reason) => (errors[fieldName(index, field)] ??= reason));
    collectionRules[name]?.(entry, index, errors);
  });
  return errors;
}
