// The first-load JavaScript of every page in build/, against the budget of docs/decisions/012-javascript-budget.md.
//   npm run size              the table; exit 1 when a page is over budget
//   npm run size -- --json    the same figures as JSON, for comparing two builds
import { readFileSync } from "node:fs";
import path from "node:path";
import { builtPages, CLIENT_DIR } from "./support/built-pages";
import { firstLoadMeter } from "./support/first-load";

const BUDGET = { gzipKB: 120, requests: 20 };

/** Pages the budget does not cover, and why. */
const EXEMPT: Record<string, string> = {
  "/blog-admin": "the editor and its HTML sanitiser (noindex demonstration)",
};

const KB = 1024;
const json = process.argv.includes("--json");

const measure = firstLoadMeter((url) => readFileSync(path.join(CLIENT_DIR, ...url.split("/"))));
const rows = (await builtPages()).map((page) => {
  const { scripts, gzipBytes } = measure(page.html);
  const kb = gzipBytes / KB;
  const over = kb > BUDGET.gzipKB || scripts.length > BUDGET.requests;
  const status = page.route in EXEMPT ? "exempt" : over ? "OVER" : "ok";
  return { route: page.route, kb, requests: scripts.length, status, over };
});

if (json) {
  console.log(
    JSON.stringify(
      rows.map(({ route, kb, requests }) => ({ route, kb: Number(kb.toFixed(1)), requests })),
      null,
      2,
    ),
  );
} else {
  const width = Math.max(...rows.map((row) => row.route.length), 5);
  console.log(`First-load JavaScript per page (gzip -9), budget ${BUDGET.gzipKB} KB and ${BUDGET.requests} requests\n`);
  console.log(`${"route".padEnd(width)}  ${"KB gzip".padStart(8)}  ${"requests".padStart(8)}  status`);
  for (const row of rows) {
    console.log(`${row.route.padEnd(width)}  ${row.kb.toFixed(1).padStart(8)}  ${String(row.requests).padStart(8)}  ${row.status}`);
  }
}

const failures = rows.filter((row) => row.status === "OVER");
for (const row of failures) {
  console.error(
    `\n${row.route}: ${row.kb.toFixed(1)} KB gzip in ${row.requests} scripts, over the budget of ${BUDGET.gzipKB} KB and ${BUDGET.requests} requests`,
  );
}
if (failures.length > 0) process.exitCode = 1;
