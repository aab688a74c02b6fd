// The W3C Nu HTML checker (vnu-jar, offline, needs Java 11+) over every page in build/: the prerendered ones and
// those only the server renders (the 404 page, /forms/*). One Java start for all of them; exit 1 on any error.
//   npm run validate:html
import "./support/app-globals";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { builtPages, type BuiltPage } from "./support/built-pages";

interface VnuMessage {
  type: "error" | "info" | "non-document-error";
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

const jar = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");

/** Runs java without blocking, so the caller can check something else meanwhile. */
function runJava(args: string[]): Promise<{ status: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("java", args, { stdio: ["ignore", "pipe", "inherit"] });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.once("error", (error) =>
      reject(new Error(`cannot start java (${error.message}): install a Java runtime, e.g. \`apt-get install default-jre-headless\``)),
    );
    child.once("close", (status) => resolve({ status, stdout }));
  });
}

/** Prints every error with its page and line; true when there is none. */
export async function validateHtml(pages: readonly BuiltPage[]): Promise<boolean> {
  const dir = mkdtempSync(path.join(tmpdir(), "validate-html-"));
  try {
    const files = pages.map((page, index) => {
      const file = path.join(dir, `${String(index).padStart(3, "0")}.html`);
      writeFileSync(file, page.html);
      return { file, route: page.route };
    });
    const run = await runJava(["-jar", jar, "--errors-only", "--format", "json", "--stdout", ...files.map((entry) => entry.file)]);
    const messages = (JSON.parse(run.stdout) as { messages: VnuMessage[] }).messages;
    // vnu names a file `file:/tmp/…`, with one slash: match on the file name.
    const routeOf = new Map(files.map((entry) => [path.basename(entry.file), entry.route]));

    for (const message of messages) {
      const route = (message.url && routeOf.get(path.basename(message.url))) ?? message.url ?? "?";
      console.error(`${route}:${message.lastLine ?? "?"}: ${message.message}${message.extract ? `\n    ${message.extract.trim()}` : ""}`);
    }
    console.log(`Nu HTML checker: ${pages.length} pages, ${messages.length} errors`);
    return messages.length === 0 && run.status === 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (!(await validateHtml(await builtPages()))) process.exitCode = 1;
}
