// Reads a download's Markdown (see app/content/downloads/README.md) with the site's own reader: the same frontmatter
// parser and the same marked lexer as blog posts, turned into the blocks the PDF typesetter lays out.
import type { Token, Tokens } from "marked";
import { z } from "zod";
import { lexMarkdown, parseFrontmatter } from "../../app/lib/markdown.server";

export type RunStyle = "regular" | "bold" | "italic" | "code";

export interface Run {
  text: string;
  style: RunStyle;
}

export interface ListItem {
  runs: Run[];
  /** Set for task-list items: "- [ ] text" (false) or "- [x] text" (true). */
  checked?: boolean;
  children?: ListBlock;
}

export interface ListBlock {
  type: "list";
  ordered: boolean;
  start: number;
  items: ListItem[];
}

export type CalloutKind = "tip" | "note" | "warning" | "email";

export type Block =
  | { type: "heading"; level: 2 | 3; text: string }
  /** One entry per line: a line ends at a hard break (a line ending in a backslash). */
  | { type: "paragraph"; lines: Run[][] }
  | ListBlock
  | { type: "callout"; kind: CalloutKind; title?: string; blocks: Block[] }
  | { type: "table"; header: Run[][]; rows: Run[][][]; align: ("left" | "right")[] }
  | { type: "code"; lines: string[] }
  | { type: "rule" };

const DownloadFrontmatterSchema = z.strictObject({
  subtitle: z.string().min(1),
  /** Small capitals over the title, e.g. "Checklist". */
  label: z.string().min(1),
  /** Heading over the contents list on the title page, e.g. "Inside this guide". */
  contents: z.string().min(1),
  keywords: z.string().default(""),
});
export type DownloadFrontmatter = z.infer<typeof DownloadFrontmatterSchema>;

export interface MarkdownDocument {
  title: string;
  meta: DownloadFrontmatter;
  /** Blocks before the first "##" heading: printed on the title page. */
  intro: Block[];
  body: Block[];
}

export function plainText(runs: readonly Run[]): string {
  return runs.map((run) => run.text).join("");
}

/** Every text a download prints from its blocks, in order: what a check of the PDF's text looks for. */
export function blockTexts(blocks: readonly Block[]): string[] {
  return blocks.flatMap((block): string[] => {
    switch (block.type) {
      case "heading":
        return [block.text];
      case "paragraph":
        return block.lines.map(plainText);
      case "list":
        return block.items.flatMap((item) => [plainText(item.runs), ...(item.children ? blockTexts([item.children]) : [])]);
      case "callout":
        return [...(block.title ? [block.title] : []), ...blockTexts(block.blocks)];
      case "table":
        return [block.header, ...block.rows].flat().map(plainText);
      case "code":
        return block.lines;
      case "rule":
        return [];
    }
  });
}

const CALLOUT_MARKER = /^\[!(tip|note|warning|email)\](?:\s+(.*))?$/i;

/** Turns marked's tokens into blocks; `where` names the file in the error for anything a PDF cannot show. */
class BlockReader {
  constructor(private readonly where: string) {}

  private unsupported(token: Token, context: string): Error {
    return new Error(`${this.where}: ${token.type} ${context} is not supported in a download: ${JSON.stringify(token.raw.trim())}`);
  }

  /** Inline tokens to lines of runs: a hard break starts a new line, soft line breaks become spaces. */
  lines(tokens: readonly Token[]): Run[][] {
    const lines: Run[][] = [[]];
    const add = (text: string, runStyle: RunStyle) => {
      const line = lines[lines.length - 1] ?? [];
      const last = line[line.length - 1];
      const flat = text.replace(/\s*\n\s*/g, " ");
      if (last?.style === runStyle) last.text += flat;
      else if (flat !== "") line.push({ text: flat, style: runStyle });
    };
    const walk = (list: readonly Token[], current: RunStyle) => {
      for (const token of list) {
        switch (token.type) {
          case "text":
            if (token.tokens) walk(token.tokens, current);
            else add(token.text, current);
            break;
          case "escape":
            add(token.text, current);
            break;
          case "strong":
            walk(token.tokens ?? [], "bold");
            break;
          case "em":
            walk(token.tokens ?? [], "italic");
            break;
          case "codespan":
            add(token.text, "code");
            break;
          case "br":
            lines.push([]);
            break;
          case "checkbox":
            // Task items carry their state on the item (ListItem.checked).
            break;
          case "link": {
            // A bare address prints as itself; a link with other text would lose its address on paper.
            const link = token as Tokens.Link;
            if (!link.autolink) throw this.unsupported(token, "with its own text");
            walk(link.tokens, current);
            break;
          }
          default:
            throw this.unsupported(token, "text");
        }
      }
    };
    walk(tokens, "regular");
    for (const line of lines) {
      const first = line[0];
      if (first) first.text = first.text.trimStart();
      const last = line[line.length - 1];
      if (last) last.text = last.text.trimEnd();
    }
    return lines.map((line) => line.filter((run) => run.text !== "")).filter((line) => line.length > 0);
  }

  /** Inline tokens to one run of text (list items, table cells, headings). */
  runs(tokens: readonly Token[]): Run[] {
    const lines = this.lines(tokens);
    return lines.flatMap((line, index) => (index === 0 ? line : [{ text: " ", style: "regular" as const }, ...line]));
  }

  list(token: Tokens.List): ListBlock {
    const items = token.items.map((item): ListItem => {
      const inline: Token[] = [];
      let children: ListBlock | undefined;
      for (const part of item.tokens) {
        // The typesetter prints an item's text, then its one nested list.
        if (children && part.type !== "space") throw this.unsupported(part, "after a nested list in one item");
        if (part.type === "text" || part.type === "paragraph") {
          if (inline.length > 0) inline.push({ type: "text", raw: " ", text: " " });
          inline.push(...(part.tokens ?? []));
        } else if (part.type === "list") children = this.list(part as Tokens.List);
        else if (part.type !== "checkbox" && part.type !== "space") throw this.unsupported(part, "in a list item");
      }
      return { runs: this.runs(inline), ...(item.task ? { checked: item.checked === true } : {}), ...(children ? { children } : {}) };
    });
    return { type: "list", ordered: token.ordered, start: token.ordered && token.start !== "" ? token.start : 1, items };
  }

  /** A quote is a callout: "> [!tip] Title" (or note, warning, email) on its first line, a note without one. */
  callout(token: Tokens.Blockquote): Block {
    const [first = "", ...rest] = token.text.split("\n");
    const marker = CALLOUT_MARKER.exec(first.trim());
    if (!marker) return { type: "callout", kind: "note", blocks: this.calloutBlocks(token.tokens) };
    const title = marker[2]?.trim();
    const kind = (marker[1] ?? "note").toLowerCase() as CalloutKind;
    return { type: "callout", kind, ...(title ? { title } : {}), blocks: this.calloutBlocks(lexMarkdown(rest.join("\n"))) };
  }

  /** A callout holds text and lists: pdfmake loses the fill of a box inside a box kept on one page (bpampuch/pdfmake#2832). */
  private calloutBlocks(tokens: readonly Token[]): Block[] {
    const box = tokens.find((token) => token.type === "table" || token.type === "code");
    if (box) throw this.unsupported(box, "in a callout");
    return this.blocks(tokens);
  }

  blocks(tokens: readonly Token[]): Block[] {
    const blocks: Block[] = [];
    for (const token of tokens) {
      switch (token.type) {
        case "space":
          break;
        case "heading":
          if (token.depth !== 2 && token.depth !== 3) throw this.unsupported(token, `level ${token.depth}`);
          blocks.push({ type: "heading", level: token.depth, text: plainText(this.runs(token.tokens ?? [])) });
          break;
        case "paragraph":
          blocks.push({ type: "paragraph", lines: this.lines(token.tokens ?? []) });
          break;
        case "list":
          blocks.push(this.list(token as Tokens.List));
          break;
        case "blockquote":
          blocks.push(this.callout(token as Tokens.Blockquote));
          break;
        case "table": {
          const table = token as Tokens.Table;
          blocks.push({
            type: "table",
            header: table.header.map((cell) => this.runs(cell.tokens)),
            rows: table.rows.map((row) => row.map((cell) => this.runs(cell.tokens))),
            align: table.align.map((align) => (align === "right" ? "right" : "left")),
          });
          break;
        }
        case "code":
          blocks.push({ type: "code", lines: (token.text as string).split("\n") });
          break;
        case "hr":
          blocks.push({ type: "rule" });
          break;
        default:
          throw this.unsupported(token, "block");
      }
    }
    return blocks;
  }
}

/** Reads a download's source; `fileName` names the file in every error. */
export function parseMarkdownDocument(source: string, fileName: string): MarkdownDocument {
  const { data, body } = parseFrontmatter(source, fileName);
  const meta = DownloadFrontmatterSchema.safeParse(data);
  if (!meta.success) {
    const issues = meta.error.issues.map((issue) => `${issue.path.join(".") || "(frontmatter)"}: ${issue.message}`);
    throw new Error(`${fileName}: ${issues.join("; ")}`);
  }
  const reader = new BlockReader(fileName);
  const [heading, ...rest] = lexMarkdown(body).filter((token) => token.type !== "space");
  if (heading?.type !== "heading" || heading.depth !== 1) throw new Error(`${fileName}: a download starts with its "# Title" line`);
  const title = plainText(reader.runs(heading.tokens ?? []));
  const blocks = reader.blocks(rest);
  const firstSection = blocks.findIndex((block) => block.type === "heading" && block.level === 2);
  const split = firstSection < 0 ? blocks.length : firstSection;
  return { title, meta: meta.data, intro: blocks.slice(0, split), body: blocks.slice(split) };
}
