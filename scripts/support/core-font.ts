// The one list of what the first paint's font holds (docs/decisions/015-core-font-subset.md). build-fonts.ts cuts the
// font from it; the size check fails a page whose text needs a character outside it (that page would fetch the full
// 48 KB Latin face as well).
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)).join("");

/** Printable ASCII and the typographic marks the copy uses (non-breaking space, quotes, dashes, arrows, ×, ·, …). */
export const CORE_FONT_TEXT = `${range(0x20, 0x7e)}\u00a0©®·×‘’“”–—•…←→€£™`;

/** The weights the site sets: Tailwind's font-normal (400) to font-extrabold (800). */
export const CORE_FONT_WEIGHTS = { min: 400, max: 800 } as const;

export const INTER_LATIN_SOURCE = path.join(root, "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2");
export const CORE_FONT_DIR = path.join(root, "app/styles/fonts");

/** `U+20-7E, U+A0, …`: consecutive code points folded into ranges. */
export function unicodeRange(text: string): string {
  const points = [...new Set([...text].map((char) => char.codePointAt(0)!))].sort((a, b) => a - b);
  const ranges: [number, number][] = [];
  for (const point of points) {
    const last = ranges.at(-1);
    if (last && point === last[1] + 1) last[1] = point;
    else ranges.push([point, point]);
  }
  const hex = (point: number) => point.toString(16).toUpperCase();
  return ranges.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(", ");
}

/**
 * The characters a page's HTML puts on screen: its text and the words inside form fields (placeholders, values), with
 * entities decoded. Scripts, styles and the inert hydration data are not text.
 */
export function shownCharacters(html: string): Set<string> {
  const withoutCode = html.replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, " ");
  const fields = [...withoutCode.matchAll(/\s(?:placeholder|value)="([^"]*)"/g)].map((match) => match[1]);
  const text = withoutCode.replace(/<[^>]*>/g, " ");
  return new Set(decodeEntities([text, ...fields].join(" ")).replace(/\s/g, ""));
}

function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0", copy: "©" };
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] === "#")
      return String.fromCodePoint(body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : Number(body.slice(1)));
    return named[body.toLowerCase()] ?? entity;
  });
}
