import { marked } from "marked";
import { parse as parseYaml } from "yaml";

export interface MarkdownFile<T = Record<string, unknown>> {
  data: T;
  body: string;
}

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

/** Splits `---` YAML frontmatter from the body. Dates stay strings (YAML 1.2 core schema), whatever the parser. */
export function parseFrontmatter(source: string, fileName: string): MarkdownFile {
  const match = FRONTMATTER.exec(source);
  if (!match) throw new Error(`${fileName}: missing the --- frontmatter block`);
  const data: unknown = parseYaml(match[1] ?? "");
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw new Error(`${fileName}: frontmatter must be a YAML mapping`);
  }
  return { data: data as Record<string, unknown>, body: match[2] ?? "" };
}

/** Markdown written by the team (trusted, committed content) to HTML. */
export function renderMarkdown(markdown: string): string {
  return marked.parse(markdown, { async: false, gfm: true });
}

/** Plain text of a Markdown body, for word counts and search. */
export function markdownToText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[#>*_`|~-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}
