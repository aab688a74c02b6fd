// The short copy of the home and features sections edited in the browser (docs/decisions/035): one entry per section,
// a fixed set the pages name, each with its heading, intro and card texts. Layout, icons, scenes, capability lists and
// the sentences computed from dated facts or statistics stay in code.
import { audiences, featureCards, featuresPageCopy } from "~/content/features";
import { closingCta, conversionBanner, homeHero, homeSectionCopy, howItWorks, whyChoose, whyChooseBenefits } from "~/content/home";
import { initialAvailability } from "~/content/roadmap";
import { getStat } from "~/content/stats";
import { plainText } from "~/lib/forms/form-fields";
import { z } from "~/lib/forms/zod";
import type { Collection, FieldSpec } from "./collection";

export const SECTION_LIMITS = { title: 120, intro: 320, cardTitle: 80, cardText: 320 } as const;

interface SectionSpec {
  id: string;
  label: string;
  /** What the page shows today: a heading, an intro, cards. An absent part is not shown (or is computed in code). */
  title?: string;
  intro?: string;
  /** A card's text left out is written by code from other facts (a statistic, a capability's availability). */
  cards?: readonly { title: string; text?: string }[];
  cardNoun?: string;
}

/** The sections, in page order; the pages name them by id. */
const SECTIONS = [
  { id: "home-hero", label: "Home: the hero", title: homeHero.title, intro: homeHero.description, cards: cardsOf(homeHero.cards) },
  { id: "home-integrations", label: "Home: integrations", ...withIntro(homeSectionCopy.integrations) },
  {
    id: "home-how-it-works",
    label: "Home: how it works",
    title: howItWorks.title,
    intro: howItWorks.description,
    cards: cardsOf(howItWorks.steps),
    cardNoun: "Step",
  },
  {
    id: "home-why-choose",
    label: "Home: why choose Replywise",
    title: whyChoose.title,
    intro: whyChoose.description,
    // The second card quotes a statistic and the fourth a capability's availability: their texts stay computed.
    cards: cardsOf(whyChooseBenefits((id) => getStat(id).value, initialAvailability)).map((card, index) =>
      index % 2 ? { title: card.title } : card,
    ),
  },
  { id: "home-testimonials", label: "Home: testimonials", ...withIntro(homeSectionCopy.testimonials) },
  { id: "home-faq", label: "Home: FAQ", ...withIntro(homeSectionCopy.faq) },
  { id: "home-conversion", label: "Home: the speed-to-lead banner", ...withIntro(conversionBanner) },
  { id: "home-latest-posts", label: "Home: latest posts", ...withIntro(homeSectionCopy.latestPosts) },
  { id: "closing", label: "Home and features: the closing call to action", title: closingCta.title },
  { id: "features-header", label: "Features: the header", ...withIntro(featuresPageCopy.header) },
  { id: "features-grid", label: "Features: the six cards", cards: cardsOf(featureCards(initialAvailability)), cardNoun: "Feature" },
  { id: "features-audiences", label: "Features: audiences", ...withIntro(featuresPageCopy.audiences), cards: cardsOf(audiences) },
  { id: "features-results", label: "Features: results", ...withIntro(featuresPageCopy.results) },
] as const satisfies readonly SectionSpec[];

function withIntro(copy: { title: string; description: string }) {
  return { title: copy.title, intro: copy.description };
}

function cardsOf(items: readonly { title: string; description: string }[]) {
  return items.map((item) => ({ title: item.title, text: item.description }));
}

export type SectionId = (typeof SECTIONS)[number]["id"];
const specOf = (id: string): SectionSpec | undefined => SECTIONS.find((section) => section.id === id);

const SectionCardSchema = z.object({
  title: plainText("The card's title", SECTION_LIMITS.cardTitle),
  text: plainText("The card's text", SECTION_LIMITS.cardText),
});

export const SectionEntrySchema = z.object({
  id: z.string(),
  title: plainText("The heading", SECTION_LIMITS.title),
  intro: plainText("The intro", SECTION_LIMITS.intro),
  cards: z.array(SectionCardSchema),
});
export type SectionEntry = z.output<typeof SectionEntrySchema>;

/** The form's fields of one section: only the parts the page shows and takes from here. */
function sectionFields(entry: SectionEntry): FieldSpec[] {
  const spec = specOf(entry.id);
  if (!spec) return [];
  const noun = spec.cardNoun ?? "Card";
  return [
    ...(spec.title !== undefined
      ? [{ name: "title", label: "Heading", kind: "text", max: SECTION_LIMITS.title, copy: "marketing", seo: "title" } as const]
      : []),
    ...(spec.intro !== undefined
      ? [{ name: "intro", label: "Intro", kind: "textarea", max: SECTION_LIMITS.intro, copy: "marketing" } as const]
      : []),
    ...(spec.cards ?? []).flatMap((card, index): FieldSpec[] => [
      {
        name: `cards.${index}.title`,
        label: `${noun} ${index + 1}: title`,
        kind: "text",
        max: SECTION_LIMITS.cardTitle,
        copy: "marketing",
      },
      ...(card.text !== undefined
        ? [
            {
              name: `cards.${index}.text`,
              label: `${noun} ${index + 1}: text`,
              kind: "textarea",
              max: SECTION_LIMITS.cardText,
              copy: "marketing",
            } as const,
          ]
        : []),
    ]),
  ];
}

/** The same sections, each with its number of cards: the pages name them, none can be added or removed here. */
function sameSections(entries: readonly SectionEntry[]) {
  return (
    entries.length === SECTIONS.length &&
    SECTIONS.every((spec: SectionSpec) => entries.some((entry) => entry.id === spec.id && entry.cards.length === (spec.cards?.length ?? 0)))
  );
}

function publishRules(entry: SectionEntry, refuse: (field: string, reason: string) => void) {
  for (const field of sectionFields(entry)) {
    const value = field.name.split(".").reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], entry);
    if (!value) refuse(field.name, "Write it: the page shows this text.");
  }
  // The testimonials are quotes of early-access teams (./testimonials.ts): the section keeps saying so.
  if (entry.id === "home-testimonials" && !/early[- ]access/i.test(entry.intro))
    refuse("intro", 'The testimonials come from early-access teams: keep "early-access" in the intro.');
}

export const sectionsCollection: Collection<SectionEntry> = {
  name: "sections",
  title: "Section copy",
  description: "The headings, intros and card texts of the home and features sections, one entry per section.",
  pages: ["/", "/features"],
  schema: z
    .array(SectionEntrySchema)
    .refine(sameSections, "The sections are the ones the pages name: edit them, none can be added or removed here."),
  fields: [],
  fieldsOf: sectionFields,
  ordered: false,
  entryTitle: (entry) => specOf(entry.id)?.label ?? entry.id,
  initial: () =>
    SECTIONS.map((spec: SectionSpec) => ({
      id: spec.id,
      title: spec.title ?? "",
      intro: spec.intro ?? "",
      cards: (spec.cards ?? []).map((card) => ({ title: card.title, text: card.text ?? "" })),
    })),
  // Only the parts the page takes from here are in the form; the others keep what they hold.
  fromForm: (values, current) => {
    const section = current!;
    return {
      id: section.id,
      title: values.title ?? section.title,
      intro: values.intro ?? section.intro,
      cards: section.cards.map((card, index) => ({
        title: values[`cards.${index}.title`] ?? card.title,
        text: values[`cards.${index}.text`] ?? card.text,
      })),
    };
  },
  publishRules,
};

/** A section's copy by its id, in the sections as published (or as the preview shows them). */
export function sectionOf(sections: readonly SectionEntry[], id: SectionId): SectionEntry {
  const section = sections.find((entry) => entry.id === id);
  if (!section) throw new Error(`Unknown section: ${id}`);
  return section;
}
