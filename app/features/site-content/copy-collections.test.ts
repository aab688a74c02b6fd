import { describe, expect, it } from "vitest";
import { pagesWithEditedContent } from "~/content/paths";
import { collections, fieldsOf, initialContent, type FieldSpec } from "./collections";
import { readEntries } from "./editor.server";
import { fieldRuleProblem, publishProblems } from "./rules";
import { sectionsCollection } from "./sections-collection";
import { testimonialsCollection } from "./testimonials-collection";

// The testimonials and the section copy: what their publication keeps true, the rules any collection's field may ask
// for (alt text, search engines' lengths), and the form that adds, removes and reorders testimonials.

const today = "2026-11-26";
const testimonials = () => initialContent().testimonials;
const sections = () => initialContent().sections;

/** The form an editor posts for the entries (`1.quote`), positions in the given order, the empty entry left empty. */
function formOf(name: "testimonials" | "sections", entries: unknown[], over: Record<string, string> = {}) {
  const form = new FormData();
  const collection = collections[name];
  entries.forEach((entry, index) => {
    for (const field of fieldsOf(collection as never, entry)) {
      const value = field.name.split(".").reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], entry);
      form.set(`${index}.${field.name}`, typeof value === "string" ? value : "");
    }
    if (collection.ordered) form.set(`${index}.position`, String(index + 1));
  });
  for (const [key, value] of Object.entries(over)) form.set(key, value);
  return form;
}

describe("the testimonials", () => {
  it("adds the entry typed in the empty slot, removes a ticked one and reorders by position", () => {
    const current = testimonials();
    const form = formOf("testimonials", current, {
      "1.remove": "on",
      "3.quote": "Our replies go out in minutes now, and the team finally trusts the inbox again.",
      "3.name": "Lena T.",
      "3.role": "Head of Sales",
      "3.company": "Example Agency",
      "3.basis": "early-access",
      "3.position": "1",
      "0.position": "2",
    });
    const { entries, errors } = readEntries(form, "testimonials", current);
    expect(errors).toEqual({});
    expect((entries as typeof current).map((entry) => entry.name)).toEqual(["Lena T.", current[0]!.name, current[2]!.name]);
    expect((entries as typeof current)[0]!.id).toBe("lena-t");
  });

  it("refuses markup in a quote and a picture from another site, beside the field, at save", () => {
    const current = testimonials();
    const form = formOf("testimonials", current, {
      "0.quote": '"><img src=x onerror=alert(1)>',
      "2.image.src": "javascript:alert(1)",
    });
    const { entries, errors } = readEntries(form, "testimonials", current);
    expect(entries).toBeUndefined();
    expect(errors["0.quote"]).toBe("The quote cannot contain HTML: write it as plain text.");
    expect(errors["2.image.src"]).toBe("The picture must be a file on this site: a path starting /images/.");
  });

  it("refuses at publish a picture without its alt text, a quote too short, and one not from an early-access team", () => {
    const entries = testimonials().map((entry, index) =>
      index === 0 ? { ...entry, image: { src: "/images/maya.webp", alt: "" } } : index === 1 ? { ...entry, quote: "Great." } : entry,
    );
    entries.push({ ...entries[2]!, id: "new", basis: "" });
    const problems = publishProblems("testimonials", entries, today, initialContent());
    expect(problems["0.image.alt"]).toMatch(/needs its alt text/);
    expect(problems["1.quote"]).toMatch(/at least 40 characters/);
    expect(problems["3.basis"]).toMatch(/early-access teams/);
    expect(Object.keys(problems)).toHaveLength(3);
  });

  it("holds a quote to the copy rules: no figure outside the statistics, no planned capability sold", () => {
    const entries = testimonials().map((entry, index) =>
      index === 0 ? { ...entry, quote: "We book 3x more meetings since we switched, it is night and day." } : entry,
    );
    expect(publishProblems("testimonials", entries, today, initialContent())["0.quote"]).toContain('statistic "3x" outside the statistics');
  });
});

describe("the section copy", () => {
  it("has one entry per section the pages name, and publishes what app/content holds today", () => {
    expect(sections().map((section) => section.id)).toContain("home-hero");
    expect(publishProblems("sections", sections(), today, initialContent())).toEqual({});
    const hero = fieldsOf(sectionsCollection as never, sections()[0]).map((field) => field.name);
    expect(hero).toEqual([
      "title",
      "intro",
      "cards.0.title",
      "cards.0.text",
      "cards.1.title",
      "cards.1.text",
      "cards.2.title",
      "cards.2.text",
    ]);
  });

  it("leaves the texts computed from a statistic or an availability out of the form", () => {
    const why = sections().find((section) => section.id === "home-why-choose")!;
    const names = fieldsOf(sectionsCollection as never, why).map((field) => field.name);
    expect(names).toContain("cards.0.text");
    expect(names).not.toContain("cards.1.text");
    expect(names).not.toContain("cards.3.text");
  });

  it("refuses a heading longer than search engines show, an emptied text and an intro that drops the early-access marker", () => {
    const entries = sections().map((section) =>
      section.id === "home-hero"
        ? { ...section, title: "Human-Like Inbox Management for every one of your cold email replies, day and night" }
        : section.id === "home-faq"
          ? { ...section, intro: "" }
          : section.id === "home-testimonials"
            ? { ...section, intro: "What our customers say about Replywise." }
            : section,
    );
    const index = (id: string) => entries.findIndex((section) => section.id === id);
    const problems = publishProblems("sections", entries, today, initialContent());
    expect(problems[`${index("home-hero")}.title`]).toBe("At most 60 characters, what search engines show of a title: this one has 83.");
    expect(problems[`${index("home-faq")}.intro`]).toBe("Write it: the page shows this text.");
    expect(problems[`${index("home-testimonials")}.intro`]).toMatch(/keep "early-access"/);
  });

  it("keeps every section and its cards: a form cannot add one", () => {
    const current = sections();
    const { entries, errors } = readEntries(formOf("sections", current, { "0.title": "Answers in minutes" }), "sections", current);
    expect(errors).toEqual({});
    expect((entries as typeof current)[0]!.title).toBe("Answers in minutes");
    expect((entries as typeof current).map((section) => section.cards.length)).toEqual(current.map((section) => section.cards.length));
  });

  it("refuses markup in a heading at save", () => {
    const current = sections();
    const { errors } = readEntries(formOf("sections", current, { "1.title": "<script>alert(1)</script>" }), "sections", current);
    expect(errors["1.title"]).toBe("The heading cannot contain HTML: write it as plain text.");
  });
});

describe("the rules a field asks for by its spec", () => {
  const title: FieldSpec = { name: "title", label: "Title", kind: "text", seo: "title" };
  const description: FieldSpec = { name: "summary", label: "Summary", kind: "textarea", seo: "description" };
  const alt: FieldSpec = { name: "cover.alt", label: "Alt", kind: "text", altOf: "cover.src" };

  it("keeps a title and a description within what search engines show", () => {
    expect(fieldRuleProblem(title, { title: "x".repeat(60) })).toBeUndefined();
    expect(fieldRuleProblem(title, { title: "x".repeat(61) })).toMatch(/At most 60 characters/);
    expect(fieldRuleProblem(description, { summary: "x".repeat(49) })).toMatch(/Between 50 and 160 characters/);
    expect(fieldRuleProblem(description, { summary: "x".repeat(161) })).toMatch(/this one has 161/);
    expect(fieldRuleProblem(description, { summary: "x".repeat(120) })).toBeUndefined();
  });

  it("asks for alt text only where the image is set", () => {
    expect(fieldRuleProblem(alt, { cover: { src: "/images/a.webp", alt: " " } })).toMatch(/needs its alt text/);
    expect(fieldRuleProblem(alt, { cover: { src: "", alt: "" } })).toBeUndefined();
    expect(fieldRuleProblem(alt, { cover: { src: "/images/a.webp", alt: "A smiling founder" } })).toBeUndefined();
  });
});

it("declares every page that shows the testimonials or the section copy as rendered by the server", () => {
  for (const collection of [testimonialsCollection, sectionsCollection])
    for (const page of collection.pages) expect(pagesWithEditedContent).toContain(page);
});
