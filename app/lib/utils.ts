import { type ClassValue, clsx } from "clsx";

// cn() merges like tailwind-merge (a later class beats an earlier one of the same group under the same variants), but
// knows only the class groups this site uses: tailwind-merge is ~8 KB of gzip on every page, this is under one
// (decision 012). utils.test.ts holds it to the full twMerge on every class Tailwind finds in app/, so a utility
// outside these groups fails that test instead of merging wrongly.

const sizes = /^(2?xs|sm|md|lg|[2-9]?xl|base)$/;

/** Groups whose members are whole class names. */
const literalGroups: Record<string, string[]> = {
  display: ["block", "inline-block", "inline", "flex", "inline-flex", "grid", "inline-grid", "table", "contents", "hidden", "list-item"],
  position: ["static", "fixed", "absolute", "relative", "sticky"],
  sr: ["sr-only", "not-sr-only"],
  visibility: ["visible", "invisible", "collapse"],
  "text-transform": ["uppercase", "lowercase", "capitalize", "normal-case"],
  "text-decoration": ["underline", "overline", "line-through", "no-underline"],
  filter: ["filter", "filter-none"],
  "outline-style": ["outline-none", "outline-hidden"],
  container: ["container"],
  "vertical-align": [
    "align-baseline",
    "align-top",
    "align-middle",
    "align-bottom",
    "align-text-top",
    "align-text-bottom",
    "align-sub",
    "align-super",
  ],
};

/**
 * Groups named by a prefix, tried in order for a given prefix: the first whose value test passes. `""` matches the
 * bare prefix (`border`, `shadow`, `rounded`).
 */
const prefixGroups: Record<string, [group: string, value: RegExp][]> = {
  text: [
    ["font-size", sizes],
    ["text-alignment", /^(left|center|right|justify|start|end)$/],
    ["text-wrap", /^(wrap|nowrap|balance|pretty)$/],
    ["text-color", /.*/],
  ],
  font: [
    ["font-weight", /^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/],
    ["font-family", /.*/],
  ],
  bg: [
    ["bg-image", /^(none|linear-.+|radial-.+)$/],
    ["bg-position", /^(center|top|bottom|left|right)$/],
    ["bg-size", /^(auto|cover|contain)$/],
    // As tailwind-merge 3 reads it, `bg-gradient-to-b` (Tailwind 3's name) is a colour, not an image.
    ["bg-color", /.*/],
  ],
  border: [
    ["border-w", /^(|\d+(\.\d+)?|\[.+\])$/],
    ["border-style", /^(solid|dashed|dotted|double|hidden|none)$/],
    ["border-color", /.*/],
  ],
  shadow: [
    ["shadow", /^(|2xs|xs|sm|md|lg|xl|2xl|none|inner)$/],
    ["shadow-color", /.*/],
  ],
  ring: [
    ["ring-w", /^(|\d+)$/],
    ["ring-color", /.*/],
  ],
  outline: [
    ["outline-style", /^(solid|dashed|dotted|double)$/],
    ["outline-w", /^(|\d+)$/],
    ["outline-color", /.*/],
  ],
  flex: [
    ["flex-direction", /^(row|row-reverse|col|col-reverse)$/],
    ["flex-wrap", /^(wrap|wrap-reverse|nowrap)$/],
    ["flex", /^(\d+(\.\d+)?|\[.+\]|auto|initial|none)$/],
  ],
  overflow: [["overflow", /^(auto|hidden|clip|visible|scroll)$/]],
  items: [["align-items", /^(start|end|center|baseline|stretch)$/]],
  justify: [["justify-content", /^(normal|start|end|center|between|around|evenly|stretch)$/]],
  self: [["align-self", /^(auto|start|end|center|stretch|baseline)$/]],
  object: [["object-fit", /^(contain|cover|fill|none|scale-down)$/]],
  "pointer-events": [["pointer-events", /^(none|auto)$/]],
  appearance: [["appearance", /^(none|auto)$/]],
  col: [["col-start-end", /^span-.+$/]],
  row: [["row-start-end", /^span-.+$/]],
  shrink: [["shrink", /^(|\d+)$/]],
  grow: [["grow", /^(|\d+)$/]],
  rounded: [["rounded", /.*/]],
  transition: [["transition", /.*/]],
  "backdrop-blur": [["backdrop-blur", /.*/]],
};
// Prefixes whose every value belongs to the group of the same name (`max-w-3xl`, `gap-x-4`, `-translate-x-1/2`).
for (const prefix of [
  ..."p px py pt pr pb pl m mx my mt mr mb ml space-x gap gap-x gap-y size w h min-w min-h max-w max-h".split(" "),
  ..."inset inset-x inset-y top right bottom left z grid-cols grid-rows col-start row-start leading tracking".split(" "),
  ..."line-clamp list underline-offset whitespace from to opacity overflow-x overflow-y aspect cursor".split(" "),
  ..."duration delay scale rotate translate-x translate-y scroll-mt outline-offset border-x border-y".split(" "),
  ..."border-t border-r border-b border-l".split(" "),
]) {
  const group = prefix.startsWith("border-") ? `border-w-${prefix.slice(7)}` : prefix;
  (prefixGroups[prefix] ??= []).push([group, prefix.startsWith("border-") ? /^(|\d+)$/ : /.*/]);
}

/** A class of a group on the left removes earlier classes of these groups too. */
const conflicts: Record<string, string[]> = {
  p: ["px", "py", "pt", "pr", "pb", "pl"],
  px: ["pr", "pl"],
  py: ["pt", "pb"],
  m: ["mx", "my", "mt", "mr", "mb", "ml"],
  mx: ["mr", "ml"],
  my: ["mt", "mb"],
  gap: ["gap-x", "gap-y"],
  size: ["w", "h"],
  inset: ["inset-x", "inset-y", "top", "right", "bottom", "left"],
  "inset-x": ["right", "left"],
  "inset-y": ["top", "bottom"],
  "font-size": ["leading"],
  flex: ["basis", "grow", "shrink"],
  "line-clamp": ["display", "overflow"],
  overflow: ["overflow-x", "overflow-y"],
  "border-w": ["border-w-x", "border-w-y", "border-w-t", "border-w-r", "border-w-b", "border-w-l"],
  "border-w-x": ["border-w-r", "border-w-l"],
  "border-w-y": ["border-w-t", "border-w-b"],
};

const literalGroup = new Map(Object.entries(literalGroups).flatMap(([group, names]) => names.map((name) => [name, group])));

function groupOf(utility: string): string | undefined {
  const base = utility.replace(/^-/, "");
  const literal = literalGroup.get(base);
  if (literal) return literal;
  // The longest known prefix first: `gap-x-4` is gap-x, not gap.
  for (let end = base.length; end > 0; end = base.lastIndexOf("-", end - 1)) {
    const prefix = base.slice(0, end);
    const value = end === base.length ? "" : base.slice(end + 1);
    for (const [group, test] of prefixGroups[prefix] ?? []) if (test.test(value)) return group;
  }
  return undefined;
}

/** Splits `md:hover:bg-x` into its variants, sorted as tailwind-merge sorts them, and the utility; brackets respected. */
function parse(className: string) {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < className.length; index++) {
    const char = className[index];
    if (char === "[") depth++;
    else if (char === "]") depth--;
    else if (char === ":" && depth === 0) {
      parts.push(className.slice(start, index));
      start = index + 1;
    }
  }
  let utility = className.slice(start);
  const important = utility.startsWith("!") || utility.endsWith("!");
  utility = utility.replace(/^!|!$/g, "");
  // Arbitrary variants ([&_svg]) keep their place; the others are order-free.
  const variants: string[] = [];
  let run: string[] = [];
  for (const part of parts) {
    if (part.startsWith("[")) {
      variants.push(...run.sort(), part);
      run = [];
    } else run.push(part);
  }
  variants.push(...run.sort());
  return { utility, key: `${variants.join(":")}${important ? "!" : ""}:` };
}

const cache = new Map<string, string>();

function merge(classList: string): string {
  const cached = cache.get(classList);
  if (cached !== undefined) return cached;
  const taken = new Set<string>();
  const kept: string[] = [];
  const classes = classList.split(/\s+/).filter(Boolean);
  for (let index = classes.length - 1; index >= 0; index--) {
    const className = classes[index]!;
    const { utility, key } = parse(className);
    // A utility of no known group only conflicts with itself: the same class twice is kept once, as twMerge does.
    const group = groupOf(utility) ?? `=${utility}`;
    if (taken.has(key + group)) continue;
    taken.add(key + group);
    for (const conflict of conflicts[group] ?? []) taken.add(key + conflict);
    kept.push(className);
  }
  const result = kept.reverse().join(" ");
  if (cache.size > 500) cache.clear();
  cache.set(classList, result);
  return result;
}

export function cn(...inputs: ClassValue[]) {
  return merge(clsx(inputs));
}
