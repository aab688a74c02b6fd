import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freePort } from "../tests/support/serve-build";
import { startPostgres, type PostgresCluster } from "../tests/support/server/postgres";
import { addCampaignEditor, BROWSER_USER_AGENTS, CAMPAIGN_PAGE, EXPERIMENT_PAGE, seedCampaignPages } from "./campaign-fixture";

// npm run bench:serve (after `npm run build`): the site's production server against a plain Node static server with an
// in-memory gzip cache (bench/static-reference-server.ts), over the same build, on loopback (the pages that
// show posts are rendered by the site, decision 023: the static server gets the site's rendering of each as a file). Each URL is
// loaded for BENCH_SECONDS (8) at 50 connections with gzip accepted, the two servers taking turns, for BENCH_ROUNDS
// (3) interleaved rounds after a warm-up; the medians are compared against decision 022's targets. About 3.5 minutes.
// Run it alone (`flock /tmp/heavy.lock npm run bench:serve`): the servers and autocannon share the machine's cores.
// Each run also reads the server process's CPU time a request (/proc): on a shared machine the steadier figure.
// BENCH_PATHS=/,/pricing,/roadmap loads only those pages (each held to the pages' targets below).
// BENCH_CAMPAIGN=1 (`npm run bench:serve:campaign`, with / to compare) first builds two campaign pages through the
// console's forms (bench/campaign-fixture.ts: /agencies, and /webinars/spring with an experiment on its hero) and loads
// them too, held to the pages' targets. The experiment page's load sends browsers' user agents in turn, so each request
// is a visit whose variant the server works out (autocannon sends none, and a request without one is no visitor); a
// visit is also counted (decision 021), so /agencies is loaded that way too, to tell the experiment's cost from the
// counting's. Six browsers are six visitors, whose repeats the counting keeps as one row each; the load of 3,000
// visitors (each its own forwarded address, TRUST_PROXY=loopback) writes the rows a real crowd would. The static
// server sends each visitor the rendering the site sends them (docs/decisions/049). BENCH_DB=postgres runs the site on
// a PostgreSQL 15 of its own (as in production) instead of PGlite in its process, where the counting's writes take the
// server's own thread.

// BENCH_CLIENT=lean: autocannon leaves the bodies undecoded (bench/autocannon-without-bodies.ts). Its own work a request
// halves, so the servers, not the load generator, set the pace: the static server's figure roughly triples and the
// ratios show what the site's work a request costs against a server that does nothing else (docs/decisions/049).
if (process.env.BENCH_CLIENT === "lean") await import("./autocannon-without-bodies");

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARM_UP_SECONDS = 2;
const CONNECTIONS = 50;
const HEADERS = { "accept-encoding": "gzip" };
const CLIENT_DIR = path.resolve("build/client");

interface Target {
  label: string;
  path: string;
  /** Least share of the static server's requests per second. */
  minRatio: number;
  /** Greatest multiple of the static server's p99 latency, where the issue sets one. */
  maxP99Ratio?: number;
  /** The headers that make each of the load's requests a visitor (user agent, forwarded address), sent in turn. */
  visitors?: readonly Visitor[];
}

type Visitor = Record<string, string>;

const BROWSERS: Visitor[] = BROWSER_USER_AGENTS.map((userAgent) => ({ "user-agent": userAgent }));
/** 3,000 visitors, each a browser at an address of its own that the proxy in front (TRUST_PROXY) forwards. */
const MANY_VISITORS: Visitor[] = Array.from({ length: 3000 }, (_, index) => ({
  "user-agent": BROWSER_USER_AGENTS[index % BROWSER_USER_AGENTS.length]!,
  "x-forwarded-for": `10.0.${index >> 8}.${index & 255}`,
}));
/** How the static reference tells the load's visitors apart (bench/static-reference-server.ts reads it alike). */
const visitorKey = (visitor: Visitor) => `${visitor["x-forwarded-for"] ?? ""} ${visitor["user-agent"] ?? ""}`;

interface Load {
  rps: number;
  p99: number;
  failed: number;
  /** The server process's CPU time (all its threads) per request, in µs: steadier than req/s on a shared machine. */
  cpuUs: number;
}

interface Server {
  name: string;
  url: string;
  child: ChildProcess;
}

if (!existsSync("build/server/main.js")) {
  console.error("No build: run `npm run build` first.");
  process.exit(1);
}

// The site's hashed stylesheet (no page is prerendered any more to read it from: decision 043).
const stylesheet = readdirSync(path.join(CLIENT_DIR, "assets"))
  .filter((file) => /^root-[\w-]+\.css$/.test(file))
  .map((file) => `/assets/${file}`)[0];
if (!stylesheet) throw new Error("The about page links no hashed stylesheet.");

const PAGE_TARGET = { minRatio: 0.8, maxP99Ratio: 2 } as const;
const CAMPAIGN = process.env.BENCH_CAMPAIGN === "1";
const CAMPAIGN_TARGETS: Target[] = [
  { label: `${CAMPAIGN_PAGE} (campaign page)`, path: CAMPAIGN_PAGE, ...PAGE_TARGET },
  { label: `${CAMPAIGN_PAGE} (campaign page, browsers)`, path: CAMPAIGN_PAGE, ...PAGE_TARGET, visitors: BROWSERS },
  { label: `${EXPERIMENT_PAGE} (experiment, browsers)`, path: EXPERIMENT_PAGE, ...PAGE_TARGET, visitors: BROWSERS },
  { label: `${EXPERIMENT_PAGE} (experiment, 3,000 visitors)`, path: EXPERIMENT_PAGE, ...PAGE_TARGET, visitors: MANY_VISITORS },
];
const TARGETS: Target[] = [
  ...(process.env.BENCH_PATHS
    ? process.env.BENCH_PATHS.split(",").map((page) => ({ label: page, path: page, ...PAGE_TARGET }))
    : [
        { label: "/", path: "/", ...PAGE_TARGET },
        { label: "/features", path: "/features", ...PAGE_TARGET },
        { label: "hashed asset (stylesheet)", path: stylesheet, minRatio: 0.9 },
        { label: "filtered list", path: "/blog?q=reply", minRatio: 0.5 },
      ]
  ).filter((target) => !CAMPAIGN || !CAMPAIGN_TARGETS.some((page) => page.path === target.path)),
  ...(CAMPAIGN ? CAMPAIGN_TARGETS : []),
];

// Both servers' output and the site's database, removed at the end (the site's log reaches hundreds of MB).
const workDir = mkdtempSync(path.join(tmpdir(), "bench-serve-"));

async function start(name: string, args: string[], env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  // The server's output goes to a file, as it would to a log collector: not through this process, which runs autocannon.
  const log = openSync(path.join(workDir, `${name}.log`), "w");
  const child = spawn(process.execPath, args, {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", ...env },
    stdio: ["ignore", log, log],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited early:\n${readFileSync(path.join(workDir, `${name}.log`), "utf8")}`);
    const up = await fetch(`${url}/`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return { name, url, child };
    if (Date.now() > deadline) throw new Error(`${name} did not start:\n${readFileSync(path.join(workDir, `${name}.log`), "utf8")}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Resident memory of a server process, in MB. */
function rssMb(child: ChildProcess): number {
  return Math.round(Number(execFileSync("ps", ["-o", "rss=", "-p", String(child.pid)], { encoding: "utf8" }).trim()) / 1024);
}

/** One plain request as the load sends it: status, encoding and bytes on the wire. */
function probe(url: string, target: Target): Promise<{ status: number; encoding: string; bytes: number }> {
  const visitor = target.visitors?.[0] ?? {};
  return new Promise((resolve, reject) => {
    request(url, { headers: { ...HEADERS, ...visitor } }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => (bytes += chunk.length));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, encoding: String(response.headers["content-encoding"] ?? "identity"), bytes }),
      );
    })
      .on("error", reject)
      .end();
  });
}

/** User and system CPU time of a process so far, in clock ticks (Linux: 100 a second). */
function cpuTicks(child: ChildProcess): number {
  const fields = readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

async function load(server: Server, target: Target, seconds: number): Promise<Load> {
  const before = cpuTicks(server.child);
  const result = await autocannon({
    url: `${server.url}${target.path}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: HEADERS,
    ...(target.visitors ? { requests: target.visitors.map((visitor) => ({ headers: visitor })) } : {}),
  });
  const cpuUs = ((cpuTicks(server.child) - before) * 10_000) / Math.max(1, result.requests.total);
  return { rps: result.requests.average, p99: result.latency.p99, failed: result.non2xx + result.errors + result.timeouts, cpuUs };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const servers: Server[] = [];
let postgres: PostgresCluster | undefined;
let failed = false;
try {
  const dataDir = path.join(workDir, "data");
  if (process.env.BENCH_DB === "postgres") postgres = await startPostgres();
  const database = postgres ? { databaseUrl: postgres.url } : { dataDir };
  if (CAMPAIGN) await addCampaignEditor(database);
  const site = await start("site", ["server.js"], {
    DATA_DIR: dataDir,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    // The many visitors' load comes as through a proxy on this machine, which forwards each visitor's own address.
    ...(CAMPAIGN ? { TRUST_PROXY: "loopback" } : {}),
  });
  servers.push(site);
  if (CAMPAIGN) await seedCampaignPages(site.url);
  // The build, plus the pages the site renders from the database, as files.
  const staticDir = path.join(workDir, "static");
  cpSync(CLIENT_DIR, staticDir, { recursive: true });
  for (const page of new Set([
    "/",
    "/blog",
    ...TARGETS.filter((target) => !target.path.startsWith("/assets/")).map((target) => target.path),
  ])) {
    if (page.includes("?")) continue;
    const html = await (await fetch(`${site.url}${page}`)).text();
    mkdirSync(path.join(staticDir, page), { recursive: true });
    writeFileSync(path.join(staticDir, page, "index.html"), html);
  }
  // A page loaded as visitors may be rendered per visitor (an experiment's variants): the static server gets each
  // rendering once, and sends each visitor the one the site sends them, so both servers send the load generator the
  // same bytes (bench/static-reference-server.ts says why that matters).
  const byVisitor: Record<string, Record<string, string>> = {};
  for (const { path: page, visitors = [] } of TARGETS) {
    const files = new Map<string, string>();
    for (const visitor of visitors) {
      const html = await (await fetch(`${site.url}${page}`, { headers: visitor })).text();
      let file = files.get(html);
      if (!file) {
        file = `${page}/rendering-${files.size}.html`;
        writeFileSync(path.join(staticDir, file), html);
        files.set(html, file);
      }
      (byVisitor[page] ??= {})[visitorKey(visitor)] = file;
    }
  }
  writeFileSync(path.join(workDir, "by-visitor.json"), JSON.stringify(byVisitor));
  const reference = await start("static", ["--import", "tsx", "bench/static-reference-server.ts", staticDir], {
    STATIC_BY_VISITOR: path.join(workDir, "by-visitor.json"),
  });
  servers.push(reference);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const idleRss = rssMb(site.child);

  console.log(
    `bench:serve: ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} interleaved rounds, gzip accepted, 127.0.0.1, ` +
      `the site on ${postgres ? "PostgreSQL 15 (same machine)" : "PGlite (in its process)"}\n`,
  );
  console.log("| URL | server | status | encoding | bytes |");
  console.log("|---|---|---|---|---|");
  for (const target of TARGETS) {
    for (const server of [site, reference]) {
      const { status, encoding, bytes } = await probe(`${server.url}${target.path}`, target);
      console.log(`| ${target.label} | ${server.name} | ${status} | ${encoding} | ${bytes} |`);
    }
  }

  // JIT, the first gzip of each file, and a filtered list's first render (then in the site's cache, if it has one).
  for (const target of TARGETS) for (const server of [site, reference]) await load(server, target, WARM_UP_SECONDS);

  const runs = new Map<string, Load[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const target of TARGETS) {
      // Alternate which server goes first, so a drift in the machine's load does not favour either.
      for (const server of round % 2 === 0 ? [site, reference] : [reference, site]) {
        const result = await load(server, target, SECONDS);
        process.stderr.write(
          `round ${round + 1}/${ROUNDS} ${target.label} ${server.name}: ${Math.round(result.rps)} req/s, p99 ${result.p99} ms, ${Math.round(result.cpuUs)} µs CPU a request\n`,
        );
        const key = `${target.label} ${server.name}`;
        runs.set(key, [...(runs.get(key) ?? []), result]);
      }
    }
  }

  console.log(`\nMedians of ${ROUNDS} rounds (req/s, p99 latency in ms, server CPU µs a request); ratio = site / static.\n`);
  console.log(
    "| URL | site req/s | site p99 | site CPU | static req/s | static p99 | static CPU | req/s ratio | p99 ratio | target | met |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|");
  for (const target of TARGETS) {
    const of = (server: Server) => runs.get(`${target.label} ${server.name}`)!;
    const [ours, theirs] = [of(site), of(reference)];
    const rps = median(ours.map((run) => run.rps));
    const p99 = median(ours.map((run) => run.p99));
    const staticRps = median(theirs.map((run) => run.rps));
    const staticP99 = median(theirs.map((run) => run.p99));
    const [cpu, staticCpu] = [ours, theirs].map((runs) => Math.round(median(runs.map((run) => run.cpuUs))));
    const errors = [...ours, ...theirs].reduce((sum, run) => sum + run.failed, 0);
    const met =
      errors === 0 && rps >= target.minRatio * staticRps && (target.maxP99Ratio === undefined || p99 <= target.maxP99Ratio * staticP99);
    failed ||= !met;
    const goal = `≥ ${target.minRatio * 100} %${target.maxP99Ratio ? `, p99 ≤ ${target.maxP99Ratio}×` : ""}`;
    console.log(
      `| ${target.label} | ${Math.round(rps)} | ${p99} | ${cpu} µs | ${Math.round(staticRps)} | ${staticP99} | ${staticCpu} µs | ${Math.round((rps / staticRps) * 100)} % | ${(p99 / staticP99).toFixed(2)}× | ${goal} | ${met ? "yes" : errors ? `no (${errors} failed requests)` : "no"} |`,
    );
  }
  const logLines = execFileSync("wc", ["-l", path.join(workDir, "site.log")], { encoding: "utf8" })
    .trim()
    .split(" ")[0];
  console.log(`\nSite server RSS: ${idleRss} MB idle after start, ${rssMb(site.child)} MB after the runs; its log: ${logLines} lines.`);
} finally {
  await Promise.all(
    servers.map(
      ({ child }) => new Promise((resolve) => (child.exitCode === null ? child.once("exit", resolve).kill("SIGTERM") : resolve(null))),
    ),
  );
  postgres?.destroy();
  rmSync(workDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
