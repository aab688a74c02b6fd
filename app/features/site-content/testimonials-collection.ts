// The testimonials edited in the browser (docs/decisions/035): quotes of early-access teams, added, removed and put in
// order by the editor; home shows them all, /register the first. Publishing keeps them true: said by a real team.
import { isSiteImage, testimonials as initialTestimonials } from "~/content/testimonials";
import { COVER_MAX_BYTES, slugify } from "~/features/blog";
import { plainText } from "~/lib/forms/form-fields";
import { z } from "~/lib/forms/zod";
import type { Collection } from "./collection";

export const TESTIMONIAL_LIMITS = { quote: 320, quoteMin: 40, name: 60, role: 80, company: 80, imageSrc: 300, imageAlt: 200, count: 12 };

/** A testimonial's picture, square, in pixels: four times the card's 40 px circle, for sharp screens. */
export const TESTIMONIAL_PHOTO_SIZE = 160;

/** Where a quote comes from. The home section says "What early-access teams say", so that is the only truthful answer. */
export const EARLY_ACCESS = "early-access";

export const TestimonialEntrySchema = z.object({
  id: z.string().min(1),
  quote: plainText("The quote", TESTIMONIAL_LIMITS.quote),
  name: plainText("The name", TESTIMONIAL_LIMITS.name),
  role: plainText("The role", TESTIMONIAL_LIMITS.role),
  company: plainText("The company", TESTIMONIAL_LIMITS.company),
  image: z.object({
    src: z
      .string()
      .trim()
      .max(TESTIMONIAL_LIMITS.imageSrc, `The picture's path must be at most ${TESTIMONIAL_LIMITS.imageSrc} characters.`)
      .refine((src) => src === "" || isSiteImage(src), "The picture must be a file on this site: a path starting /images/."),
    alt: plainText("The picture's description", TESTIMONIAL_LIMITS.imageAlt),
  }),
  // A draft may leave it unsaid (a new entry); publishing asks for it.
  basis: z.enum([EARLY_ACCESS, ""]),
});
export type TestimonialEntry = z.output<typeof TestimonialEntrySchema>;

/** A new entry's id: from the name, made unique among the others. */
function newId(name: string, taken: readonly string[]) {
  const base = slugify(name) || "testimonial";
  let id = base;
  for (let n = 2; taken.includes(id); n += 1) id = `${base}-${n}`;
  return id;
}

function publishRules(entry: TestimonialEntry, refuse: (field: string, reason: string) => void) {
  if (entry.quote.length < TESTIMONIAL_LIMITS.quoteMin)
    refuse("quote", `A quote of at least ${TESTIMONIAL_LIMITS.quoteMin} characters: what the person said, in their words.`);
  if (!entry.name) refuse("name", "Name the person who said it (first name and initial are enough).");
  if (!entry.role) refuse("role", "Say what the person does: their role, or the kind of team.");
  if (entry.basis !== EARLY_ACCESS)
    refuse(
      "basis",
      "Only quotes from early-access teams are published, as the section says: confirm this one comes from one, or keep it a draft.",
    );
}

export const testimonialsCollection: Collection<TestimonialEntry> = {
  name: "testimonials",
  title: "Testimonials",
  description: "What early-access teams say, in order: home shows them all, /register the first. Add, remove and reorder them here.",
  pages: ["/", "/register"],
  schema: z
    .array(TestimonialEntrySchema)
    .min(1, "Keep at least one testimonial: /register shows the first.")
    .max(TESTIMONIAL_LIMITS.count, `At most ${TESTIMONIAL_LIMITS.count} testimonials.`),
  fields: [
    { name: "quote", label: "Quote", kind: "textarea", max: TESTIMONIAL_LIMITS.quote, copy: "marketing" },
    { name: "name", label: "Name", kind: "text", max: TESTIMONIAL_LIMITS.name, hint: "A real person of an early-access team." },
    { name: "role", label: "Role", kind: "text", max: TESTIMONIAL_LIMITS.role, copy: "marketing" },
    { name: "company", label: "Company", kind: "text", max: TESTIMONIAL_LIMITS.company, copy: "marketing", hint: "Optional." },
    {
      name: "image.src",
      label: "Picture",
      kind: "text",
      max: TESTIMONIAL_LIMITS.imageSrc,
      hint: "Optional: a file on this site, /images/…, set for you by an upload below; without one the card shows the initials.",
    },
    { name: "image.alt", label: "Picture description (alt text)", kind: "text", max: TESTIMONIAL_LIMITS.imageAlt, altOf: "image.src" },
    {
      name: "basis",
      label: "Where the quote comes from",
      kind: "select",
      options: [
        { value: "", label: "Not confirmed yet (stays a draft)" },
        { value: EARLY_ACCESS, label: "An early-access team, who agreed to be quoted" },
      ],
    },
  ],
  picture: {
    into: "image.src",
    size: TESTIMONIAL_PHOTO_SIZE,
    label: "Upload a photo or logo",
    hint: `A JPEG, PNG, WebP or AVIF image of at least ${TESTIMONIAL_PHOTO_SIZE / 2} × ${TESTIMONIAL_PHOTO_SIZE / 2} pixels, at most ${COVER_MAX_BYTES / 1024 / 1024} MB: cropped square and saved anew, without its metadata.`,
  },
  ordered: true,
  resizable: { max: TESTIMONIAL_LIMITS.count, noun: "testimonial" },
  entryTitle: (entry) => entry.name || "New testimonial",
  // Today's three come from the section "What early-access teams say": that is their marker.
  initial: () =>
    initialTestimonials.map((testimonial) => ({
      id: slugify(testimonial.name),
      quote: testimonial.quote,
      name: testimonial.name,
      role: testimonial.role,
      company: "",
      image: { src: "", alt: "" },
      basis: EARLY_ACCESS,
    })),
  fromForm: (values, current, others) => ({
    id:
      current?.id ??
      newId(
        values.name ?? "",
        others.map((entry) => entry.id),
      ),
    quote: values.quote ?? "",
    name: values.name ?? "",
    role: values.role ?? "",
    company: values.company ?? "",
    image: { src: values["image.src"] ?? "", alt: values["image.alt"] ?? "" },
    basis: values.basis ?? "",
  }),
  publishRules,
};
