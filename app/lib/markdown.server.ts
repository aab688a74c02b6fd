import { marked, type TokensList } from "marked";
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
  let data: unknown;
  try {
    data = parseYaml(match[1] ?? "");
  } catch (error) {
    throw new Error(`${fileName}: frontmatter is not valid YAML: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw new Error(`${fileName}: frontmatter must be a YAML mapping`);
  }
  return { data: data as Record<string, unknown>, body: match[2] ?? "" };
}

// GitHub-flavoured Markdown (tables, task lists) for every Markdown file in the repo: posts, legal pages, downloads.
const options = { async: false, gfm: true } as const;

/** Markdown written by the team (trusted, committed content) to HTML. */
export function renderMarkdown(markdown: string): string {
  return marked.parse(markdown, options);
}

/** Markdown to marked's tokens, for output other than HTML (the downloadable PDFs). */
export function lexMarkdown(markdown: string): TokensList {
  return marked.lexer(markdown, options);
}
