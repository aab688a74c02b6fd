import { describe, expect, it } from "vitest";
import { draftToMarkdown, parseTags } from "./post-file";

describe("draftToMarkdown", () => {
  it("writes frontmatter and the body", () => {
    const md = draftToMarkdown({
      id: 7,
      title: 'A "quoted": title',
      slug: "a-quoted-title",
      excerpt: "E",
      content: "<p>Hi</p>",
      author: "Me",
      category: "Tutorials",
      tags: parseTags("a, b, a, "),
      date: "2026-02-03",
    });
    expect(md).toContain('title: "A \\"quoted\\": title"');
    expect(md).toContain('tags: ["a","b"]');
    expect(md).toContain('readTime: "1 min read"');
    expect(md.endsWith("---\n\n<p>Hi</p>\n")).toBe(true);
    expect(parseTags(" x ,, y ")).toEqual(["x", "y"]);
  });
});
