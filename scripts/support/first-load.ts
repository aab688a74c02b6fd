import { gzipSync } from "node:zlib";
import { init, parse } from "es-module-lexer";

await init;

const TAG = /<(script|link)\b([^>]*)>(?:([\s\S]*?)<\/script>)?/gi;
const ATTRIBUTE = /([\w:-]+)(?:="([^"]*)")?/g;
/** The inert bootstrap of docs/decisions/004 (app/lib/deferred-hydration.server.ts): a module in all but its type. */
const DEFERRED_MODULE_TYPE = "text/x-deferred-module";

function attributes(source: string): Map<string, string> {
  return new Map([...source.matchAll(ATTRIBUTE)].map((match) => [match[1]!.toLowerCase(), match[2] ?? ""]));
}

/** Imports with a literal specifier; `staticOnly` leaves out `import("…")`, which runs only when the code reaches it. */
function importsOf(code: string, staticOnly: boolean): string[] {
  const [imports] = parse(code);
  return imports.filter((entry) => entry.n !== undefined && (!staticOnly || entry.d === -1)).map((entry) => entry.n!);
}

/**
 * The scripts a page asks for before anything is clicked: module scripts, modulepreloads (also those the
 * hydration rewrite holds back in `data-preload`), what its inline module bootstrap imports (`import()` included:
 * it runs at once), and, recursively, the static imports of each of those. Dynamic imports inside chunks are left
 * out: they load on first use. Returns URL paths (`/assets/x.js`) in the order they were found.
 */
export function firstLoadScripts(html: string, readModule: (urlPath: string) => string): string[] {
  const entries: string[] = [];
  for (const [, tag, rawAttributes, body] of html.matchAll(TAG)) {
    const attrs = attributes(rawAttributes ?? "");
    if (tag!.toLowerCase() === "link") {
      if (attrs.get("rel")?.split(/\s+/).includes("modulepreload") && attrs.get("href")) entries.push(attrs.get("href")!);
      continue;
    }
    const type = attrs.get("type") ?? "";
    if (attrs.get("src")) {
      entries.push(attrs.get("src")!);
    } else if (type === "module" || type === DEFERRED_MODULE_TYPE) {
      entries.push(...importsOf(body ?? "", false));
    }
    if (type === DEFERRED_MODULE_TYPE) entries.push(...(attrs.get("data-preload") ?? "").split(" ").filter(Boolean));
  }

  const seen = new Set<string>();
  const visit = (url: string) => {
    if (seen.has(url)) return;
    seen.add(url);
    for (const specifier of importsOf(readModule(url), true)) visit(new URL(specifier, `http://site${url}`).pathname);
  };
  for (const entry of entries) visit(new URL(entry, "http://site/").pathname);
  return [...seen];
}

export interface FirstLoad {
  scripts: string[];
  /** Sum of each script compressed on its own with gzip -9, as a server would send it. */
  gzipBytes: number;
}

/** Measures pages against one set of built files; each file is read and compressed once however many pages load it. */
export function firstLoadMeter(readFile: (urlPath: string) => Buffer): (html: string) => FirstLoad {
  const files = new Map<string, { text: string; gzipBytes: number }>();
  const file = (url: string) => {
    let entry = files.get(url);
    if (!entry) {
      const bytes = readFile(url);
      entry = { text: bytes.toString("utf8"), gzipBytes: gzipSync(bytes, { level: 9 }).length };
      files.set(url, entry);
    }
    return entry;
  };
  return (html) => {
    const scripts = firstLoadScripts(html, (url) => file(url).text);
    return { scripts, gzipBytes: scripts.reduce((sum, url) => sum + file(url).gzipBytes, 0) };
  };
}

/** A script element and its body (TAG's optional body would take a <link> and everything up to the next </script>). */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
/** Types of inline scripts that are data, not code: never run, so not counted. */
const DATA_SCRIPT_TYPES = new Set(["application/ld+json", "application/json", "importmap"]);

export interface InlineScripts {
  /** How many classic inline scripts the page runs (the theme's, the frame's, its page scripts: decisions 012, 031, 041). */
  count: number;
  bytes: number;
  /** All of them compressed together with gzip -9: they travel in the one HTML document. */
  gzipBytes: number;
}

/** The code a page carries inside its HTML: every inline script that runs, module bootstraps included. */
export function inlineScripts(html: string): InlineScripts {
  const bodies: string[] = [];
  for (const [, rawAttributes, body] of html.matchAll(SCRIPT)) {
    const attrs = attributes(rawAttributes ?? "");
    if (attrs.get("src") || DATA_SCRIPT_TYPES.has(attrs.get("type") ?? "") || !body) continue;
    bodies.push(body);
  }
  const text = Buffer.from(bodies.join("\n"), "utf8");
  return { count: bodies.length, bytes: text.length, gzipBytes: bodies.length ? gzipSync(text, { level: 9 }).length : 0 };
}
