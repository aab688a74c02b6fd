import { describe, expect, it } from "vitest";
import { lexMarkdown, parseFrontmatter, renderMarkdown } from "./markdown.server";

describe("parseFrontmatter", () => {
  it("splits YAML frontmatter from the body and keeps dates as text", () => {
    const file = parseFrontmatter("---\ntitle: Hello\nlastUpdated: 2025-03-01\n---\n## Body\n", "a.md");
    expect(file.data).toEqual({ title: "Hello", lastUpdated: "2025-03-01" });
    expect(file.body).toBe("## Body\n");
  });

  it("names the file when the frontmatter is missing or is not YAML", () => {
    expect(() => parseFrontmatter("## No frontmatter", "broken.md")).toThrow("broken.md");
    expect(() => parseFrontmatter("---\ntitle: Two: colons\n---\nBody", "colon.md")).toThrow("colon.md: frontmatter is not valid YAML");
  });
});

describe("renderMarkdown", () => {
  it("renders headings, lists and links", () => {
    const html = renderMarkdown("## Title\n\n- one\n- [two](/pricing)\n");
    expect(html).toContain("<h2>Title</h2>");
    expect(html).toContain('<a href="/pricing">two</a>');
  });
});

describe("lexMarkdown", () => {
  it("reads GitHub-flavoured Markdown as renderMarkdown does: tables and task lists", () => {
    const source = "| a | b |\n| - | -: |\n| 1 | 2 |\n\n- [x] done\n";
    expect(lexMarkdown(source).map((token) => token.type)).toEqual(["table", "space", "list"]);
    expect(renderMarkdown(source)).toContain('<th align="right">b</th>');
    expect(renderMarkdown(source)).toContain('<input checked="" disabled="" type="checkbox">');
  });
});
