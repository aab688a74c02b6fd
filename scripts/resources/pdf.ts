// Typesets a parsed Markdown download into a branded PDF with pdfkit's standard fonts.
// Layout is done by hand (own line breaking, measured boxes, keep-with-next groups) so that text never runs
// into the footer and headings never sit alone at the bottom of a page.
import PDFDocument from "pdfkit";
import type { Block, CalloutKind, ListBlock, MarkdownDocument, Run, RunStyle } from "./markdown";
import { plainText } from "./markdown";
import { brandMark } from "../../app/content/brand-mark";
import { brand } from "./brand";

type Doc = PDFKit.PDFDocument;

const PAGE_WIDTH = 612; // US Letter
const PAGE_HEIGHT = 792;
const LEFT = 66;
const WIDTH = PAGE_WIDTH - 2 * LEFT;
const TOP = 78;
const BOTTOM = PAGE_HEIGHT - 70;

const color = {
  indigo: "#4f46e5",
  indigoDark: "#312e81",
  indigoMid: "#4338ca",
  indigoSoft: "#c7d2fe",
  indigoTint: "#eef2ff",
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
  white: "#ffffff",
} as const;

const fonts: Record<RunStyle, string> = {
  regular: "Helvetica",
  bold: "Helvetica-Bold",
  italic: "Helvetica-Oblique",
  code: "Courier",
};

interface TextStyle {
  size: number;
  leading: number;
  color: string;
  /** Colour of bold runs, when it differs. */
  strong?: string;
  /** Every run drawn bold (headings). */
  allBold?: boolean;
}

const styles = {
  body: { size: 10.5, leading: 15.5, color: color.body, strong: color.ink },
  small: { size: 9.5, leading: 13.2, color: color.body, strong: color.ink },
  h2: { size: 16, leading: 20, color: color.indigoDark, allBold: true },
  h3: { size: 12, leading: 16, color: color.indigoMid, allBold: true },
  tableHead: { size: 9, leading: 12.5, color: color.white, allBold: true },
  table: { size: 9.5, leading: 13, color: color.body, strong: color.ink },
  code: { size: 8.8, leading: 12, color: color.ink },
} satisfies Record<string, TextStyle>;

const GAP = 9;

// Characters the standard PDF fonts can show (WinAnsi). Anything else would print as garbage.
const WIN_ANSI_EXTRAS = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");
function assertPrintable(text: string, where: string): void {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const ok = (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(char);
    if (!ok)
      throw new Error(`${where}: character ${JSON.stringify(char)} (U+${code.toString(16)}) cannot be printed in a standard PDF font`);
  }
}

interface Piece {
  text: string;
  style: RunStyle;
}

interface Line {
  pieces: Piece[];
  width: number;
}

interface Box {
  height: number;
  gapBefore: number;
  keepWithNext?: boolean;
  draw: (y: number) => void;
  /** Starts a section: shown in the running heading and the contents list. */
  section?: { title: string; anchor: string };
  /** Drawn first when this box opens a new page (table headers). */
  repeatHeader?: Box;
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

class Composer {
  readonly doc: Doc;
  private y = TOP;
  private atTop = true;
  private currentSection = "";
  readonly pageSections: string[] = [];
  private sectionStartedOnPage = new Set<number>();
  private anchors = 0;
  readonly contents: { title: string; anchor: string; page: number }[] = [];

  constructor(doc: Doc) {
    this.doc = doc;
  }

  get pageIndex(): number {
    return this.doc.bufferedPageRange().count - 1;
  }

  measure(style: RunStyle, size: number, text: string): number {
    return this.doc.font(fonts[style]).fontSize(size).widthOfString(text);
  }

  /** Greedy line breaking over styled runs; words longer than a line are cut by character. */
  wrap(runs: readonly Run[], width: number, style: TextStyle): Line[] {
    const lines: Line[] = [];
    let pieces: Piece[] = [];
    let lineWidth = 0;
    let pendingSpace: Piece | null = null;
    const push = () => {
      lines.push({ pieces, width: lineWidth });
      pieces = [];
      lineWidth = 0;
    };
    const add = (piece: Piece, pieceWidth: number) => {
      const last = pieces[pieces.length - 1];
      if (last && last.style === piece.style) last.text += piece.text;
      else pieces.push({ ...piece });
      lineWidth += pieceWidth;
    };
    for (const run of runs) {
      const runStyle: RunStyle = style.allBold ? "bold" : run.style;
      for (const token of run.text.split(/(\s+)/)) {
        if (token === "") continue;
        if (/^\s+$/.test(token)) {
          if (pieces.length > 0) pendingSpace = { text: " ", style: runStyle };
          continue;
        }
        let word = token;
        let wordWidth = this.measure(runStyle, style.size, word);
        const spaceWidth = pendingSpace ? this.measure(pendingSpace.style, style.size, " ") : 0;
        if (pieces.length > 0 && lineWidth + spaceWidth + wordWidth > width) {
          push();
          pendingSpace = null;
        }
        if (pendingSpace && pieces.length > 0) add(pendingSpace, spaceWidth);
        pendingSpace = null;
        while (wordWidth > width - lineWidth) {
          // Cut an over-long token (DNS keys, URLs) at the last character that fits.
          let cut = word.length - 1;
          while (cut > 1 && this.measure(runStyle, style.size, word.slice(0, cut)) > width - lineWidth) cut -= 1;
          add({ text: word.slice(0, cut), style: runStyle }, this.measure(runStyle, style.size, word.slice(0, cut)));
          push();
          word = word.slice(cut);
          wordWidth = this.measure(runStyle, style.size, word);
        }
        add({ text: word, style: runStyle }, wordWidth);
      }
    }
    if (pieces.length > 0 || lines.length === 0) push();
    return lines;
  }

  drawLine(line: Line, x: number, top: number, style: TextStyle, align: "left" | "right" = "left", width = 0): void {
    const baseline = top + style.leading / 2 + style.size * 0.35;
    let cursor = align === "right" ? x + width - line.width : x;
    for (const piece of line.pieces) {
      const size = piece.style === "code" ? style.size * 0.95 : style.size;
      const fill = piece.style === "bold" && style.strong ? style.strong : style.color;
      this.doc
        .font(fonts[piece.style])
        .fontSize(size)
        .fillColor(fill)
        .text(piece.text, cursor, baseline, { lineBreak: false, baseline: "alphabetic" });
      cursor += this.doc.widthOfString(piece.text);
    }
  }

  /** Boxes for a run of lines, glued so that no paragraph leaves one line alone on a page. */
  lineBoxes(lines: Line[], x: number, style: TextStyle, gapBefore: number, marker?: (top: number) => void): Box[] {
    return lines.map((line, index) => ({
      height: style.leading,
      gapBefore: index === 0 ? gapBefore : 0,
      keepWithNext: (index === 0 && lines.length > 1) || index === lines.length - 2,
      draw: (top: number) => {
        if (index === 0 && marker) marker(top);
        this.drawLine(line, x, top, style);
      },
    }));
  }

  listBoxes(list: ListBlock, x: number, width: number, gapBefore: number, style: TextStyle): Box[] {
    const boxes: Box[] = [];
    const markerWidth = list.ordered
      ? this.measure("bold", style.size, `${list.start + list.items.length - 1}.`) + 8
      : list.items.some((item) => item.checked !== undefined)
        ? 20
        : 14;
    list.items.forEach((item, index) => {
      const lines = this.wrap(item.runs, width - markerWidth, style);
      const marker = (top: number) => {
        const middle = top + style.leading / 2;
        if (item.checked !== undefined) {
          this.doc
            .lineWidth(0.9)
            .roundedRect(x, middle - 5, 10, 10, 1.5)
            .stroke(color.indigo);
          if (item.checked) {
            this.doc
              .lineWidth(1.4)
              .moveTo(x + 2.2, middle)
              .lineTo(x + 4.4, middle + 2.6)
              .lineTo(x + 8, middle - 2.8)
              .stroke(color.indigo);
          }
        } else if (list.ordered) {
          this.doc
            .font(fonts.bold)
            .fontSize(style.size)
            .fillColor(color.indigo)
            .text(`${list.start + index}.`, x, top + style.leading / 2 + style.size * 0.35, { lineBreak: false, baseline: "alphabetic" });
        } else {
          this.doc.circle(x + 3, middle - 0.2, 1.9).fill(color.violet);
        }
      };
      const itemGap = item.checked !== undefined ? 6.5 : 3.5;
      const itemBoxes = this.lineBoxes(lines, x + markerWidth, style, index === 0 ? gapBefore : itemGap, marker);
      // The last item never starts a page alone.
      const lastLine = itemBoxes.at(-1);
      if (lastLine && list.items.length >= 3 && index === list.items.length - 2 && !item.children) lastLine.keepWithNext = true;
      boxes.push(...itemBoxes);
      if (item.children) boxes.push(...this.listBoxes(item.children, x + markerWidth, width - markerWidth, 2.5, style));
    });
    return boxes;
  }

  /** Lays out blocks that must stay together (callout content); returns their height and a painter. */
  stack(blocks: readonly Block[], x: number, width: number, style: TextStyle): { height: number; draw: (y: number) => void } {
    const boxes = blocks.flatMap((block, index) => this.boxes(block, x, width, index === 0 ? 0 : 6, style));
    let height = 0;
    const positions: number[] = [];
    boxes.forEach((box, index) => {
      height += index === 0 ? 0 : box.gapBefore;
      positions.push(height);
      height += box.height;
    });
    return { height, draw: (y) => boxes.forEach((box, index) => box.draw(y + (positions[index] ?? 0))) };
  }

  calloutBox(kind: CalloutKind, title: string | undefined, blocks: readonly Block[], x: number, width: number): Box {
    const pad = 11;
    const isEmail = kind === "email";
    const inner = this.stack(
      blocks,
      x + pad + (isEmail ? 0 : 4),
      width - 2 * pad - (isEmail ? 0 : 4),
      isEmail ? styles.small : styles.body,
    );
    const palette = {
      tip: { fill: color.indigoTint, bar: color.indigo, label: "Tip" },
      note: { fill: color.violetTint, bar: color.violet, label: "Note" },
      warning: { fill: color.amberTint, bar: color.amber, label: "Watch out" },
      email: { fill: color.paper, bar: color.line, label: "" },
    }[kind];
    const heading = isEmail ? `Subject: ${title ?? ""}` : (title ?? palette.label);
    const headingLines = this.wrap([{ text: heading, style: "bold" }], width - 2 * pad - (isEmail ? 0 : 4), styles.small);
    const headingHeight = headingLines.length * styles.small.leading + (isEmail ? 10 : 3);
    const height = pad + headingHeight + inner.height + pad;
    return {
      height,
      gapBefore: GAP + 2,
      draw: (y) => {
        const doc = this.doc;
        if (isEmail) {
          doc.lineWidth(0.8).roundedRect(x, y, width, height, 5).fillAndStroke(color.paper, color.line);
          doc
            .lineWidth(0.6)
            .moveTo(x + pad, y + pad + headingHeight - 5)
            .lineTo(x + width - pad, y + pad + headingHeight - 5)
            .stroke(color.line);
        } else {
          doc.roundedRect(x, y, width, height, 5).fill(palette.fill);
          doc.rect(x, y, 4, height).fill(palette.bar);
        }
        headingLines.forEach((line, index) =>
          this.drawLine(line, x + pad + (isEmail ? 0 : 4), y + pad + index * styles.small.leading, {
            ...styles.small,
            color: isEmail ? color.ink : palette.bar === color.line ? color.ink : palette.bar,
          }),
        );
        inner.draw(y + pad + headingHeight);
      },
    };
  }

  tableBoxes(block: Extract<Block, { type: "table" }>, x: number, width: number, gapBefore: number): Box[] {
    const padX = 6;
    const padY = 3.8;
    const columns = block.header.length;
    const allRows = [block.header, ...block.rows];
    const natural = Array.from(
      { length: columns },
      (_, c) =>
        Math.max(...allRows.map((row, r) => this.measure(r === 0 ? "bold" : "regular", styles.table.size, plainText(row[c] ?? [])))) +
        2 * padX,
    );
    const minimum = Array.from(
      { length: columns },
      (_, c) =>
        Math.max(
          ...allRows.flatMap((row) =>
            plainText(row[c] ?? [])
              .split(/\s+/)
              .map((word) => this.measure("bold", styles.table.size, word)),
          ),
        ) +
        2 * padX,
    );
    const totalNatural = natural.reduce((a, b) => a + b, 0);
    let widths: number[];
    if (totalNatural <= width) {
      widths = natural.map((w) => (w / totalNatural) * width);
    } else {
      const totalMin = minimum.reduce((a, b) => a + b, 0);
      const spare = Math.max(0, width - totalMin);
      const stretch = natural.map((w, c) => Math.max(0, w - (minimum[c] ?? 0)));
      const totalStretch = stretch.reduce((a, b) => a + b, 0) || 1;
      widths = minimum.map((w, c) => w + ((stretch[c] ?? 0) / totalStretch) * spare);
    }
    const lefts = widths.map((_, c) => x + widths.slice(0, c).reduce((a, b) => a + b, 0));
    const rowBox = (cells: Run[][], header: boolean, zebra: boolean): Box => {
      const style = header ? styles.tableHead : styles.table;
      const wrapped = cells.map((cell, c) => this.wrap(cell, (widths[c] ?? 0) - 2 * padX, style));
      const blank = cells.every((cell) => plainText(cell).trim() === "");
      // Empty rows are fill-in rows for printed logs: leave room to write.
      const height = blank ? 26 : Math.max(...wrapped.map((lines) => lines.length)) * style.leading + 2 * padY;
      return {
        height,
        gapBefore: 0,
        draw: (y) => {
          if (header) this.doc.rect(x, y, width, height).fill(color.indigo);
          else if (zebra) this.doc.rect(x, y, width, height).fill(color.paper);
          if (!header)
            this.doc
              .lineWidth(0.5)
              .moveTo(x, y + height)
              .lineTo(x + width, y + height)
              .stroke(color.line);
          wrapped.forEach((lines, c) =>
            lines.forEach((line, l) =>
              this.drawLine(
                line,
                (lefts[c] ?? 0) + padX,
                y + padY + l * style.leading,
                style,
                block.align[c] ?? "left",
                (widths[c] ?? 0) - 2 * padX,
              ),
            ),
          );
        },
      };
    };
    const header = { ...rowBox(block.header, true, false), gapBefore, keepWithNext: true };
    const repeat = { ...header, gapBefore: 0, keepWithNext: false };
    // Short tables stay in one piece; long ones split between rows and repeat their header.
    const keepTogether = block.rows.length <= 12;
    return [
      header,
      ...block.rows.map((row, r) => ({
        ...rowBox(row, false, r % 2 === 1),
        repeatHeader: repeat,
        keepWithNext: keepTogether && r < block.rows.length - 1,
      })),
    ];
  }

  codeBox(lines: readonly string[], x: number, width: number, gapBefore: number): Box {
    const pad = 9;
    const wrapped = lines.flatMap((line) =>
      line.trim() === "" ? [{ pieces: [], width: 0 }] : this.wrap([{ text: line, style: "code" }], width - 2 * pad, styles.code),
    );
    const height = wrapped.length * styles.code.leading + 2 * pad;
    return {
      height,
      gapBefore,
      draw: (y) => {
        this.doc.roundedRect(x, y, width, height, 4).fill("#f1f5f9");
        wrapped.forEach((line, index) => this.drawLine(line, x + pad, y + pad + index * styles.code.leading, styles.code));
      },
    };
  }

  boxes(block: Block, x: number, width: number, gapBefore: number, style: TextStyle = styles.body): Box[] {
    switch (block.type) {
      case "heading": {
        const headingStyle = block.level === 2 ? styles.h2 : styles.h3;
        const lines = this.wrap([{ text: block.text, style: "bold" }], width, headingStyle);
        const rule = block.level === 2 ? 7 : 0;
        this.anchors += 1;
        const anchor = `section-${this.anchors}`;
        return [
          {
            height: lines.length * headingStyle.leading + rule,
            gapBefore: block.level === 2 ? 24 : 15,
            keepWithNext: true,
            ...(block.level === 2 ? { section: { title: block.text, anchor } } : {}),
            draw: (y) => {
              lines.forEach((line, index) => this.drawLine(line, x, y + index * headingStyle.leading, headingStyle));
              if (block.level === 2) {
                const ruleY = y + lines.length * headingStyle.leading + 3;
                this.doc.rect(x, ruleY, 28, 2.2).fill(color.violet);
                this.doc.rect(x + 28, ruleY + 0.8, width - 28, 0.6).fill(color.indigoSoft);
              }
            },
          },
        ];
      }
      case "paragraph":
        return block.lines.flatMap((runs, index) => this.lineBoxes(this.wrap(runs, width, style), x, style, index === 0 ? gapBefore : 0));
      case "list":
        return this.listBoxes(block, x, width, gapBefore, style);
      case "callout":
        return [{ ...this.calloutBox(block.kind, block.title, block.blocks, x, width), ...(gapBefore === 0 ? { gapBefore: 0 } : {}) }];
      case "table":
        return this.tableBoxes(block, x, width, gapBefore + 2);
      case "code":
        return [this.codeBox(block.lines, x, width, gapBefore)];
      case "rule":
        return [{ height: 10, gapBefore, draw: (y) => this.doc.rect(x, y + 5, width, 0.6).fill(color.line) }];
    }
  }

  newPage(): void {
    this.doc.addPage();
    this.y = TOP;
    this.atTop = true;
    this.pageSections[this.pageIndex] = this.currentSection;
  }

  private placeOne(box: Box): void {
    const gap = this.atTop ? 0 : box.gapBefore;
    if (box.height > BOTTOM - TOP) throw new Error(`A block of ${Math.round(box.height)}pt cannot fit on one page`);
    if (this.y + gap + box.height > BOTTOM) {
      this.newPage();
      if (box.repeatHeader) this.placeOne(box.repeatHeader);
      this.placeOne(box);
      return;
    }
    this.y += gap;
    if (box.section) {
      this.currentSection = box.section.title;
      if (!this.sectionStartedOnPage.has(this.pageIndex)) {
        this.pageSections[this.pageIndex] = box.section.title;
        this.sectionStartedOnPage.add(this.pageIndex);
      }
      this.doc.addNamedDestination(box.section.anchor, "XYZ", 0, Math.max(0, this.y - 24), null);
      this.doc.outline.addItem(box.section.title);
      this.contents.push({ ...box.section, page: this.pageIndex + 1 });
    }
    box.draw(this.y);
    this.y += box.height;
    this.atTop = false;
  }

  flow(blocks: readonly Block[]): void {
    const perBlock = blocks.map((block) => this.boxes(block, LEFT, WIDTH, GAP));
    // A paragraph that introduces what follows ("...the replies you will see most:"), or the short lead-in
    // between a heading and its example box, stays on the page of that next block.
    blocks.forEach((block, index) => {
      const next = blocks[index + 1];
      const previous = blocks[index - 1];
      if (block.type !== "paragraph" || !next) return;
      const text = block.lines.map(plainText).join(" ").trim();
      const leadIn = text.endsWith(":");
      const shortLead =
        previous?.type === "heading" && ["callout", "table", "code"].includes(next.type) && (perBlock[index]?.length ?? 0) <= 4;
      const last = perBlock[index]?.at(-1);
      if (last && (leadIn || shortLead)) last.keepWithNext = true;
    });
    const boxes = perBlock.flat();
    let i = 0;
    while (i < boxes.length) {
      let j = i;
      let height = (this.atTop ? 0 : (boxes[i]?.gapBefore ?? 0)) + (boxes[i]?.height ?? 0);
      while (boxes[j]?.keepWithNext && j + 1 < boxes.length) {
        j += 1;
        height += (boxes[j]?.gapBefore ?? 0) + (boxes[j]?.height ?? 0);
      }
      if (this.y + height > BOTTOM && !this.atTop && height <= BOTTOM - TOP) this.newPage();
      for (let k = i; k <= j; k += 1) {
        const box = boxes[k];
        if (box) this.placeOne(box);
      }
      i = j + 1;
    }
  }
}

function checkText(document: MarkdownDocument, options: PdfOptions): void {
  const texts: string[] = [options.title, options.subtitle, options.label, options.contentsLabel, options.description];
  const visit = (blocks: readonly Block[]) => {
    for (const block of blocks) {
      if (block.type === "heading") texts.push(block.text);
      else if (block.type === "paragraph") texts.push(...block.lines.map(plainText));
      else if (block.type === "list") {
        const items = (list: ListBlock): void =>
          list.items.forEach((item) => {
            texts.push(plainText(item.runs));
            if (item.children) items(item.children);
          });
        items(block);
      } else if (block.type === "callout") {
        texts.push(block.title ?? "");
        visit(block.blocks);
      } else if (block.type === "table") texts.push(...[block.header, ...block.rows].flat().map(plainText));
      else if (block.type === "code") texts.push(...block.lines);
    }
  };
  visit(document.intro);
  visit(document.body);
  texts.forEach((text) => assertPrintable(text, options.title));
}

function drawTitlePage(composer: Composer, document: MarkdownDocument, options: PdfOptions): { tocTop: number } {
  const doc = composer.doc;
  const titleStyle: TextStyle = { size: 30, leading: 35, color: color.white, allBold: true };
  const subtitleStyle: TextStyle = { size: 13, leading: 18.5, color: "#e0e7ff" };
  const titleLines = composer.wrap([{ text: options.title, style: "bold" }], 430, titleStyle);
  const subtitleLines = composer.wrap([{ text: options.subtitle, style: "regular" }], 420, subtitleStyle);
  const titleTop = 150;
  const subtitleTop = titleTop + titleLines.length * titleStyle.leading + 12;
  const bandHeight = Math.max(300, subtitleTop + subtitleLines.length * subtitleStyle.leading + 44);

  doc.rect(0, 0, PAGE_WIDTH, bandHeight).fill(color.indigo);
  doc.save();
  doc
    .polygon([PAGE_WIDTH - 120, 0], [PAGE_WIDTH, 0], [PAGE_WIDTH, bandHeight], [PAGE_WIDTH - 200, bandHeight])
    .fillOpacity(0.9)
    .fill(color.violet);
  doc
    .polygon([PAGE_WIDTH - 165, 0], [PAGE_WIDTH - 120, 0], [PAGE_WIDTH - 200, bandHeight], [PAGE_WIDTH - 245, bandHeight])
    .fillOpacity(0.35)
    .fill(color.violet);
  doc.restore();
  doc.rect(0, bandHeight, PAGE_WIDTH, 5).fill(color.violet);

  // Wordmark: the site's mark in reverse (it sits on the indigo band), then the product name.
  doc.save();
  doc.translate(LEFT, 52).scale(30 / brandMark.size);
  doc.roundedRect(0, 0, brandMark.size, brandMark.size, brandMark.tileRadius).fill(color.white);
  doc.path(brandMark.bubble).fill(color.indigo);
  doc.path(brandMark.check).lineWidth(brandMark.checkWidth).lineCap("round").lineJoin("round").stroke(color.white);
  doc.restore();
  doc
    .font(fonts.bold)
    .fontSize(18)
    .fillColor(color.white)
    .text(brand.name, LEFT + 40, 73, { lineBreak: false, baseline: "alphabetic" });

  doc
    .font(fonts.bold)
    .fontSize(9)
    .fillColor(color.violetSoft)
    .text(options.label.toUpperCase(), LEFT, titleTop - 22, { lineBreak: false });
  titleLines.forEach((line, index) => composer.drawLine(line, LEFT, titleTop + index * titleStyle.leading, titleStyle));
  subtitleLines.forEach((line, index) => composer.drawLine(line, LEFT, subtitleTop + index * subtitleStyle.leading, subtitleStyle));

  const intro = composer.stack(document.intro, LEFT, WIDTH, { ...styles.body, size: 11, leading: 16.5 });
  const introTop = bandHeight + 38;
  intro.draw(introTop);
  return { tocTop: introTop + intro.height + (document.intro.length > 0 ? 28 : 0) };
}

function drawContents(composer: Composer, top: number, label: string): void {
  if (composer.contents.length === 0) return;
  const doc = composer.doc;
  doc.switchToPage(0);
  doc.font(fonts.bold).fontSize(9).fillColor(color.indigo).text(label.toUpperCase(), LEFT, top, { lineBreak: false });
  const rowHeight = 21;
  let y = top + 22;
  composer.contents.forEach((entry, index) => {
    const number = String(index + 1).padStart(2, "0");
    const pageText = String(entry.page);
    const baseline = y + 14;
    doc.font(fonts.bold).fontSize(10.5).fillColor(color.violet).text(number, LEFT, baseline, { lineBreak: false, baseline: "alphabetic" });
    let title = entry.title;
    const maxTitle = WIDTH - 70;
    doc.font(fonts.regular).fontSize(10.5);
    while (doc.widthOfString(title) > maxTitle) title = `${title.slice(0, -2).trimEnd()}…`;
    doc.fillColor(color.ink).text(title, LEFT + 26, baseline, { lineBreak: false, baseline: "alphabetic" });
    const titleEnd = LEFT + 26 + doc.widthOfString(title) + 6;
    const pageWidth = doc.font(fonts.bold).widthOfString(pageText);
    doc.fillColor(color.indigo).text(pageText, LEFT + WIDTH - pageWidth, baseline, { lineBreak: false, baseline: "alphabetic" });
    for (let dot = titleEnd; dot < LEFT + WIDTH - pageWidth - 8; dot += 5) doc.circle(dot, baseline - 2.5, 0.55).fill(color.indigoSoft);
    doc.goTo(LEFT, y, WIDTH, rowHeight, entry.anchor);
    doc.rect(LEFT, y + rowHeight, WIDTH, 0.4).fill(color.line);
    y += rowHeight;
  });
  if (y > BOTTOM + 10) throw new Error(`The contents list runs past the title page (${Math.round(y)}pt)`);
}

function drawChrome(composer: Composer, options: PdfOptions): void {
  const doc = composer.doc;
  const total = doc.bufferedPageRange().count;
  for (let index = 0; index < total; index += 1) {
    doc.switchToPage(index);
    const footerY = PAGE_HEIGHT - 42;
    doc.rect(LEFT, footerY - 12, WIDTH, 0.6).fill(color.line);
    doc.font(fonts.regular).fontSize(8).fillColor(color.muted);
    const left = index === 0 ? `${brand.name} · ${brand.promise}` : `${options.title} · ${brand.name}`;
    doc.text(left, LEFT, footerY, { lineBreak: false, baseline: "alphabetic" });
    const pageText = `Page ${index + 1} of ${total}`;
    doc.font(fonts.bold).fontSize(8).fillColor(color.indigo);
    doc.text(pageText, LEFT + WIDTH - doc.widthOfString(pageText), footerY, { lineBreak: false, baseline: "alphabetic" });
    if (index === 0) continue;

    doc.rect(0, 0, PAGE_WIDTH * 0.72, 4).fill(color.indigo);
    doc.rect(PAGE_WIDTH * 0.72, 0, PAGE_WIDTH * 0.28, 4).fill(color.violet);
    const headerY = 44;
    doc.font(fonts.bold).fontSize(8).fillColor(color.indigo).text(brand.name.toUpperCase(), LEFT, headerY, {
      lineBreak: false,
      baseline: "alphabetic",
    });
    const section = composer.pageSections[index] ?? "";
    doc.font(fonts.regular).fontSize(8).fillColor(color.muted);
    let running = section || options.title;
    while (doc.widthOfString(running) > WIDTH - 110) running = `${running.slice(0, -2).trimEnd()}…`;
    doc.text(running, LEFT + WIDTH - doc.widthOfString(running), headerY, { lineBreak: false, baseline: "alphabetic" });
    doc.rect(LEFT, headerY + 8, WIDTH, 0.6).fill(color.line);
  }
}

/** Renders the document and resolves with the PDF bytes and its page count. */
export async function renderPdf(document: MarkdownDocument, options: PdfOptions): Promise<{ bytes: Buffer; pages: number }> {
  checkText(document, options);
  const doc = new PDFDocument({
    size: "LETTER",
    margins: { top: TOP, bottom: PAGE_HEIGHT - BOTTOM, left: LEFT, right: LEFT },
    bufferPages: true,
    autoFirstPage: true,
    lang: "en-US",
    displayTitle: true,
    info: {
      Title: options.title,
      Author: brand.name,
      Subject: options.description,
      Keywords: options.keywords,
      Creator: `${brand.name} resource builder`,
      Producer: "PDFKit",
      CreationDate: options.date,
      ModDate: options.date,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });

  const composer = new Composer(doc);
  const { tocTop } = drawTitlePage(composer, document, options);
  composer.newPage();
  composer.flow(document.body);
  drawContents(composer, tocTop, options.contentsLabel);
  drawChrome(composer, options);
  const pages = doc.bufferedPageRange().count;
  doc.end();
  await done;
  return { bytes: Buffer.concat(chunks), pages };
}
