import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { addOperator } from "../app/lib/console/operators.server";
import { openDatabase } from "../app/lib/db/client.server";
import { migrate } from "../app/lib/db/migrate.server";
import { startServer } from "../tests/support/serve-build";

// npm run bench:publish (after `npm run build`): what publishing costs readers (docs/decisions/023). The blog's pages
// are rendered by the server and kept until a post changes; this loads a post and /blog from that cache, measures the
// first render after a change (what the first reader after a publish waits), and loads them again while an editor
// saves a published post every second, each save dropping every cached page. PGlite, loopback, 50 connections.
// Run it alone (`flock /tmp/heavy.lock npm run bench:publish`).

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;
const HEADERS = { "accept-encoding": "gzip" };
const EDITOR = { email: "bench.editor@example.com", password: "a long bench passphrase" };
const POST = "/blog/why-speed-to-lead-wins-cold-email";
const TARGETS = [POST, "/blog"];
const CHANGES = 20;

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-publish-"));
const handle = await openDatabase({ dataDir });
await migrate(handle.db);
await addOperator(handle.db, EDITOR.email, EDITOR.password, "editor");
await handle.close();
const server = await startServer({ DATA_DIR: dataDir });

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function timed(url: string) {
  const started = performance.now();
  const response = await fetch(url, { headers: HEADERS });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return performance.now() - started;
}

try {
  // An editor's session, and the post's editor page (its version travels with each save).
  const signIn = await fetch(`${server.url}/console/sign-in`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...EDITOR, next: "/console/posts" }),
  });
  const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0]!;
  const list = await (await fetch(`${server.url}/console/posts`, { headers: { Cookie: cookie } })).text();
  const editorPath = /href="(\/console\/posts\/\d+)"[^>]*>Why Speed-to-Lead/.exec(list)?.[1];
  if (!editorPath) throw new Error("the post is not in the editor's list");
  const field = (html: string, name: string) =>
    new RegExp(`name="${name}"[^>]*value="([^"]*)"|name="${name}"[^>]*>([^<]*)</textarea>`)
      .exec(html)
      ?.slice(1)
      .find((v) => v !== undefined) ?? "";
  const unescape = (value: string) =>
    value
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  let saves = 0;
  async function change() {
    const page = await (await fetch(`${server.url}${editorPath}`, { headers: { Cookie: cookie } })).text();
    const form = new FormData();
    for (const name of ["csrf", "version", "title", "slug", "excerpt", "author", "tags", "coverAlt"])
      form.set(name, unescape(field(page, name)));
    form.set("content", `${unescape(field(page, "content"))}${saves % 2 ? "" : "\n\nA sentence the bench adds."}`);
    form.set("category", "Sales Strategies");
    form.set("coverAlt", "An envelope and a stopwatch");
    form.set("intent", "save");
    const response = await fetch(`${server.url}${editorPath}`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: server.url },
      body: form,
    });
    const text = await response.text();
    if (!text.includes("Post updated")) throw new Error(`save ${saves} failed: ${response.status}`);
    saves += 1;
  }

  for (const target of TARGETS) await timed(`${server.url}${target}`);
  console.log(`bench:publish: ${CONNECTIONS} connections, ${SECONDS} s per run, gzip accepted, PGlite, 127.0.0.1\n`);
  console.log(
    "| URL | from the cache: req/s | p99 | first render after a change: median | p95 | with a change every second: req/s | p99 |",
  );
  console.log("|---|---|---|---|---|---|---|");
  for (const target of TARGETS) {
    const url = `${server.url}${target}`;
    await autocannon({ url, connections: CONNECTIONS, duration: 2, headers: HEADERS });
    const cached = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: HEADERS });
    const firsts: number[] = [];
    for (let i = 0; i < CHANGES; i++) {
      await change();
      firsts.push(await timed(url));
    }
    const changing = setInterval(() => void change().catch((error: unknown) => console.error(error)), 1000);
    const churn = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: HEADERS });
    clearInterval(changing);
    const failed = cached.non2xx + cached.errors + churn.non2xx + churn.errors;
    if (failed > 0) throw new Error(`${target}: ${failed} failed requests`);
    console.log(
      `| ${target} | ${Math.round(cached.requests.average)} | ${ms(cached.latency.p99)} | ${ms(percentile(firsts, 0.5))} | ${ms(percentile(firsts, 0.95))} | ${Math.round(churn.requests.average)} | ${ms(churn.latency.p99)} |`,
    );
  }
  console.log(`\n${saves} saves of a published post, each dropping every cached page.`);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
