import { describe, expect, it } from "vitest";
import { blockTexts, parseMarkdownDocument, plainText, type Block } from "./markdown";

const frontmatter =
  '---\nsubtitle: "A short guide: what to send"\nlabel: Guide\ncontents: Inside this guide\nkeywords: cold email, outbound\n---\n';

function body(markdown: string): Block[] {
  return parseMarkdownDocument(`${frontmatter}\n# Title\n\n## Section\n\n${markdown}`, "test.md").body.slice(1);
}

describe("parseMarkdownDocument", () => {
  it("reads the frontmatter as YAML, the title, and splits the title page's intro from the sections", () => {
    const document = parseMarkdownDocument(
      `${frontmatter}\n# The Guide\n\nOn the title page.\n\n## First\n\nText.\n\n## Second\n`,
      "guide.md",
    );
    expect(document.meta).toEqual({
      subtitle: "A short guide: what to send",
      label: "Guide",
      contents: "Inside this guide",
      keywords: "cold email, outbound",
    });
    expect(document.title).toBe("The Guide");
    expect(document.intro).toEqual([{ type: "paragraph", lines: [[{ text: "On the title page.", style: "regular" }]] }]);
    expect(document.body.filter((block) => block.type === "heading")).toEqual([
      { type: "heading", level: 2, text: "First" },
      { type: "heading", level: 2, text: "Second" },
    ]);
  });

  it("names the file for bad frontmatter, a missing title and what a PDF cannot show", () => {
    expect(() => parseMarkdownDocument("# No frontmatter\n", "a.md")).toThrow("a.md: missing the --- frontmatter block");
    expect(() => parseMarkdownDocument("---\nsubtitle: s\nlabel: l\n---\n# T\n", "b.md")).toThrow("b.md: contents:");
    expect(() =>
      parseMarkdownDocument(frontmatter.replace('"A short guide: what to send"', "A short guide: what to send"), "y.md"),
    ).toThrow("y.md: frontmatter is not valid YAML");
    expect(() => parseMarkdownDocument(`${frontmatter.replace("label:", "lable:")}# T\n`, "c.md")).toThrow(
      /^c\.md: .*Unrecognized key: "lable"/,
    );
    expect(() => parseMarkdownDocument(`${frontmatter}Text first.\n\n# T\n`, "d.md")).toThrow(
      'd.md: a download starts with its "# Title" line',
    );
    expect(() => body("#### Too deep")).toThrow("test.md: heading level 4 is not supported");
    expect(() => body("See [our site](https://example.com).")).toThrow("test.md: link with its own text is not supported");
    expect(() => body("![logo](logo.png)")).toThrow("test.md: image text is not supported");
    expect(() => body("<div>raw</div>")).toThrow("test.md: html block is not supported");
    expect(() => body("- item\n  - nested\n\n  more text")).toThrow("test.md: paragraph after a nested list in one item is not supported");
    expect(() => body("> [!tip] Box\n> | a | b |\n> | - | - |\n> | 1 | 2 |")).toThrow("test.md: table in a callout is not supported");
    expect(() => body("> A quote\n>\n> ```\n> code\n> ```")).toThrow("test.md: code in a callout is not supported");
  });

  it("keeps inline styles as runs, joins soft line breaks and starts a new line at a hard break", () => {
    expect(body("Plain **bold** *italic* _also italic_ `code`\nsame line, **bold with `code` inside**\\\nnext line")).toEqual([
      {
        type: "paragraph",
        lines: [
          [
            { text: "Plain ", style: "regular" },
            { text: "bold", style: "bold" },
            { text: " ", style: "regular" },
            { text: "italic", style: "italic" },
            { text: " ", style: "regular" },
            { text: "also italic", style: "italic" },
            { text: " ", style: "regular" },
            { text: "code", style: "code" },
            { text: " same line, ", style: "regular" },
            { text: "bold with ", style: "bold" },
            { text: "code", style: "code" },
            { text: " inside", style: "bold" },
          ],
          [{ text: "next line", style: "regular" }],
        ],
      },
    ]);
  });

  it("prints a bare address as written, and text such as {{merge_tags}} and [brackets] as it is", () => {
    const [paragraph] = body("Write to dmarc@example.com about {{first_name}} and [your offer].");
    expect(paragraph?.type === "paragraph" && paragraph.lines.map(plainText)).toEqual([
      "Write to dmarc@example.com about {{first_name}} and [your offer].",
    ]);
  });

  it("reads nested lists, task items and an ordered list's first number", () => {
    expect(body("- [ ] open task\n  continued\n- [x] done\n  - nested **point**\n\n3. third\n4. fourth")).toEqual([
      {
        type: "list",
        ordered: false,
        start: 1,
        items: [
          { runs: [{ text: "open task continued", style: "regular" }], checked: false },
          {
            runs: [{ text: "done", style: "regular" }],
            checked: true,
            children: {
              type: "list",
              ordered: false,
              start: 1,
              items: [
                {
                  runs: [
                    { text: "nested ", style: "regular" },
                    { text: "point", style: "bold" },
                  ],
                },
              ],
            },
          },
        ],
      },
      {
        type: "list",
        ordered: true,
        start: 3,
        items: [{ runs: [{ text: "third", style: "regular" }] }, { runs: [{ text: "fourth", style: "regular" }] }],
      },
    ]);
  });

  it("reads tables with right-aligned columns and empty fill-in rows", () => {
    expect(body("| Metric | Target |\n| :----- | -----: |\n| **Reply** rate | 5% |\n|  |  |")).toEqual([
      {
        type: "table",
        header: [[{ text: "Metric", style: "regular" }], [{ text: "Target", style: "regular" }]],
        rows: [
          [
            [
              { text: "Reply", style: "bold" },
              { text: " rate", style: "regular" },
            ],
            [{ text: "5%", style: "regular" }],
          ],
          [[], []],
        ],
        align: ["left", "right"],
      },
    ]);
  });

  it("reads code blocks line by line and horizontal rules", () => {
    expect(body("```\nv=spf1 include:_spf.google.com ~all\n\n  indented\n```\n\n---")).toEqual([
      { type: "code", lines: ["v=spf1 include:_spf.google.com ~all", "", "  indented"] },
      { type: "rule" },
    ]);
  });

  it("reads callouts by their marker, with or without a title, and a plain quote as a note", () => {
    const blocks = body(
      [
        "> [!tip] Segment first\n> Group by **trigger**.",
        "> [!WARNING]\n> Check the DNS.",
        "> [!email] quick question, {{first_name}}\n> Hi {{first_name}},\n>\n> - one\n> - two",
        "> Just a quote.",
      ].join("\n\n"),
    );
    const text = (block: Block) => (block.type === "paragraph" ? block.lines.map(plainText) : block.type);
    expect(blocks.map((block) => (block.type === "callout" ? [block.kind, block.title, block.blocks.map(text)] : block.type))).toEqual([
      ["tip", "Segment first", [["Group by trigger."]]],
      ["warning", undefined, [["Check the DNS."]]],
      ["email", "quick question, {{first_name}}", [["Hi {{first_name}},"], "list"]],
      ["note", undefined, [["Just a quote."]]],
    ]);
  });

  it("lists the text a PDF must show for every kind of block, in reading order", () => {
    const blocks = body(
      [
        "### Sub",
        "Line one\\\nline **two**",
        "- item\n  - nested",
        "> [!tip] Title\n> Inside.",
        "| H | I |\n| - | - |\n| a | b |",
        "```\ncode line\n```",
        "---",
      ].join("\n\n"),
    );
    expect(blockTexts(blocks)).toEqual([
      "Sub",
      "Line one",
      "line two",
      "item",
      "nested",
      "Title",
      "Inside.",
      "H",
      "I",
      "a",
      "b",
      "code line",
    ]);
  });
});
