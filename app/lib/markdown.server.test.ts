import { describe, expect, it } from "vitest";
import { markdownToText, parseFrontmatter, renderMarkdown } from "./markdown.server";

describe("parseFrontmatter", () => {
  it("splits YAML frontmatter from the body and keeps dates as text", () => {
    const file = parseFrontmatter("---\ntitle: Hello\nlastUpdated: 2025-03-01\n---\n## Body\n", "a.md");
    expect(file.data).toEqual({ title: "Hello", lastUpdated: "2025-03-01" });
    expect(file.body).toBe("## Body\n");
  });

  it("names the file when the frontmatter is missing", () => {
    expect(() => parseFrontmatter("## No frontmatter", "broken.md")).toThrow("broken.md");
  });
});

describe("renderMarkdown", () => {
  it("renders headings, lists and links", () => {
    const html = renderMarkdown("## Title\n\n- one\n- [two](/pricing)\n");
    expect(html).toContain("<h2>Title</h2>");
    expect(html).toContain('<a href="/pricing">two</a>');
  });
});

describe("markdownToText", () => {
  it("keeps words and drops markup", () => {
    expect(markdownToText("## Hello **world**\n\n[link text](/x)")).toBe("Hello world link text");
  });
});
