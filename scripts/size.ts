// The first-load JavaScript of every page in build/, against the budget of docs/decisions/012-javascript-budget.md,
// the code each page carries inline (its theme, frame and page scripts: decisions 012, 031, 041), and the characters
// each page shows against the first paint's font (docs/decisions/015-core-font-subset.md).
//   npm run size              the table; exit 1 when a page is over budget or needs a character the font lacks
//   npm run size -- --json    the same figures as JSON, for comparing two builds
// The campaign pages live in the database, not in build/: `npm run size:campaign` measures two, made on a running server.
import "./support/app-globals";
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { builtPages, CLIENT_DIR, type BuiltPage } from "./support/built-pages";
import { CORE_FONT_TEXT, shownCharacters } from "./support/core-font";
import { firstLoadMeter, inlineScripts } from "./support/first-load";

const BUDGET = { gzipKB: 120, requests: 20 };

/** Pages the budget does not cover, and why. */
const EXEMPT: Record<string, string> = {
  "/console/posts": "the editor and its HTML sanitiser (noindex demonstration)",
};

const KB = 1024;

/** Prints the table (or JSON) and every failure; true when every page is within budget and the core font. */
export function checkSize(pages: readonly BuiltPage[], { json = false } = {}): boolean {
  const measure = firstLoadMeter((url) => readFileSync(path.join(CLIENT_DIR, ...url.split("/"))));
  let ok = true;
  const rows = pages.map((page) => {
    const { scripts, gzipBytes } = measure(page.html);
    const kb = gzipBytes / KB;
    const over = kb > BUDGET.gzipKB || scripts.length > BUDGET.requests;
    const status = page.route in EXEMPT ? "exempt" : over ? "OVER" : "ok";
    const inline = inlineScripts(page.html);
    return { route: page.route, kb, requests: scripts.length, inlineGzip: inline.gzipBytes, inlineBytes: inline.bytes, status, over };
  });

  if (json) {
    console.log(
      JSON.stringify(
        rows.map(({ route, kb, requests, inlineGzip, inlineBytes }) => ({
          route,
          kb: Number(kb.toFixed(1)),
          requests,
          inlineScriptBytes: inlineBytes,
          inlineScriptGzipBytes: inlineGzip,
        })),
        null,
        2,
      ),
    );
  } else {
    const width = Math.max(...rows.map((row) => row.route.length), 5);
    console.log(`First-load JavaScript per page (gzip -9), budget ${BUDGET.gzipKB} KB and ${BUDGET.requests} requests;`);
    console.log(`the inline scripts in its HTML (bytes, and gzip -9 of them together)\n`);
    console.log(
      `${"route".padEnd(width)}  ${"KB gzip".padStart(8)}  ${"requests".padStart(8)}  ${"inline script bytes (gzip)".padStart(26)}  status`,
    );
    for (const row of rows) {
      const inline = `${row.inlineBytes} (${row.inlineGzip})`;
      console.log(
        `${row.route.padEnd(width)}  ${row.kb.toFixed(1).padStart(8)}  ${String(row.requests).padStart(8)}  ${inline.padStart(26)}  ${row.status}`,
      );
    }
  }

  const failures = rows.filter((row) => row.status === "OVER");
  for (const row of failures) {
    console.error(
      `\n${row.route}: ${row.kb.toFixed(1)} KB gzip in ${row.requests} scripts, over the budget of ${BUDGET.gzipKB} KB and ${BUDGET.requests} requests`,
    );
  }
  if (failures.length > 0) ok = false;

  // A character outside the core font still shows (the full Latin face loads for it), but the first paint then waits for
  // 48 KB more: add it to CORE_FONT_TEXT instead.
  const coreFont = new Set(CORE_FONT_TEXT);
  for (const page of pages) {
    const missing = [...shownCharacters(page.html)].filter((char) => !coreFont.has(char));
    if (missing.length === 0) continue;
    const list = missing.map((char) => `"${char}" U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`).join(", ");
    console.error(`\n${page.route}: shows ${list}, not in the core font (scripts/support/core-font.ts)`);
    ok = false;
  }
  return ok;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (!checkSize(await builtPages(), { json: process.argv.includes("--json") })) process.exitCode = 1;
}
