import { describe, expect, it } from "vitest";
import { pagesWithEditedContent } from "~/content/paths";
import { collections, COLLECTION_NAMES, faqEntries, initialContent, statistics } from "./collections";
import { readEntries } from "./editor.server";
import { publishProblems } from "./rules";

// The rules a publication of the statistics and the FAQ keeps, and the form read through each collection's schema.

const today = "2026-11-26";
const faq = () => initialContent().faq;
const stats = () => initialContent().statistics;

/** The form an editor posts for the entries, field by field (`2.answer`), with positions in the given order. */
function formOf(name: "faq" | "statistics", entries: unknown[], over: Record<string, string> = {}) {
  const form = new FormData();
  entries.forEach((entry, index) => {
    for (const field of collections[name].fields) {
      let value: unknown = entry;
      for (const key of field.name.split(".")) value = (value as Record<string, unknown> | undefined)?.[key];
      form.set(`${index}.${field.name}`, typeof value === "string" ? value : "");
    }
    if (collections[name].ordered) form.set(`${index}.position`, String(index + 1));
  });
  for (const [key, value] of Object.entries(over)) form.set(key, value);
  return form;
}

describe("publishing the structured content", () => {
  it("publishes what app/content holds today", () => {
    for (const name of COLLECTION_NAMES) expect(publishProblems(name, initialContent()[name], today, initialContent()), name).toEqual({});
  });

  it("refuses a study's figure without its source, beside the source's fields", () => {
    const entries = stats().map((stat) =>
      stat.id === "speed-to-lead" ? { ...stat, basis: { kind: "study", measured: "Calls.", source: { label: "", url: "" } } } : stat,
    );
    const index = entries.findIndex((stat) => stat.id === "speed-to-lead");
    const problems = publishProblems("statistics", entries, today, initialContent());
    expect(problems[`${index}.basis.source.label`]).toMatch(/needs its source/);
    expect(problems[`${index}.basis.source.url`]).toMatch(/needs its source/);
  });

  it("keeps home's figures targets, as its note says", () => {
    const entries = stats().map((stat) =>
      stat.id === "response-rate" ? { ...stat, basis: { kind: "early-access-report", sample: "12 teams" } } : stat,
    );
    const index = entries.findIndex((stat) => stat.id === "response-rate");
    expect(publishProblems("statistics", entries, today, initialContent())[`${index}.basis.kind`]).toMatch(/calls this figure a target/);
  });

  it("refuses, in a FAQ answer, a stale dated claim, a price without cents, a figure without a source and a planned capability sold", () => {
    const answers = [
      "Slack notifications will launch in October 2026.",
      "Starter costs $15 a month.",
      "Teams book 3x more meetings.",
      "Connect lemlist and go.",
    ];
    const entries = faq().map((entry, index) => ({ ...entry, answer: answers[index] ?? entry.answer }));
    const problems = publishProblems("faq", entries, today, initialContent());
    expect(problems["0.answer"]).toContain('future tense tied to a past date ("October 2026")');
    expect(problems["1.answer"]).toContain('price "$15" without two decimals: write "$15.00"');
    expect(problems["2.answer"]).toContain('statistic "3x" outside the statistics');
    expect(problems["3.answer"]).toContain('"lemlist" names lemlist, which is not available');
    expect(Object.keys(problems)).toHaveLength(4);
  });

  it("declares every page that shows edited content as rendered by the server", () => {
    for (const collection of [statistics, faqEntries]) for (const page of collection.pages) expect(pagesWithEditedContent).toContain(page);
  });
});

describe("the editor's form", () => {
  it("reads the entries in the order of their positions", () => {
    const entries = faq();
    const { entries: read, errors } = readEntries(formOf("faq", entries, { "0.position": "6", "5.position": "1" }), "faq", entries);
    expect(errors).toEqual({});
    expect((read as typeof entries).map((entry) => entry.question)).toEqual([
      entries[5]!.question,
      ...entries.slice(1, 5).map((entry) => entry.question),
      entries[0]!.question,
    ]);
  });

  it("refuses markup in a plain-text field and an answer over its limit, beside the field, keeping what was typed", () => {
    const entries = faq();
    const form = formOf("faq", entries, { "1.question": "<script>alert(1)</script>", "2.answer": "x".repeat(601) });
    const { entries: read, errors, values } = readEntries(form, "faq", entries);
    expect(read).toBeUndefined();
    expect(errors["1.question"]).toBe("The question cannot contain HTML: write it as plain text.");
    expect(errors["2.answer"]).toBe("The answer must be at most 600 characters.");
    expect(values["1.question"]).toBe("<script>alert(1)</script>");
  });

  it("keeps each statistic's id, and refuses a source address that is not https", () => {
    const entries = stats();
    const index = entries.findIndex((stat) => stat.id === "speed-to-lead");
    const form = formOf("statistics", entries, { [`${index}.basis.source.url`]: "javascript:alert(1)", "0.value": "25+" });
    expect(readEntries(form, "statistics", entries).errors).toEqual({
      [`${index}.basis.source.url`]: "The source's address must start with https://.",
    });
    const ok = readEntries(formOf("statistics", entries, { "0.value": "25+" }), "statistics", entries);
    expect((ok.entries as typeof entries).map((stat) => stat.id)).toEqual(entries.map((stat) => stat.id));
    expect((ok.entries as typeof entries)[0]!.value).toBe("25+");
  });
});
