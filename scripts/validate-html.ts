// The W3C Nu HTML checker (vnu-jar, offline, needs Java 11+) over every page in build/: the prerendered ones and
// those only the server renders (the 404 page, /forms/*). One Java start for all of them; exit 1 on any error.
//   npm run validate:html
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { builtPages } from "./support/built-pages";

interface VnuMessage {
  type: "error" | "info" | "non-document-error";
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

const jar = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");
const pages = await builtPages();
const dir = mkdtempSync(path.join(tmpdir(), "validate-html-"));
try {
  const files = pages.map((page, index) => {
    const file = path.join(dir, `${String(index).padStart(3, "0")}.html`);
    writeFileSync(file, page.html);
    return { file, route: page.route };
  });
  const run = spawnSync("java", ["-jar", jar, "--errors-only", "--format", "json", "--stdout", ...files.map((entry) => entry.file)], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error) {
    throw new Error(`cannot start java (${run.error.message}): install a Java runtime, e.g. \`apt-get install default-jre-headless\``);
  }
  const messages = (JSON.parse(run.stdout) as { messages: VnuMessage[] }).messages;
  // vnu names a file `file:/tmp/…`, with one slash: match on the file name.
  const routeOf = new Map(files.map((entry) => [path.basename(entry.file), entry.route]));

  for (const message of messages) {
    const route = (message.url && routeOf.get(path.basename(message.url))) ?? message.url ?? "?";
    console.error(`${route}:${message.lastLine ?? "?"}: ${message.message}${message.extract ? `\n    ${message.extract.trim()}` : ""}`);
  }
  console.log(`Nu HTML checker: ${pages.length} pages, ${messages.length} errors`);
  if (messages.length > 0 || run.status !== 0) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
