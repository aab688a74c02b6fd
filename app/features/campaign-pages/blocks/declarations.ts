// The blocks a campaign page is built from, each declared once (like the collections, decision 035): what the editor
// offers to add, its fields (with the copy, SEO and length rules each keeps at publish), and its first copy, taken from
// the site's published content so it is true from the start. The views are in ./views.tsx, the checks in ./problems.ts.
import type { Availability, CapabilityId } from "~/content/capabilities";
import { contactPage } from "~/content/contact";
import { demoPage } from "~/content/demo";
import { ICONS, type IconName } from "~/content/icons";
import { launchCopy } from "~/content/launch";
import type { Plan } from "~/content/plans";
import type { MiniSceneName } from "~/content/product-scenes";
import type { Resource } from "~/content/resources";
import { site } from "~/content/site";
import type { Stat } from "~/content/stats";
import { OUTBOUND_PATHS } from "~/content/outbound";
import {
  type FaqEntry,
  type FieldSpec,
  sectionOf,
  type SectionEntry,
  type SiteContent,
  type TestimonialEntry,
} from "~/features/site-content";

export const BLOCK_TYPES = [
  "hero",
  "product-scene",
  "feature-grid",
  "statistics",
  "testimonials",
  "pricing",
  "faq",
  "logo-strip",
  "rich-text",
  "call-to-action",
  "contact-form",
  "download-form",
  "demo-booking",
  "newsletter-form",
] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

export const isBlockType = (value: unknown): value is BlockType => (BLOCK_TYPES as readonly unknown[]).includes(value);

/** One block of a page: its fields are flat strings by their (dotted) names, as the editor's form posts them. */
export interface Block {
  id: string;
  type: BlockType;
  fields: Record<string, string>;
}

/**
 * What blocks may read of the site's published content (the route's loader passes it, `blockContentOf`): plain data,
 * so the roadmap's code stays on the server (the availability is a record, as the pages' loaders hand it).
 */
export interface BlockContent {
  statistics: readonly Stat[];
  testimonials: readonly TestimonialEntry[];
  plans: readonly Plan[];
  faq: readonly FaqEntry[];
  /** The section copy of / and /features: the blocks' first copy comes from it. */
  sections: readonly SectionEntry[];
  /** The published catalogue (what /resources lists). */
  resources: readonly Resource[];
  /** Each capability's availability as the published roadmap says (`availabilityOf` in site-content's server module). */
  availability: Readonly<Record<CapabilityId, Availability>>;
  /** YYYY-MM-DD: the dated copy (the early-access offer) and the copy rules read it. */
  today: string;
}

/** The content a block reads, from the site's content as published (or as a preview shows it). */
export function blockContentOf(
  content: SiteContent,
  availability: Readonly<Record<CapabilityId, Availability>>,
  today: string,
): BlockContent {
  return {
    statistics: content.statistics,
    testimonials: content.testimonials,
    plans: content.plans,
    faq: content.faq,
    sections: content.sections,
    resources: content.resources.map(({ bytes: _bytes, ...resource }) => resource),
    availability,
    today,
  };
}

export interface BlockDeclaration {
  type: BlockType;
  /** Shown in the editor's "Add a block" choice, with the description. */
  label: string;
  description: string;
  /**
   * The block's fields: the editor's form, and what `blockProblems` checks. Options may depend on the content (the
   * download form's resources) and on the page's other blocks (a button's anchor to a form block on it).
   */
  fields(content: BlockContent, page?: readonly Block[]): readonly FieldSpec[];
  /** True starting copy for a new block, from the site's content; it passes `blockProblems`. */
  initial(content: BlockContent): Record<string, string>;
  /** The field that is the block's heading (the page's h1 when the block comes first). */
  heading?: string;
  /** Fields that may stay empty; every other field must be filled in. */
  optional?: readonly string[];
  /** The block is a form posting to /forms/<name> (or the booking calendar): one of each kind a page (their ids). */
  form?: "contact" | "download" | "newsletter" | "booking";
}

/** The anchor of a block on its page (`#block-<id>`), where a button may lead. */
export const blockAnchor = (block: Pick<Block, "id">) => `block-${block.id}`;

export const BLOCK_LIMITS = { eyebrow: 80, heading: 120, intro: 320, cardTitle: 80, cardText: 320, label: 40, body: 6000 } as const;

// ---- Shared fields ----

const heading = (label = "Heading"): FieldSpec => ({
  name: "heading",
  label,
  kind: "text",
  max: BLOCK_LIMITS.heading,
  copy: "marketing",
});
const intro = (label = "Intro"): FieldSpec => ({ name: "intro", label, kind: "textarea", max: BLOCK_LIMITS.intro, copy: "marketing" });

/** The pages a button may lead to, by the value the form posts; a form block on the page is added as `#block-<id>`. */
export const CTA_TARGETS = [
  { value: "/demo", label: "Book a demo (/demo)" },
  { value: OUTBOUND_PATHS.register, label: "Sign up (the app's sign-up page)" },
  { value: "/contact", label: "Contact (/contact)" },
] as const;

const formBlocksOf = (page: readonly Block[] = []) => page.filter((block) => BLOCKS[block.type].form);

function ctaFields(page: readonly Block[] | undefined): FieldSpec[] {
  return [
    { name: "cta.label", label: "Button label", kind: "text", max: BLOCK_LIMITS.label, copy: "marketing" },
    {
      name: "cta.target",
      label: "Button leads to",
      kind: "select",
      options: [
        ...CTA_TARGETS,
        ...formBlocksOf(page).map((block) => ({
          value: `#${blockAnchor(block)}`,
          label: `The ${BLOCKS[block.type].label.toLowerCase()} on this page${block.fields.heading ? `: ${block.fields.heading}` : ""}`,
        })),
      ],
    },
  ];
}

/** The product scenes a block may show: the home hero's inbox and the cards' small scenes. */
export const SCENES = [
  { value: "inbox", label: "The inbox (home's hero)" },
  { value: "reply", label: "A reply answered" },
  { value: "sequence", label: "A follow-up sequence" },
  { value: "calendar", label: "A meeting booked" },
  { value: "managers", label: "Inbox managers per client" },
  { value: "webhook", label: "Replies arriving by webhook" },
  { value: "dashboard", label: "The dashboard" },
] as const satisfies readonly { value: "inbox" | MiniSceneName; label: string }[];
export type SceneName = (typeof SCENES)[number]["value"];

const ICON_NAMES = Object.keys(ICONS) as IconName[];

const cardFields = (index: number): FieldSpec[] => [
  {
    name: `cards.${index}.icon`,
    label: `Card ${index + 1}: icon`,
    kind: "select",
    options: ICON_NAMES.map((icon) => ({ value: icon, label: icon })),
  },
  { name: `cards.${index}.title`, label: `Card ${index + 1}: title`, kind: "text", max: BLOCK_LIMITS.cardTitle, copy: "marketing" },
  { name: `cards.${index}.text`, label: `Card ${index + 1}: text`, kind: "textarea", max: BLOCK_LIMITS.cardText, copy: "marketing" },
];

export const FEATURE_CARDS = 3;

const copyOf = (content: BlockContent, id: Parameters<typeof sectionOf>[1]) => sectionOf(content.sections, id);

// The words /resources says above its newsletter form.
const NEWSLETTER_COPY = {
  heading: "Get new resources first",
  intro: "One practical email when we publish a new template, guide, tool or blog post. No spam, unsubscribe any time.",
};

export const BLOCKS: Record<BlockType, BlockDeclaration> = {
  hero: {
    type: "hero",
    label: "Hero",
    description: "The page's opening: an eyebrow, the headline, a line of intro, one button and, if you like, a product scene.",
    heading: "headline",
    optional: ["eyebrow", "scene"],
    fields: (_content, page) => [
      { name: "eyebrow", label: "Eyebrow", kind: "text", max: BLOCK_LIMITS.eyebrow, copy: "marketing" },
      { ...heading("Headline"), name: "headline" },
      intro(),
      ...ctaFields(page),
      { name: "scene", label: "Product scene", kind: "select", options: [{ value: "", label: "None" }, ...SCENES] },
    ],
    initial(content) {
      const hero = copyOf(content, "home-hero");
      return {
        eyebrow: site.tagline,
        headline: hero.title,
        intro: hero.intro,
        "cta.label": "Book a demo",
        "cta.target": "/demo",
        scene: "inbox",
      };
    },
  },
  "product-scene": {
    type: "product-scene",
    label: "Product scene",
    description: "One of the product's pictures, with a heading and an intro.",
    heading: "heading",
    optional: ["intro"],
    fields: () => [heading(), intro(), { name: "scene", label: "Product scene", kind: "select", options: SCENES }],
    initial(content) {
      const card = copyOf(content, "home-hero").cards[1];
      return { heading: card?.title ?? "", intro: card?.text ?? "", scene: "reply" };
    },
  },
  "feature-grid": {
    type: "feature-grid",
    label: "Feature grid",
    description: "Three cards, each with an icon, a title and a line of text.",
    heading: "heading",
    optional: ["intro"],
    fields: () => [heading(), intro(), ...Array.from({ length: FEATURE_CARDS }, (_, index) => cardFields(index)).flat()],
    initial(content) {
      const why = copyOf(content, "home-why-choose");
      const hero = copyOf(content, "home-hero");
      // The hero's three cards, with the icons home gives them.
      const icons: IconName[] = ["clock", "message-square", "calendar-check"];
      return {
        heading: why.title,
        intro: why.intro,
        ...Object.fromEntries(
          icons.flatMap((icon, index) => [
            [`cards.${index}.icon`, icon],
            [`cards.${index}.title`, hero.cards[index]?.title ?? ""],
            [`cards.${index}.text`, hero.cards[index]?.text ?? ""],
          ]),
        ),
      };
    },
  },
  statistics: {
    type: "statistics",
    label: "Statistics",
    description: "The published figures, each with what it rests on: its study and source, or that it is a target.",
    heading: "heading",
    optional: ["intro"],
    fields: () => [heading(), intro()],
    initial: (content) => ({ heading: copyOf(content, "features-results").title, intro: copyOf(content, "features-results").intro }),
  },
  testimonials: {
    type: "testimonials",
    label: "Testimonials",
    description: "The published quotes of early-access teams.",
    heading: "heading",
    fields: () => [heading(), intro()],
    initial: (content) => ({ heading: copyOf(content, "home-testimonials").title, intro: copyOf(content, "home-testimonials").intro }),
  },
  pricing: {
    type: "pricing",
    label: "Pricing",
    description: "The published plans on their cards, with the early-access offer while it runs.",
    heading: "heading",
    optional: ["intro"],
    fields: () => [heading(), intro()],
    initial: () => ({
      heading: "Simple pricing that scales with your replies",
      intro: "Pay for the replies Replywise answers, nothing else. Every plan is billed monthly and starts with 50 free replies.",
    }),
  },
  faq: {
    type: "faq",
    label: "FAQ",
    description: "The published questions and answers.",
    heading: "heading",
    optional: ["intro"],
    fields: () => [heading(), intro()],
    initial: (content) => ({ heading: copyOf(content, "home-faq").title, intro: copyOf(content, "home-faq").intro }),
  },
  "logo-strip": {
    type: "logo-strip",
    label: "Integrations strip",
    description: "The tools Replywise connects to, each with its availability from the roadmap.",
    heading: "heading",
    optional: ["intro"],
    fields: () => [heading(), intro()],
    initial: (content) => ({ heading: copyOf(content, "home-integrations").title, intro: copyOf(content, "home-integrations").intro }),
  },
  "rich-text": {
    type: "rich-text",
    label: "Text",
    description: "A heading and text written in Markdown, shown as the blog shows a post's body.",
    heading: "heading",
    fields: () => [
      { ...heading(), copy: "editorial" },
      {
        name: "body",
        label: "Text (Markdown)",
        kind: "textarea",
        max: BLOCK_LIMITS.body,
        copy: "editorial",
        hint: "Markdown: paragraphs, **bold**, lists, [links](https://…) and ### headings. No HTML.",
      },
    ],
    initial: () => ({ heading: `What ${site.name} does`, body: site.description }),
  },
  "call-to-action": {
    type: "call-to-action",
    label: "Call to action",
    description: "The closing band: a heading, a line, the sign-up button and one more button.",
    heading: "heading",
    fields: (_content, page) => [
      heading(),
      { name: "text", label: "Text", kind: "textarea", max: BLOCK_LIMITS.intro, copy: "marketing" },
      ...ctaFields(page),
    ],
    initial: (content) => ({
      heading: copyOf(content, "closing").title,
      text: launchCopy(content.today).closing,
      "cta.label": "Schedule a demo",
      "cta.target": "/demo",
    }),
  },
  "contact-form": {
    type: "contact-form",
    label: "Contact form",
    description: "The contact form of /contact: a message stored as a lead, answered by the sales team.",
    heading: "heading",
    optional: ["intro"],
    form: "contact",
    fields: () => [heading(), intro()],
    initial: () => ({ heading: contactPage.form.title, intro: contactPage.form.description }),
  },
  "download-form": {
    type: "download-form",
    label: "Download form",
    description: "The download form of one free resource: name and email, then the file.",
    heading: "heading",
    optional: ["intro"],
    form: "download",
    fields: (content) => [
      heading(),
      intro(),
      {
        name: "resource",
        label: "Resource",
        kind: "select",
        options: content.resources.map((resource) => ({ value: resource.id, label: resource.title })),
      },
    ],
    initial(content) {
      const [resource] = content.resources;
      return { heading: resource?.title ?? "", intro: resource?.description ?? "", resource: resource?.id ?? "" };
    },
  },
  "demo-booking": {
    type: "demo-booking",
    label: "Demo booking",
    description: "The booking calendar of /demo: loads when asked, and the booking joins this visit.",
    heading: "heading",
    optional: ["intro"],
    form: "booking",
    fields: () => [heading(), intro()],
    initial: () => ({ heading: demoPage.title, intro: demoPage.description }),
  },
  "newsletter-form": {
    type: "newsletter-form",
    label: "Newsletter sign-up",
    description: "The newsletter's sign-up form: one email address, confirmed by email.",
    heading: "heading",
    optional: ["intro"],
    form: "newsletter",
    fields: () => [heading(), intro()],
    initial: () => ({ ...NEWSLETTER_COPY }),
  },
};

/** How the console names a block of a page: its place and kind, "block 2 (Feature grid)"; its id once it is gone. */
export function blockName(blocks: readonly Block[], blockId: string): string {
  const index = blocks.findIndex((block) => block.id === blockId);
  return index === -1 ? `block ${blockId}` : `block ${index + 1} (${BLOCKS[blocks[index]!.type].label})`;
}
