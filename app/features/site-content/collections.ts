// The collections of structured content edited in the browser (docs/decisions/035), each declared once: its entries'
// schema (what the form, the server's check and the pages share), its form fields, its initial content from app/content/
// and the pages that show it. The copy rules a publication must keep are in ./rules.ts.
import type { CompanyDetails } from "~/content/company";
import { faq } from "~/content/faq";
import type { Plan } from "~/content/plans";
import type { RoadmapItem } from "~/content/roadmap";
import { stats, type Stat } from "~/content/stats";
import { plainText } from "~/lib/forms/form-fields";
import { z } from "~/lib/forms/zod";
import { companyCollection } from "./company-collection";
import { plans } from "./plans-collection";
import { resourcesCollection, type ResourceEntry } from "./resources-collection";
import { roadmap } from "./roadmap-collection";
import { sectionsCollection, type SectionEntry } from "./sections-collection";
import { testimonialsCollection, type TestimonialEntry } from "./testimonials-collection";
import { type Collection, type CollectionName, type FieldSpec } from "./collection";

export { COLLECTION_NAMES, isCollectionName, type Collection, type CollectionName, type DerivedSpec, type FieldSpec } from "./collection";

export const FAQ_LIMITS = { question: 160, answer: 600 } as const;
export const STAT_LIMITS = { value: 16, label: 160, measured: 600, sourceLabel: 200, sourceUrl: 300, sample: 200 } as const;

const HTTPS_URL = /^https:\/\/[^\s<>"]+$/;

// ---- Statistics ----

const statBasis = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("study"),
    measured: plainText("What the study measured", STAT_LIMITS.measured),
    // A draft may leave the source out; publishing asks for it (./rules.ts).
    source: z.object({
      label: plainText("The source's name", STAT_LIMITS.sourceLabel),
      url: z
        .string()
        .trim()
        .max(STAT_LIMITS.sourceUrl, `The source's address must be at most ${STAT_LIMITS.sourceUrl} characters.`)
        .refine((url) => url === "" || HTTPS_URL.test(url), "The source's address must start with https://."),
    }),
  }),
  z.object({ kind: z.literal("early-access-report"), sample: plainText("The sample", STAT_LIMITS.sample) }),
  z.object({ kind: z.literal("target") }),
]);

export const StatEntrySchema = z.object({
  id: z.string(),
  value: plainText("The figure", STAT_LIMITS.value).pipe(z.string().min(1, "Write the figure.")),
  label: plainText("The wording", STAT_LIMITS.label).pipe(z.string().min(1, "Write what the figure says.")),
  basis: statBasis,
}) satisfies z.ZodType<Stat>;

// ---- FAQ ----

export const FaqEntrySchema = z.object({
  question: plainText("The question", FAQ_LIMITS.question).pipe(z.string().min(1, "Write the question.")),
  answer: plainText("The answer", FAQ_LIMITS.answer).pipe(z.string().min(1, "Write the answer.")),
});
export type FaqEntry = z.output<typeof FaqEntrySchema>;

// ---- The collections ----

/** Whether the form offers to remove this entry: any of a collection that grows, an allowed one of one that only shrinks. */
export const mayRemove = (collection: Collection<unknown>, entry: unknown) =>
  entry !== undefined && (Boolean(collection.resizable) || Boolean(collection.removable?.allows(entry)));

/** The form's fields of one entry (an entry being added has the collection's). */
export const fieldsOf = (collection: Collection<unknown>, entry: unknown): readonly FieldSpec[] =>
  (entry !== undefined && collection.fieldsOf?.(entry)) || collection.fields;

/** Every entry keeps its id, and the set of ids is the one the pages name (home's figures, the banner): none added or lost. */
const sameIds = (ids: readonly string[]) => (entries: readonly { id: string }[]) =>
  entries.length === ids.length && ids.every((id) => entries.some((entry) => entry.id === id));

export const statistics: Collection<Stat> = {
  name: "statistics",
  title: "Statistics",
  description: "Every figure the site claims, with what it is: a study's finding (with its source), an early-access report or a target.",
  pages: ["/", "/features"],
  schema: z
    .array(StatEntrySchema)
    .refine(
      sameIds(stats.map((stat) => stat.id)),
      "The statistics are the ones the pages name: edit them, none can be added or removed here.",
    ),
  fields: [
    { name: "value", label: "Figure", kind: "text", max: STAT_LIMITS.value },
    { name: "label", label: "Wording", kind: "text", max: STAT_LIMITS.label, copy: "editorial" },
    {
      name: "basis.kind",
      label: "What it is",
      kind: "select",
      options: [
        { value: "study", label: "A published study (source required)" },
        { value: "early-access-report", label: "An early-access report (sample required)" },
        { value: "target", label: "Our target, not a measured result" },
      ],
    },
    {
      name: "basis.measured",
      label: "What the study measured",
      kind: "textarea",
      max: STAT_LIMITS.measured,
      copy: "editorial",
      hint: "For a study only.",
    },
    {
      name: "basis.source.label",
      label: "Source",
      kind: "text",
      max: STAT_LIMITS.sourceLabel,
      copy: "editorial",
      hint: "For a study only.",
    },
    { name: "basis.source.url", label: "Source address", kind: "url", max: STAT_LIMITS.sourceUrl, hint: "For a study only: https://…" },
    {
      name: "basis.sample",
      label: "Sample (teams, period, how asked)",
      kind: "text",
      max: STAT_LIMITS.sample,
      copy: "editorial",
      hint: "For an early-access report only.",
    },
  ],
  ordered: false,
  entryTitle: (stat) => `${stat.value} ${stat.label}`,
  initial: () => structuredClone(stats) as unknown as Stat[],
  fromForm(values, current) {
    const kind = values["basis.kind"];
    const basis =
      kind === "study"
        ? {
            kind,
            measured: values["basis.measured"] ?? "",
            source: { label: values["basis.source.label"] ?? "", url: values["basis.source.url"] ?? "" },
          }
        : kind === "early-access-report"
          ? { kind, sample: values["basis.sample"] ?? "" }
          : { kind };
    return { id: current?.id ?? "", value: values.value ?? "", label: values.label ?? "", basis };
  },
};

export const faqEntries: Collection<FaqEntry> = {
  name: "faq",
  title: "FAQ",
  description: "The six questions of the home page, in their order (also its FAQPage structured data).",
  pages: ["/"],
  schema: z.array(FaqEntrySchema).length(faq.length, `The home page shows ${faq.length} questions.`),
  fields: [
    { name: "question", label: "Question", kind: "text", max: FAQ_LIMITS.question, copy: "marketing" },
    { name: "answer", label: "Answer", kind: "textarea", max: FAQ_LIMITS.answer, copy: "marketing" },
  ],
  ordered: true,
  entryTitle: (entry) => entry.question,
  initial: () => faq.map(({ question, answer }) => ({ question, answer })),
  fromForm: (values) => ({ question: values.question ?? "", answer: values.answer ?? "" }),
};

export const collections = {
  statistics,
  faq: faqEntries,
  testimonials: testimonialsCollection,
  sections: sectionsCollection,
  roadmap,
  plans,
  resources: resourcesCollection,
  company: companyCollection,
} as const;

/** A collection by name, for the editor's generic form and actions. */
export const collectionOf = (name: CollectionName) => collections[name] as unknown as Collection<unknown>;

export type SiteContent = {
  statistics: Stat[];
  faq: FaqEntry[];
  testimonials: TestimonialEntry[];
  sections: SectionEntry[];
  roadmap: RoadmapItem[];
  plans: Plan[];
  resources: ResourceEntry[];
  company: CompanyDetails[];
};

/** What the site shows when nothing was edited yet, or the database is away and no page was kept (decision 027). */
export const initialContent = (): SiteContent => ({
  statistics: statistics.initial(),
  faq: faqEntries.initial(),
  testimonials: testimonialsCollection.initial(),
  sections: sectionsCollection.initial(),
  roadmap: roadmap.initial(),
  plans: plans.initial(),
  resources: resourcesCollection.initial(),
  company: companyCollection.initial(),
});

/** A statistic by its id, in the statistics as published (the pages name them by id). */
export function statOf(statistics: readonly Stat[], id: string): Stat {
  const stat = statistics.find((entry) => entry.id === id);
  if (!stat) throw new Error(`Unknown statistic: ${id}`);
  return stat;
}

/** A field's value in an entry, by its dotted name ("" when absent). */
export function valueAt(entry: unknown, name: string): string {
  let value: unknown = entry;
  for (const key of name.split(".")) value = value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
  return typeof value === "string" || typeof value === "number" ? String(value) : "";
}

/** A field's text in the editor's form and for the copy rules: the collection's own form of it, else its value. */
export const fieldText = (collection: Collection<unknown>, entry: unknown, name: string) =>
  collection.formValue?.(entry, name) ?? valueAt(entry, name);

/** The form field of an entry's field: `3.basis.source.url`. */
export const fieldName = (index: number, name: string) => `${index}.${name}`;

/** The position field of an entry in an ordered collection. */
export const POSITION = "position";

/** The checkbox that takes an entry out of a collection that grows and shrinks. */
export const REMOVE = "remove";

/** The file field of an entry's picture, in a collection that takes one (`2.picture-upload`). */
export const PICTURE_UPLOAD = "picture-upload";
