// What a publication of the structured content must keep true (docs/decisions/010, 035): the copy rules the content
// test runs over app/content/ (app/lib/copy-rules.ts), and each collection's own. A draft may break them; publishing
// is refused with the reason beside the field.
import { getCapability, statusPhrase, unavailableMentions, type AvailabilityOf } from "~/content/capabilities";
import { homeStats } from "~/content/home";
import type { Plan } from "~/content/plans";
import { availabilityFrom, roadmapStatusLabels, type RoadmapItem } from "~/content/roadmap";
import type { Stat } from "~/content/stats";
import { checkCopy, checkUnavailableMentions } from "~/lib/copy-rules";
import { formatMonth } from "~/lib/dates";
import type { FieldErrors } from "~/lib/editor/answer";
import { SEO_DESCRIPTION_MAX, SEO_DESCRIPTION_MIN, SEO_TITLE_MAX } from "~/lib/seo-limits";
import {
  collectionOf,
  COLLECTION_NAMES,
  fieldName,
  fieldsOf,
  fieldText,
  valueAt,
  type CollectionName,
  type FieldSpec,
  type SiteContent,
} from "./collections";

/** The copy rules' message without the file and line they report for a source file. */
function copyProblems(text: string, marketing: boolean, today: string, unavailable: ReturnType<typeof unavailableMentions>): string[] {
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

/**
 * One field's text held to what it asks for by its spec (`fieldRuleProblem`) and, when it is copy, to the copy rules as
 * a publication is: for text kept outside the collections (a campaign page's blocks). `values` are the entry's fields
 * by their dotted names; the first reason, or undefined.
 */
export function fieldTextProblem(
  field: FieldSpec,
  values: Readonly<Record<string, string>>,
  today: string,
  availability: AvailabilityOf,
): string | undefined {
  const entry: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const keys = name.split(".");
    let at = entry;
    for (const key of keys.slice(0, -1)) at = (at[key] ??= {}) as Record<string, unknown>;
    at[keys.at(-1)!] = value;
  }
  const [first] = field.copy
    ? copyProblems(values[field.name] ?? "", field.copy === "marketing", today, unavailableMentions(availability))
    : [];
  return fieldRuleProblem(field, entry) ?? first;
}

/** What a collection's rules see besides its own entries: the content as published, and the availability it resolves. */
interface RuleContext {
  published: SiteContent;
  availability: AvailabilityOf;
}

type CollectionRule = (entry: unknown, index: number, errors: FieldErrors, context: RuleContext) => void;

/** Each collection's own rules, beyond the copy rules: what a figure needs before it is shown, what a plan may sell. */
const collectionRules: Partial<Record<CollectionName, CollectionRule>> = {
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
  // A plan sells only what the published roadmap calls completed (or what no roadmap item delivers: the product itself).
  plans(entry, index, errors, { availability }) {
    const unsold = (entry as Plan).features.flatMap((feature) =>
      typeof feature !== "string" && availability(feature.capability) !== "available" ? [feature.capability] : [],
    );
    if (unsold[0])
      errors[fieldName(index, "features")] =
        `"${getCapability(unsold[0]).label}" is ${statusPhrase(unsold[0], availability)} on the roadmap: a plan can sell it once its roadmap item is Completed.`;
  },
  // An item leaves Completed only when nothing published still sells or states its capability as available.
  roadmap(entry, index, errors, { published, availability }) {
    const item = entry as RoadmapItem;
    if (item.status === "completed" || !item.capability) return;
    const seller = published.plans.find((plan) =>
      plan.features.some((feature) => typeof feature !== "string" && feature.capability === item.capability),
    );
    if (seller) {
      errors[fieldName(index, "status")] =
        `The ${seller.name} plan sells ${getCapability(item.capability).label}: take it off that plan (Plans) before this item is ${roadmapStatusLabels[item.status]}.`;
      return;
    }
    const mentions = unavailableMentions(availability).filter((capability) => capability.id === item.capability);
    for (const name of COLLECTION_NAMES.filter((other) => other !== "roadmap")) {
      const collection = collectionOf(name);
      const stale = (published[name] as unknown[]).some((other) =>
        fieldsOf(collection, other).some(
          (field) =>
            field.copy === "marketing" && checkUnavailableMentions("field", fieldText(collection, other, field.name), mentions).length > 0,
        ),
      );
      if (stale) {
        errors[fieldName(index, "status")] =
          `The published ${collection.title} presents ${getCapability(item.capability).label} as available: change it there before this item is ${roadmapStatusLabels[item.status]}.`;
        return;
      }
    }
  },
};

/**
 * Why the entries cannot be published, field by field (`3.answer`); empty when they can. `today` is YYYY-MM-DD;
 * `published` is the content live now, which the plans and the roadmap are checked against (each other's rules).
 */
export function publishProblems(name: CollectionName, entries: readonly unknown[], today: string, published: SiteContent): FieldErrors {
  const collection = collectionOf(name);
  const availability = availabilityFrom(name === "roadmap" ? (entries as RoadmapItem[]) : published.roadmap);
  const context: RuleContext = { published, availability };
  const errors: FieldErrors = {};
  entries.forEach((entry, index) => {
    // A roadmap item names the capability it delivers, beside the badge that says its status.
    const own = name === "roadmap" ? (entry as RoadmapItem).capability : undefined;
    const unavailable = unavailableMentions(availability).filter((capability) => capability.id !== own);
    for (const field of fieldsOf(collection, entry)) {
      const [first] = field.copy
        ? copyProblems(fieldText(collection, entry, field.name), field.copy === "marketing", today, unavailable)
        : [];
      const problem = fieldRuleProblem(field, entry) ?? first;
      if (problem) errors[fieldName(index, field.name)] = problem;
    }
    collection.publishRules?.(entry, (field, reason) => (errors[fieldName(index, field)] ??= reason));
    collectionRules[name]?.(entry, index, errors, context);
  });
  if (name === "roadmap") {
    const kept = new Set((entries as RoadmapItem[]).map((item) => item.id));
    const lost = published.roadmap.filter((item) => !kept.has(item.id));
    if (lost[0]) errors.form = `"${lost[0].name}" is on the published roadmap: its id is linked and voted on, so it stays.`;
  }
  return errors;
}

/**
 * What the editor is told about the entries without being refused (decision 035, 2026-11-29), keyed like the refusals
 * (`3.status`); empty when there is nothing to say. `today` is YYYY-MM-DD. A roadmap item Planned since a month that
 * ended more than a year ago: a planned item's month is the month it was put on the roadmap (content/roadmap.ts,
 * `addPlannedItem`), so the whole month is over a year old before it is said.
 */
export function contentWarnings(name: CollectionName, entries: readonly unknown[], today: string): FieldErrors {
  const warnings: FieldErrors = {};
  if (name !== "roadmap") return warnings;
  const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4, 7)}`;
  (entries as RoadmapItem[]).forEach((item, index) => {
    if (item.status === "planned" && item.month < yearAgo)
      warnings[fieldName(index, "status")] =
        `“${item.name}” has been ${roadmapStatusLabels.planned} since ${formatMonth(item.month)}, over a year: update its status, or its month if it was planned again since.`;
  });
  return warnings;
}
