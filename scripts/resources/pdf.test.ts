import { readFile } from "node:fs/promises";
import path from "node:path";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it, vi } from "vitest";
import { resources } from "../../app/content/resources";
import { brand } from "./brand";
import { inspectPdf } from "../../readers/pdf";
import { parseMarkdownDocument, type MarkdownDocument } from "./markdown";
import { renderPdf } from "./pdf";

/** A run of text as pdf.js reads it: its size in points and where its baseline starts (from the page's bottom). */
interface Item {
  text: string;
  size: number;
  x: number;
  y: number;
}

async function pageItems(bytes: Uint8Array): Promise<Item[][]> {
  const document = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const pages: Item[][] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const content = await (await document.getPage(number)).getTextContent();
      pages.push(
        content.items.flatMap((item) =>
          "str" in item && item.str.trim() !== ""
            ? [
                {
                  text: item.str.trim(),
                  size: Math.round(Math.hypot(item.transform[0], item.transform[1]) * 10) / 10,
                  x: item.transform[4],
                  y: item.transform[5],
                },
              ]
            : [],
        ),
      );
    }
    return pages;
  } finally {
    await document.destroy();
  }
}

function options(document: MarkdownDocument, description = "A test download.") {
  const { meta } = document;
  return {
    title: document.title,
    subtitle: meta.subtitle,
    label: meta.label,
    contentsLabel: meta.contents,
    description,
    keywords: meta.keywords,
    date: brand.edition,
  };
}

function parse(markdown: string): MarkdownDocument {
  return parseMarkdownDocument(
    `---\nsubtitle: A subtitle\nlabel: Guide\ncontents: Inside this guide\n---\n# The Test Guide\n\n${markdown}`,
    "test.md",
  );
}

const filler = (words: number) => Array.from({ length: words }, (_, index) => `word${index}`).join(" ");

// Page furniture lies outside the text area (78 pt from the top, 70 pt from the bottom of a 792 pt page).
const inBody = (item: Item) => item.y < 792 - 78 && item.y > 70;
const runningHead = (page: Item[]) => page.find((item) => item.size === 8 && item.y > 740 && item.x > 200)?.text;

describe("renderPdf on the seven downloads", async () => {
  const downloads = resources.filter((resource) => resource.format === "PDF");
  const rendered = await Promise.all(
    downloads.map(async (resource) => {
      const fileName = path.join(import.meta.dirname, "../../app/content/downloads", `${resource.id}.md`);
      const document = parseMarkdownDocument(await readFile(fileName, "utf8"), fileName);
      const { bytes, pages } = await renderPdf(document, options(document, resource.description));
      return { resource, document, bytes, pages, items: await pageItems(bytes), summary: await inspectPdf(bytes) };
    }),
  );

  it.each(rendered)("$resource.id: the page count on its card, its metadata and a numbered footer on every page", (pdf) => {
    expect(pdf.summary.pages).toBe(pdf.pages);
    expect(`${pdf.pages} pages`).toBe(pdf.resource.detail);
    expect(pdf.summary).toMatchObject({ title: pdf.resource.title, author: "Replywise", subject: pdf.resource.description });
    expect(pdf.summary.pageTexts[0]).toContain(pdf.resource.title);
    pdf.summary.pageTexts.forEach((text, index) => expect(text).toContain(`Page ${index + 1} of ${pdf.pages}`));
  });

  it.each(rendered)("$resource.id: the contents list gives each section the page its heading is on", (pdf) => {
    const headingPage = (title: string) => pdf.items.findIndex((page) => page.some((item) => item.size === 16 && item.text === title)) + 1;
    const sections = pdf.document.body.flatMap((block) => (block.type === "heading" && block.level === 2 ? [block.text] : []));
    const rows = pdf.items[0]?.filter((item) => /^\d\d$/.test(item.text)) ?? [];
    expect(rows.map((row) => row.text)).toEqual(sections.map((_, index) => String(index + 1).padStart(2, "0")));
    rows.forEach((row, index) => {
      const line = pdf.items[0]?.filter((item) => Math.abs(item.y - row.y) < 1) ?? [];
      const title = sections[index] ?? "";
      expect(line.map((item) => item.text)).toEqual([row.text, title, String(headingPage(title))]);
      expect(headingPage(title)).toBeGreaterThan(1);
    });
  });

  it.each(rendered)("$resource.id: each page's running head names the section that starts there, else the one it continues", (pdf) => {
    let current: string = pdf.resource.title;
    pdf.items.slice(1).forEach((page) => {
      const starting = page.filter((item) => item.size === 16 && inBody(item)).sort((a, b) => b.y - a.y);
      expect(runningHead(page)).toBe(starting[0]?.text ?? current);
      current = starting.at(-1)?.text ?? current;
    });
    expect(runningHead(pdf.items[0] ?? [])).toBeUndefined();
  });

  it.each(rendered)("$resource.id: no heading ends a page", (pdf) => {
    pdf.items.forEach((page) => {
      const headings = page.filter((item) => (item.size === 16 || item.size === 12) && inBody(item));
      for (const heading of headings)
        expect(
          page.some((item) => inBody(item) && item.y < heading.y - 1),
          heading.text,
        ).toBe(true);
    });
  });
});

describe("renderPdf", () => {
  it("repeats a long table's header on every page it runs over", async () => {
    const rows = Array.from({ length: 60 }, (_, index) => `| Row ${index + 1} | ${index + 1} |`).join("\n");
    const document = parse(`## A long table\n\n| Metric | Value |\n| --- | --: |\n${rows}\n`);
    const { bytes, pages } = await renderPdf(document, options(document));
    const items = await pageItems(bytes);
    expect(pages).toBeGreaterThanOrEqual(3);
    items.slice(1).forEach((page) => expect(page.filter((item) => item.text === "Metric" || item.text === "Value")).toHaveLength(2));
    expect(items.flat().filter((item) => /^Row \d+$/.test(item.text))).toHaveLength(60);
  });

  it("spreads a log to fill in by hand over the page, each heading on one line", async () => {
    const headings = ["Date", "Segment", "Variant A", "Variant B", "Delivered A / B", "Replies A / B", "Winner"];
    const blankRow = `|${" |".repeat(headings.length)}`;
    const document = parse(`## Log\n\n| ${headings.join(" | ")} |\n|${" - |".repeat(headings.length)}\n${blankRow}\n${blankRow}\n`);
    const page = (await pageItems((await renderPdf(document, options(document))).bytes))[1] ?? [];
    const row = page.filter((item) => item.size === 9 && inBody(item));
    expect(row.map((item) => item.text)).toEqual(headings);
    expect(row.at(-1)?.x).toBeGreaterThan(430);
  });

  // 35 short lines fill page 2 but for room at its foot for one more line of body text or two list items.
  const fullPage = Array.from({ length: 35 }, (_, index) => `Line ${index + 1}`).join("\\\n");

  it("starts the body on page 2 and keeps a lead-in on the page of the box it introduces", async () => {
    const document = parse(
      `Intro on the title page.\n\n## First\n\n${fullPage}\n\nThe three replies you will see most:\n\n> [!email] hello\n> Hi there.\n`,
    );
    const items = await pageItems((await renderPdf(document, options(document))).bytes);
    const pageOf = (text: string, size = 0) =>
      items.findIndex((page) => page.some((item) => item.text.startsWith(text) && (size === 0 || item.size === size))) + 1;
    expect(pageOf("Intro on the title page.")).toBe(1);
    expect(pageOf("First", 16)).toBe(2);
    expect(pageOf("Subject: hello")).toBe(3);
    expect(pageOf("The three replies")).toBe(3);
  });

  it("never starts a page with a list's last item alone", async () => {
    const document = parse(`## First\n\n${fullPage}\n\n- Item one\n- Item two\n- Item three\n- Item four\n`);
    const pages = (await inspectPdf((await renderPdf(document, options(document))).bytes)).pageTexts;
    const pageOf = (text: string) => pages.findIndex((page) => page.includes(text)) + 1;
    expect(["Item one", "Item two", "Item three", "Item four"].map(pageOf)).toEqual([2, 2, 3, 3]);
  });

  it("refuses a block too long for one page instead of dropping it", async () => {
    const document = parse(`## Long\n\n${filler(1500)}\n`);
    await expect(renderPdf(document, options(document))).rejects.toThrow(/The Test Guide: ".*" is missing from the PDF/);
  });

  it("names a character the standard fonts cannot print", async () => {
    const document = parse("## Section\n\nA check mark ✓ here.\n");
    await expect(renderPdf(document, options(document))).rejects.toThrow('The Test Guide: character "✓" (U+2713) cannot be printed');
  });

  it("gives the same bytes for the same source, whatever the clock says", async () => {
    const document = parse("## Section\n\nSame every time.\n");
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date("2030-01-01T00:00:00Z"));
      const first = await renderPdf(document, options(document));
      vi.setSystemTime(new Date("2031-06-15T12:34:56Z"));
      const second = await renderPdf(document, options(document));
      expect(Buffer.compare(first.bytes, second.bytes)).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
