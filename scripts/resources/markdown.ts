// A deliberately small Markdown subset for the downloadable PDFs (see app/content/downloads/README.md).

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
  | { type: "paragraph"; lines: Run[][] }
  | ListBlock
  | { type: "callout"; kind: CalloutKind; title?: string; blocks: Block[] }
  | { type: "table"; header: Run[][]; rows: Run[][][]; align: ("left" | "right")[] }
  | { type: "code"; lines: string[] }
  | { type: "rule" };

export interface MarkdownDocument {
  title: string;
  meta: Record<string, string>;
  /** Blocks before the first "##" heading: printed on the title page. */
  intro: Block[];
  body: Block[];
}

export function parseInline(text: string): Run[] {
  const runs: Run[] = [];
  const pattern = /(\*\*([^*]+)\*\*|`([^`]+)`|\*([^*]+)\*)/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const index = match.index ?? 0;
    if (index > last) runs.push({ text: text.slice(last, index), style: "regular" });
    if (match[2] !== undefined) runs.push({ text: match[2], style: "bold" });
    else if (match[3] !== undefined) runs.push({ text: match[3], style: "code" });
    else if (match[4] !== undefined) runs.push({ text: match[4], style: "italic" });
    last = index + match[0].length;
  }
  if (last < text.length) runs.push({ text: text.slice(last), style: "regular" });
  return runs;
}

export function plainText(runs: readonly Run[]): string {
  return runs.map((run) => run.text).join("");
}

const listPattern = /^(\s*)(-|\d+\.)\s+(.*)$/;

function parseFrontMatter(source: string): { meta: Record<string, string>; rest: string } {
  const meta: Record<string, string> = {};
  if (!source.startsWith("---\n")) return { meta, rest: source };
  const end = source.indexOf("\n---\n", 4);
  if (end < 0) throw new Error("Unclosed front matter");
  for (const line of source.slice(4, end).split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) meta[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return { meta, rest: source.slice(end + 5) };
}

function parseList(lines: string[], start: number): { block: ListBlock; next: number } {
  const first = listPattern.exec(lines[start] ?? "");
  if (!first) throw new Error(`Not a list line: ${lines[start]}`);
  const indent = first[1]?.length ?? 0;
  const ordered = first[2] !== "-";
  const block: ListBlock = { type: "list", ordered, start: ordered ? Number.parseInt(first[2] ?? "1", 10) : 1, items: [] };
  let i = start;
  while (i < lines.length) {
    const line = lines[i] ?? "";
    const match = listPattern.exec(line);
    if (!match) {
      // A continuation line belongs to the previous item.
      const item = block.items.at(-1);
      if (item && line.trim() !== "" && /^\s+/.test(line) && !line.trim().startsWith(">")) {
        item.runs.push(...parseInline(` ${line.trim()}`));
        i += 1;
        continue;
      }
      break;
    }
    const itemIndent = match[1]?.length ?? 0;
    if (itemIndent > indent) {
      const item = block.items.at(-1);
      if (!item) throw new Error(`Nested list without a parent: ${line}`);
      const nested = parseList(lines, i);
      item.children = nested.block;
      i = nested.next;
      continue;
    }
    if (itemIndent < indent || (match[2] !== "-") !== ordered) break;
    let text = match[3] ?? "";
    let checked: boolean | undefined;
    const task = /^\[( |x)\]\s+(.*)$/.exec(text);
    if (task) {
      checked = task[1] === "x";
      text = task[2] ?? "";
    }
    block.items.push({ runs: parseInline(text), ...(checked === undefined ? {} : { checked }) });
    i += 1;
  }
  return { block, next: i };
}

function splitRow(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, "")
    .replace(/\|$/, "")
    .split("|")
    .map((cell) => cell.trim());
}

export function parseBlocks(source: string): Block[] {
  const lines = source.replace(/\r\n/g, "\n").split("\n");
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? "";
    const trimmed = line.trim();
    if (trimmed === "") {
      i += 1;
    } else if (trimmed.startsWith("```")) {
      const code: string[] = [];
      i += 1;
      while (i < lines.length && !(lines[i] ?? "").trim().startsWith("```")) {
        code.push(lines[i] ?? "");
        i += 1;
      }
      i += 1;
      blocks.push({ type: "code", lines: code });
    } else if (/^#{2,3} /.test(trimmed)) {
      const level = trimmed.startsWith("### ") ? 3 : 2;
      blocks.push({ type: "heading", level, text: trimmed.replace(/^#+\s+/, "") });
      i += 1;
    } else if (trimmed === "---") {
      blocks.push({ type: "rule" });
      i += 1;
    } else if (trimmed.startsWith(">")) {
      const inner: string[] = [];
      while (i < lines.length && (lines[i] ?? "").trim().startsWith(">")) {
        inner.push((lines[i] ?? "").trim().replace(/^>\s?/, ""));
        i += 1;
      }
      let kind: CalloutKind = "note";
      let title: string | undefined;
      const marker = /^\[!(tip|note|warning|email)\](?:\s+(.*))?$/i.exec(inner[0] ?? "");
      if (marker) {
        kind = (marker[1] ?? "note").toLowerCase() as CalloutKind;
        title = marker[2]?.trim() || undefined;
        inner.shift();
      }
      blocks.push({ type: "callout", kind, ...(title ? { title } : {}), blocks: parseBlocks(inner.join("\n")) });
    } else if (trimmed.startsWith("|")) {
      const rows: string[][] = [];
      while (i < lines.length && (lines[i] ?? "").trim().startsWith("|")) {
        rows.push(splitRow(lines[i] ?? ""));
        i += 1;
      }
      const [header, separator, ...body] = rows;
      if (!header || !separator) throw new Error(`A table needs a header and a separator row: ${trimmed}`);
      const align = separator.map((cell) => (cell.endsWith(":") && !cell.startsWith(":") ? "right" : "left"));
      blocks.push({
        type: "table",
        header: header.map(parseInline),
        rows: body.map((row) => {
          if (row.length !== header.length) throw new Error(`Table row has ${row.length} cells, header ${header.length}`);
          return row.map(parseInline);
        }),
        align,
      });
    } else if (listPattern.test(line)) {
      const { block, next } = parseList(lines, i);
      blocks.push(block);
      i = next;
    } else {
      // A paragraph; a line ending in a backslash forces a line break.
      const paragraph: Run[][] = [[]];
      while (i < lines.length) {
        const current = lines[i] ?? "";
        const text = current.trim();
        if (text === "" || /^(#{2,3} |>|\||```|---$)/.test(text) || listPattern.test(current)) break;
        const hardBreak = text.endsWith("\\");
        const content = hardBreak ? text.slice(0, -1).trimEnd() : text;
        const lineRuns = paragraph[paragraph.length - 1] ?? [];
        if (lineRuns.length > 0) lineRuns.push({ text: " ", style: "regular" });
        lineRuns.push(...parseInline(content));
        if (hardBreak) paragraph.push([]);
        i += 1;
      }
      blocks.push({ type: "paragraph", lines: paragraph.filter((runs) => runs.length > 0) });
    }
  }
  return blocks;
}

export function parseMarkdownDocument(source: string): MarkdownDocument {
  const { meta, rest } = parseFrontMatter(source.replace(/\r\n/g, "\n"));
  const lines = rest.split("\n");
  const titleIndex = lines.findIndex((line) => line.startsWith("# "));
  if (titleIndex < 0) throw new Error("A download needs a '# Title' line");
  const title = (lines[titleIndex] ?? "").slice(2).trim();
  const blocks = parseBlocks(lines.slice(titleIndex + 1).join("\n"));
  const firstSection = blocks.findIndex((block) => block.type === "heading" && block.level === 2);
  const split = firstSection < 0 ? blocks.length : firstSection;
  return { title, meta, intro: blocks.slice(0, split), body: blocks.slice(split) };
}
