import { createHash } from "node:crypto";
import * as lucide from "lucide-react";
import type { LucideIcon } from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { ICONS, type IconName } from "../../app/content/icons.ts";

// The site's icons (app/content/icons.ts) as one SVG sprite, built from lucide when the site is built (vite.config.ts
// emits it as a hashed asset, cached for a year). Pages refer to a symbol with <use>, so the browser gets no icon code
// at all (decision 012).

export const ICON_NAMES = Object.keys(ICONS) as IconName[];

/**
 * lucide's drawing attributes (24-unit grid, 2-unit round strokes in the text colour), set on each symbol: a <use>
 * instance inherits from its symbol and from the element that uses it, so `currentColor` follows the page.
 */
const SYMBOL_ATTRIBUTES =
  'viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';

/** One lucide icon as a symbol: the shapes lucide renders inside its <svg>, under the icon's name. */
function symbol(name: IconName): string {
  const svg = renderToStaticMarkup(createElement(lucide[ICONS[name]] as LucideIcon));
  const shapes = svg.slice(svg.indexOf(">") + 1, svg.lastIndexOf("</svg>"));
  return `<symbol id="${name}" ${SYMBOL_ATTRIBUTES}>${shapes}</symbol>`;
}

export interface IconSprite {
  svg: string;
  /** Where the sprite is served: named after its content, so a changed icon set is a new URL. */
  url: string;
}

export function buildIconSprite(): IconSprite {
  const symbols = ICON_NAMES.map(symbol);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>\n`;
  const hash = createHash("sha256").update(svg).digest("base64url").slice(0, 8);
  return { svg, url: `/assets/icons-${hash}.svg` };
}
