// Typesets a parsed Markdown download into a branded PDF with pdfmake and the standard PDF fonts (no font files).
// pdfmake breaks the lines, repeats table headers, numbers the pages and resolves the contents' page numbers; this
// file says what each block looks like and which blocks stay together.
import pdfmake from "pdfmake";
import type { Content, ContentStack, ContentTable, Node, Style, TableLayout, TDocumentDefinitions } from "pdfmake/interfaces";
import { inspectPdf } from "../../readers/pdf";
import type { Block, CalloutKind, ListBlock, ListItem, MarkdownDocument, Run } from "./markdown";
import { blockTexts, plainText } from "./markdown";
import { brandMark } from "../../app/content/brand-mark";
import { brand } from "./brand";

const PAGE_WIDTH = 612; // US Letter
const LEFT = 66;
const WIDTH = PAGE_WIDTH - 2 * LEFT;
const TOP = 78;
const BOTTOM_MARGIN = 70;

const color = {
  indigo: "#4f46e5",
  indigoDark: "#312e81",
  indigoMid: "#4338ca",
  indigoSoft: "#c7d2fe",
  indigoTint: "#eef2ff",
  indigoPale: "#e0e7ff",
  violet: "#7c3aed",
  violetSoft: "#c4b5fd",
  violetTint: "#f5f3ff",
  amber: "#d97706",
  amberTint: "#fffbeb",
  ink: "#1e293b",
  body: "#334155",
  muted: "#64748b",
  line: "#e2e8f0",
  paper: "#f8fafc",
  codeFill: "#f1f5f9",
  white: "#ffffff",
} as const;

// The 14 standard fonts live in every PDF reader, so nothing is embedded or fetched; pdfkit ships their metrics.
const standardFonts = {
  Helvetica: { normal: "Helvetica", bold: "Helvetica-Bold", italics: "Helvetica-Oblique", bolditalics: "Helvetica-BoldOblique" },
  Courier: { normal: "Courier", bold: "Courier-Bold", italics: "Courier-Oblique", bolditalics: "Courier-BoldOblique" },
};
const standardFontNames = new Set(Object.values(standardFonts).flatMap((faces) => Object.values(faces)));

interface TextStyle {
  size: number;
  /** Baseline to baseline, in points. */
  leading: number;
  color: string;
  /** Colour of bold runs, when it differs. */
  strong?: string;
}

const styles = {
  body: { size: 10.5, leading: 15.5, color: color.body, strong: color.ink },
  intro: { size: 11, leading: 16.5, color: color.body, strong: color.ink },
  small: { size: 9.5, leading: 13.2, color: color.body, strong: color.ink },
  table: { size: 9.5, leading: 13, color: color.body, strong: color.ink },
} satisfies Record<string, TextStyle>;

/** pdfmake's lineHeight multiplies the font's ascender-to-descender height: 0.925 em in Helvetica, 0.786 em in Courier. */
function lineHeight(size: number, leading: number, emHeight = 0.925): number {
  return leading / (emHeight * size);
}

function textStyle(style: TextStyle): Style {
  return { fontSize: style.size, lineHeight: lineHeight(style.size, style.leading), color: style.color };
}

const GAP = 9;
/** Rows above which a table may split across pages (repeating its header) rather than stay in one piece. */
const LONG_TABLE = 12;

// Characters the standard PDF fonts can show (WinAnsi). Anything else would print as garbage.
const WIN_ANSI_EXTRAS = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");
function assertPrintable(content: unknown, where: string): void {
  if (typeof content === "string") {
    for (const char of content) {
      const code = char.codePointAt(0) ?? 0;
      const ok = code === 0x0a || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(char);
      if (!ok)
        throw new Error(`${where}: character ${JSON.stringify(char)} (U+${code.toString(16)}) cannot be printed in a standard PDF font`);
    }
  } else if (Array.isArray(content)) content.forEach((item) => assertPrintable(item, where));
  else if (content && typeof content === "object") {
    for (const [key, value] of Object.entries(content)) if (key !== "svg") assertPrintable(value, where);
  }
}

export interface PdfOptions {
  title: string;
  subtitle: string;
  label: string;
  /** Heading over the contents list on the title page, e.g. "Inside this guide". */
  contentsLabel: string;
  description: string;
  keywords: string;
  /** Fixed so that rebuilding gives the same bytes. */
  date: Date;
}

/** What the first pass measures and the second prints: the title band's depth and each page's running head. */
interface Measured {
  /** Top of the first block after the subtitle, when the band is not drawn yet. */
  titleBottom: number;
  /** The page each section starts on, in order. */
  sections: { title: string; page: number }[];
}

/** The running head: the first section that starts on the page, else the one carried over, else the title. */
function runningHead(sections: Measured["sections"], page: number, title: string): string {
  return sections.find((section) => section.page === page)?.title ?? sections.findLast((section) => section.page < page)?.title ?? title;
}

/** pdfmake reads an id on any node (and hands it to pageBreakBefore), though its types declare ids on text only. */
function withId<T extends object>(node: T, id: string): T & { id: string } {
  return Object.assign(node, { id });
}

/** Styled runs as pdfmake text; `allBold` for headings and table headers. */
function inlines(runs: readonly Run[], style: TextStyle, allBold = false): Content[] {
  return runs.map((run) =>
    run.style === "code"
      ? { text: run.text, font: "Courier", fontSize: style.size * 0.95, bold: false, italics: false }
      : {
          text: run.text,
          bold: allBold || run.style === "bold",
          italics: run.style === "italic",
          ...(run.style === "bold" && !allBold && style.strong ? { color: style.strong } : {}),
        },
  );
}

type Margins = [number, number, number, number];

/** A block's pieces in reading order: most blocks are one piece, a list is split where its items must stay together. */
interface Piece {
  node: Content;
  /** Space to the next piece, kept as a bottom margin: pdfmake drops it at a page break, so no page opens with a gap. */
  spaceAfter: number;
  /** Printed on the same page as the piece after it (headings, lead-ins). */
  keepWithNext?: boolean;
  /** May run over pages, so it never joins an unbreakable group (pdfmake drops what a group cannot fit on one page). */
  breakable?: boolean;
}

/** Turns blocks into pdfmake content and collects the sections for the contents list and the running heads. */
class ContentBuilder {
  readonly sections: { title: string; anchor: string }[] = [];

  paragraph(lines: readonly Run[][], style: TextStyle): Content {
    const text = lines.flatMap((runs, index) => [...(index > 0 ? ["\n"] : []), ...inlines(runs, style)]);
    // Short enough never to be split: no line is left alone at the foot or the head of a page.
    return { text, ...textStyle(style), unbreakable: true };
  }

  private listItem(item: ListItem, style: TextStyle): Content {
    const text: Content = { text: inlines(item.runs, style), ...textStyle(style) };
    const body: Content = item.children ? { stack: [text, { stack: [this.list(item.children, style)], margin: [0, 2.5, 0, 0] }] } : text;
    if (item.checked === undefined) return { stack: [body], unbreakable: !item.children };
    return {
      columns: [
        { width: 20, stack: [checkbox(item.checked)] },
        { width: "*", stack: [body] },
      ],
      unbreakable: true,
    };
  }

  /** A list of some of `list`'s items, numbered from the first of them. */
  private list(list: ListBlock, style: TextStyle, from = 0, to = list.items.length): Content {
    const items = list.items.slice(from, to).map((item, index, part) => {
      const gap = index === part.length - 1 ? 0 : item.checked !== undefined ? 6.5 : 3.5;
      return { stack: [this.listItem(item, style)], margin: [0, 0, 0, gap] as Margins };
    });
    const common = { ...textStyle(style), markerColor: list.ordered ? color.indigo : color.violet };
    if (list.items.some((item) => item.checked !== undefined)) return { ul: items, type: "none", ...common };
    if (list.ordered) return { ol: items, start: list.start + from, bold: true, ...common };
    return { ul: items, ...common };
  }

  /** The first item on its own (a heading before the list keeps to it), then the rest with the last two together. */
  listPieces(list: ListBlock, style: TextStyle): Piece[] {
    const count = list.items.length;
    const itemGap = list.items.some((item) => item.checked !== undefined) ? 6.5 : 3.5;
    // The last item never starts a page alone.
    const tail = count >= 3 && !list.items[count - 2]?.children ? count - 2 : count - 1;
    const cuts = [...new Set([0, 1, Math.max(1, tail), count])].filter((cut) => cut <= count);
    return cuts.slice(0, -1).map((from, index) => {
      const to = cuts[index + 1] ?? count;
      const node = this.list(list, style, from, to);
      return { node: to === count && to - from > 1 ? { stack: [node], unbreakable: true } : node, spaceAfter: itemGap };
    });
  }

  callout(kind: CalloutKind, title: string | undefined, blocks: readonly Block[], width: number): Content {
    const isEmail = kind === "email";
    const palette = {
      tip: { fill: color.indigoTint, bar: color.indigo, label: "Tip" },
      note: { fill: color.violetTint, bar: color.violet, label: "Note" },
      warning: { fill: color.amberTint, bar: color.amber, label: "Watch out" },
      email: { fill: color.paper, bar: color.line, label: "" },
    }[kind];
    const style = isEmail ? styles.small : styles.body;
    const heading: Content = {
      text: isEmail ? `Subject: ${title ?? ""}` : (title ?? palette.label),
      bold: true,
      ...textStyle(styles.small),
      color: color.ink,
      margin: [0, 0, 0, isEmail ? 0 : 3],
    };
    // Inside the padding and the border lines (pdfmake counts both into the width).
    const innerWidth = width - (isEmail ? 11 + 11 + 2 * 0.8 : 4 + 11 + 11);
    const rule: Content = { canvas: [{ type: "line", x1: 0, y1: 5, x2: innerWidth, y2: 5, lineWidth: 0.6, lineColor: color.line }] };
    const inner = this.flow(blocks, 6, style, innerWidth);
    const layout: TableLayout = {
      hLineWidth: () => (isEmail ? 0.8 : 0),
      vLineWidth: (i) => (isEmail ? 0.8 : i === 0 ? 4 : 0),
      hLineColor: () => color.line,
      vLineColor: () => palette.bar,
      paddingLeft: () => 11,
      paddingRight: () => 11,
      paddingTop: () => 11,
      paddingBottom: () => 9,
      fillColor: () => palette.fill,
    };
    return {
      table: {
        widths: ["*"],
        body: [[{ stack: [heading, ...(isEmail ? [rule] : []), { stack: inner, margin: [0, isEmail ? 5 : 0, 0, 0] }] }]],
      },
      layout,
      unbreakable: true,
    };
  }

  table(block: Extract<Block, { type: "table" }>): Content {
    const cell = (runs: Run[], column: number, header: boolean): Content => ({
      text: inlines(runs, header ? { size: 9, leading: 12.5, color: color.white } : styles.table, header),
      alignment: block.align[column] ?? "left",
      ...(header ? { color: color.white, fontSize: 9, lineHeight: lineHeight(9, 12.5) } : {}),
    });
    const blank = block.rows.map((row) => row.every((cells) => plainText(cells).trim() === ""));
    // Columns as wide as their text, the last one taking what is left, so that every table spans the page; a log to fill
    // in by hand gives each column room in proportion to its heading.
    // (Three characters stand for the cell's padding.)
    const headings = block.header.map((runs) => Math.max(4, plainText(runs).length) + 3);
    const widths = blank.every(Boolean)
      ? headings.map((length) => `${(100 * length) / headings.reduce((sum, other) => sum + other, 0)}%`)
      : block.header.map((_, column) => (column === block.header.length - 1 ? "*" : "auto"));
    const layout: TableLayout = {
      hLineWidth: (i) => (i <= 1 ? 0 : 0.5),
      hLineColor: () => color.line,
      vLineWidth: () => 0,
      paddingLeft: () => 6,
      paddingRight: () => 6,
      paddingTop: () => 3.8,
      // Less under a body row by the width of its rule, which pdfmake adds to the row.
      paddingBottom: (row) => (row === 0 ? 3.8 : 3.3),
      fillColor: (row) => (row === 0 ? color.indigo : row % 2 === 0 ? color.paper : null),
    };
    const table: ContentTable = {
      table: {
        headerRows: 1,
        keepWithHeaderRows: 1,
        dontBreakRows: true,
        widths,
        // Empty rows are fill-in rows for printed logs: 26 pt to write in, padding included.
        heights: (row) => (row > 0 && blank[row - 1] ? 26 - 3.8 - 3.3 : "auto"),
        body: [
          block.header.map((runs, column) => cell(runs, column, true)),
          ...block.rows.map((row) => row.map((runs, c) => cell(runs, c, false))),
        ],
      },
      layout,
      ...textStyle(styles.table),
    };
    // Short tables stay in one piece; long ones split between rows and repeat their header.
    return block.rows.length <= LONG_TABLE ? { ...table, unbreakable: true } : table;
  }

  code(lines: readonly string[], width: number): Content {
    return {
      table: {
        // A fixed width (not "*") so that pdfmake cuts a token longer than a line (a DKIM key) instead of widening the box.
        widths: [width - 18],
        body: [
          [
            {
              text: lines.map((line) => line || " ").join("\n"),
              font: "Courier",
              fontSize: 8.8,
              color: color.ink,
              preserveLeadingSpaces: true,
            },
          ],
        ],
      },
      layout: {
        hLineWidth: () => 0,
        vLineWidth: () => 0,
        paddingLeft: () => 9,
        paddingRight: () => 9,
        paddingTop: () => 9,
        paddingBottom: () => 9,
        fillColor: () => color.codeFill,
      },
      lineHeight: lineHeight(8.8, 12, 0.786),
      unbreakable: true,
    };
  }

  heading(level: 2 | 3, title: string, width: number): Content {
    if (level === 3) return { text: title, bold: true, fontSize: 12, lineHeight: lineHeight(12, 16), color: color.indigoMid };
    const anchor = `section-${this.sections.length + 1}`;
    this.sections.push({ title, anchor });
    return {
      stack: [
        { text: title, id: anchor, outline: true, bold: true, fontSize: 16, lineHeight: lineHeight(16, 20), color: color.indigoDark },
        {
          canvas: [
            { type: "rect", x: 0, y: 0, w: 28, h: 2.2, color: color.violet },
            { type: "rect", x: 28, y: 0.8, w: width - 28, h: 0.6, color: color.indigoSoft },
          ],
          margin: [0, 1, 0, 4],
        },
      ],
    };
  }

  private pieces(block: Block, style: TextStyle, width: number): Piece[] {
    const one = (node: Content): Piece[] => [{ node, spaceAfter: 0, keepWithNext: block.type === "heading" }];
    switch (block.type) {
      case "heading":
        return one(this.heading(block.level, block.text, width));
      case "paragraph":
        return one(this.paragraph(block.lines, style));
      case "list":
        return this.listPieces(block, style);
      case "callout":
        return one(this.callout(block.kind, block.title, block.blocks, width));
      case "table":
        return [{ node: this.table(block), spaceAfter: 0, breakable: block.rows.length > LONG_TABLE }];
      case "code":
        return one(this.code(block.lines, width));
      case "rule":
        return one({
          canvas: [{ type: "line", x1: 0, y1: 5, x2: width, y2: 5, lineWidth: 0.6, lineColor: color.line }],
          margin: [0, 0, 0, 5],
        });
    }
  }

  /**
   * Blocks one under the other, `gap` apart (more above headings, boxes and tables). A heading, a paragraph that
   * introduces what follows ("...the replies you will see most:"), or the short lead-in between a heading and its
   * example box, goes into one unbreakable group with the first piece of what it introduces.
   */
  flow(blocks: readonly Block[], gap: number, style: TextStyle, width = WIDTH): ContentStack[] {
    const spaceAbove = (block: Block): number => {
      if (block.type === "heading") return block.level === 2 ? 24 : 15;
      if (block.type === "callout") return 11;
      return block.type === "table" ? gap + 2 : gap;
    };
    const pieces = blocks.flatMap((block, index) => {
      const own = this.pieces(block, style, width);
      const next = blocks[index + 1];
      const last = own.at(-1);
      if (last) last.spaceAfter = next ? spaceAbove(next) : 0;
      if (block.type === "paragraph" && next) {
        const text = block.lines.map(plainText).join(" ").trim();
        const shortLead = blocks[index - 1]?.type === "heading" && ["callout", "table", "code"].includes(next.type) && text.length < 360;
        if (last && (text.endsWith(":") || shortLead)) last.keepWithNext = true;
      }
      return own;
    });
    const nodes: ContentStack[] = [];
    let group: Piece[] = [];
    const flush = () => {
      const last = group.at(-1);
      if (!last) return;
      const stack = group.map((member) =>
        member === last ? member.node : { stack: [member.node], margin: [0, 0, 0, member.spaceAfter] as Margins },
      );
      nodes.push({ stack, margin: [0, 0, 0, last.spaceAfter], unbreakable: group.length > 1 });
      group = [];
    };
    for (const piece of pieces) {
      if (piece.breakable) flush();
      group.push(piece);
      if (!piece.keepWithNext) flush();
    }
    flush();
    return nodes;
  }
}

function checkbox(checked: boolean): Content {
  // Centred on the middle of the capitals of a body line (pdfmake sets the text at the top of its line).
  const middle = 3.8;
  const tick = [
    { x: 2.2, y: middle },
    { x: 4.4, y: middle + 2.6 },
    { x: 8, y: middle - 2.8 },
  ];
  return {
    canvas: [
      { type: "rect", x: 0, y: middle - 5, w: 10, h: 10, r: 1.5, lineWidth: 0.9, lineColor: color.indigo },
      ...(checked ? [{ type: "polyline" as const, points: tick, lineWidth: 1.4, lineColor: color.indigo }] : []),
    ],
  };
}

/** The title page's band, its violet slants and the site's mark in reverse (it sits on the indigo), then the name. */
function titleBand(height: number): Content {
  const [w, h, mark] = [PAGE_WIDTH, height, brandMark];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h + 5}">
<rect width="${w}" height="${h}" fill="${color.indigo}"/>
<polygon points="${w - 120},0 ${w},0 ${w},${h} ${w - 200},${h}" fill="${color.violet}" fill-opacity="0.9"/>
<polygon points="${w - 165},0 ${w - 120},0 ${w - 200},${h} ${w - 245},${h}" fill="${color.violet}" fill-opacity="0.35"/>
<rect y="${h}" width="${w}" height="5" fill="${color.violet}"/>
<g transform="translate(${LEFT} 52) scale(${30 / mark.size})">
<rect width="${mark.size}" height="${mark.size}" rx="${mark.tileRadius}" fill="${color.white}"/>
<path d="${mark.bubble}" fill="${color.indigo}"/>
<path d="${mark.check}" fill="none" stroke="${color.white}" stroke-width="${mark.checkWidth}" stroke-linecap="round" stroke-linejoin="round"/>
</g>
</svg>`;
  return [{ svg }, { text: brand.name, bold: true, fontSize: 18, color: color.white, absolutePosition: { x: LEFT + 40, y: 60 } }];
}

function contents(sections: readonly { title: string; anchor: string }[], label: string): Content {
  if (sections.length === 0) return [];
  const rows = sections.map(({ title, anchor }, index): Content => ({
    table: {
      widths: [26, "auto", "*", "auto"],
      body: [
        [
          { text: String(index + 1).padStart(2, "0"), bold: true, color: color.violet },
          { text: title, color: color.ink, linkToDestination: anchor },
          // The dotted leader is the bottom border of an empty cell between the title and its page number.
          { text: "", border: [false, false, false, true] },
          { pageReference: anchor, bold: true, color: color.indigo, alignment: "right" },
        ],
      ],
    },
    layout: {
      defaultBorder: false,
      vLineWidth: () => 0,
      hLineWidth: () => 0.8,
      hLineColor: () => color.indigoSoft,
      hLineStyle: () => ({ dash: { length: 0.8, space: 4.2 } }),
      paddingLeft: (i) => (i === 2 ? 6 : 0),
      paddingRight: (i) => (i === 2 ? 5 : 0),
      paddingTop: () => 6.5,
      // Lifts the leader from under the line to the middle of the lower-case letters.
      paddingBottom: () => -4.5,
    },
    margin: [0, 0, 0, 8.1],
    fontSize: 10.5,
    lineHeight: 1,
  }));
  // pdfmake moves a canvas's points into place, so every rule is its own object.
  const rule = (): Content => ({ canvas: [{ type: "line", x1: 0, y1: 0, x2: WIDTH, y2: 0, lineWidth: 0.4, lineColor: color.line }] });
  return {
    stack: [
      { text: label.toUpperCase(), bold: true, fontSize: 9, color: color.indigo, margin: [0, 0, 0, 8] },
      ...rows.flatMap((row) => [row, rule()]),
    ],
  };
}

function documentDefinition(document: MarkdownDocument, options: PdfOptions, measured: Measured | undefined) {
  const builder = new ContentBuilder();
  // The body first: its headings fill the contents list.
  const body = builder.flow(document.body, GAP, styles.body);
  const bandHeight = measured ? Math.max(300, measured.titleBottom + 44) : 300;
  const titleBlock: Content = {
    stack: [
      { text: options.label.toUpperCase(), bold: true, fontSize: 9, color: color.violetSoft, margin: [0, 0, 0, 14.5] },
      { text: options.title, bold: true, fontSize: 30, lineHeight: lineHeight(30, 35), color: color.white, margin: [0, 0, WIDTH - 430, 6] },
      { text: options.subtitle, fontSize: 13, lineHeight: lineHeight(13, 18.5), color: color.indigoPale, margin: [0, 0, WIDTH - 420, 0] },
    ],
    margin: [0, 50, 0, 0],
  };
  const afterTitle = withId<ContentStack>(
    {
      stack: [
        { stack: builder.flow(document.intro, GAP, styles.intro) },
        { stack: [contents(builder.sections, options.contentsLabel)], margin: [0, document.intro.length > 0 ? 28 : 0, 0, 0] },
      ],
      margin: [0, measured ? bandHeight + 38 - measured.titleBottom : 0, 0, 0],
    },
    "after-title",
  );
  const pages = new Map<string, number>();
  let titleBottom = 0;
  let pageCount = 0;

  // Used only to watch the layout: where each section's heading and the text under the title landed.
  const pageBreakBefore = (node: Node): boolean => {
    if (node.id) pages.set(node.id, node.startPosition.pageNumber);
    if (node.id === "after-title") {
      titleBottom = node.startPosition.top;
      if (node.pageNumbers.length > 1) throw new Error(`${options.title}: the intro and contents list run past the title page`);
    }
    return false;
  };
  const measure = (): Measured => ({
    titleBottom,
    sections: builder.sections.map(({ title, anchor }) => ({ title, page: pages.get(anchor) ?? 0 })),
  });

  const definition: TDocumentDefinitions = {
    pageSize: "LETTER",
    pageMargins: [LEFT, TOP, LEFT, BOTTOM_MARGIN],
    language: "en-US",
    displayTitle: true,
    info: {
      title: options.title,
      author: brand.name,
      subject: options.description,
      keywords: options.keywords,
      creator: `${brand.name} resource builder`,
      producer: "pdfmake",
      creationDate: options.date,
      modDate: options.date,
    },
    defaultStyle: { font: "Helvetica", ...textStyle(styles.body) },
    content: [titleBlock, afterTitle, ...body.map((node, index) => (index === 0 ? { ...node, pageBreak: "before" as const } : node))],
    pageBreakBefore,
    background: (page) =>
      page === 1
        ? titleBand(bandHeight)
        : {
            canvas: [
              { type: "rect", x: 0, y: 0, w: PAGE_WIDTH * 0.72, h: 4, color: color.indigo },
              { type: "rect", x: PAGE_WIDTH * 0.72, y: 0, w: PAGE_WIDTH * 0.28, h: 4, color: color.violet },
            ],
          },
    header: (page) => {
      if (page === 1) return null;
      return {
        margin: [LEFT, 38, LEFT, 0],
        stack: [
          {
            columns: [
              { text: brand.name.toUpperCase(), bold: true, color: color.indigo, width: 110 },
              { text: runningHead(measured?.sections ?? [], page, options.title), color: color.muted, alignment: "right" },
            ],
            fontSize: 8,
          },
          { canvas: [{ type: "line", x1: 0, y1: 4, x2: WIDTH, y2: 4, lineWidth: 0.6, lineColor: color.line }] },
        ],
      };
    },
    footer: (page, pages) => {
      pageCount = pages;
      return {
        margin: [LEFT, 16, LEFT, 0],
        stack: [
          { canvas: [{ type: "line", x1: 0, y1: 0, x2: WIDTH, y2: 0, lineWidth: 0.6, lineColor: color.line }] },
          {
            columns: [
              { text: page === 1 ? `${brand.name} · ${brand.promise}` : `${options.title} · ${brand.name}`, color: color.muted },
              { text: `Page ${page} of ${pages}`, bold: true, color: color.indigo, alignment: "right", width: 80 },
            ],
            fontSize: 8,
            margin: [0, 6, 0, 0],
          },
        ],
      };
    },
  };
  return { definition, measure, pageCount: () => pageCount };
}

async function print(document: MarkdownDocument, options: PdfOptions, measured?: Measured) {
  const { definition, measure, pageCount } = documentDefinition(document, options, measured);
  assertPrintable(definition.content, options.title);
  pdfmake.setFonts(standardFonts);
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((path) => standardFontNames.has(path));
  const bytes = await pdfmake.createPdf(definition).getBuffer();
  return { bytes, pages: pageCount(), measured: measure() };
}

/** Every block's text is in the PDF: pdfmake silently drops what an unbreakable group cannot fit on one page. */
async function checkText(bytes: Buffer, document: MarkdownDocument, title: string): Promise<void> {
  // Compared without spaces (lines break anywhere) and without list numbers, which pdfmake writes after an item's first line.
  const squeeze = (text: string) => text.replace(/(^|\s)\d+\.(?=\s|$)/g, "").replace(/\s+/g, "");
  const printed = squeeze((await inspectPdf(bytes)).pageTexts.join(""));
  const missing = blockTexts([...document.intro, ...document.body]).find((text) => !printed.includes(squeeze(text)));
  if (missing !== undefined) throw new Error(`${title}: "${missing}" is missing from the PDF; is a block too long to keep on one page?`);
}

/** Renders the document and resolves with the PDF bytes and its page count. */
export async function renderPdf(document: MarkdownDocument, options: PdfOptions): Promise<{ bytes: Buffer; pages: number }> {
  // The title band's depth and the running heads depend on where the text fell: lay it out once to find out, then print.
  const first = await print(document, options);
  const final = await print(document, options, first.measured);
  if (JSON.stringify(final.measured.sections) !== JSON.stringify(first.measured.sections)) {
    throw new Error(`${options.title}: sections moved between the two passes, so the running heads would be wrong`);
  }
  await checkText(final.bytes, document, options.title);
  return { bytes: final.bytes, pages: final.pages };
}
