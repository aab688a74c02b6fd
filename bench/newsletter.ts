import "../scripts/support/app-globals";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { SMTPServer } from "smtp-server";
import { startServer, type RunningServer } from "../tests/support/serve-build";
import { startPostgres } from "../tests/support/server/postgres";
import { reader, seedNewsletter } from "../tests/support/server/newsletter";
import { OPERATOR_PASSWORD, operatorSession } from "../tests/support/server/operators";

// npm run bench:newsletter (after `npm run build`): one newsletter issue sent to BENCH_SUBSCRIBERS (default 10,000)
// confirmed subscribers at an unlimited rate (NEWSLETTER_RATE_PER_MINUTE=0) through a real SMTP server on loopback,
// on PGlite, or with BENCH_DB=postgres on a throwaway PostgreSQL 15 cluster. It measures the send time (the editor's
// "send" click to the last copy received), messages per second, the server's peak RSS during the send (VmRSS every
// 250 ms) and, while the send runs, the latency of the site's other traffic: GET /contact (gzip, as a browser asks)
// and unique POST /forms/contact.data, 5 connections each, against the same loads for 5 s before the send. Then checks
// that each subscriber got exactly one copy. OUTBOX_BATCH_SIZE stays at its default unless BENCH_BATCH is set.
// Each contact post queues two mails (the visitor's acknowledgement, the team's notice) that the outbox takes before
// the copies (priority 0 against 1). Posts as fast as 5 connections go (100+/s) are more mail than the worker sends, an
// overload in which each claim still takes one copy (app/lib/jobs/outbox.server.ts): the send crawls on, far past the
// timeout. So the posts are paced, BENCH_POST_RATE per second (default 10; 0: unpaced); the pages are not.
// Run it alone (`flock /tmp/heavy.lock npm run bench:newsletter`).

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 10_000);
const DRIVER = process.env.BENCH_DB === "postgres" ? "postgres" : "pglite";
const BATCH = process.env.BENCH_BATCH;
const TIMEOUT_MS = 10 * 60_000;
const BASELINE_SECONDS = 5;
const CONNECTIONS = 5;
/** Contact posts per second over the 5 connections; 0: as fast as they go (an overload: see above). */
const POST_RATE = Number(process.env.BENCH_POST_RATE ?? 10);
/** No new copy for this long: the send stalled. */
const STALL_MS = 60_000;
const EDITOR = "bench.editor@example.com";
const SECRET_KEY = "bench-newsletter-secret-key-0123456789abcdef";

const started = Date.now();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) => process.stderr.write(`[${((Date.now() - started) / 1000).toFixed(1)}s] ${line}\n`);

const cleanup: (() => Promise<unknown> | void)[] = [];
async function cleanUp() {
  for (const step of cleanup.splice(0).reverse()) {
    try {
      await step();
    } catch (error) {
      log(`cleanup: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
const hardStop = setTimeout(() => {
  log(`gave up after ${TIMEOUT_MS / 60_000} minutes`);
  void cleanUp().then(() => process.exit(2));
}, TIMEOUT_MS);
// Stopped from outside (`timeout`, kill): the server and the cluster would outlive this process.
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => {
    log(`${signal}: cleaning up`);
    void cleanUp().then(() => process.exit(130));
  });

interface Received {
  messageId: string;
  to: string[];
}

/**
 * An SMTP server on loopback that accepts everything and keeps only each message's Message-ID and envelope recipients,
 * read from the raw header. It runs in this process, beside the server on the same cores: parsing whole messages
 * (tests/support/smtp-sink.ts, mailparser) costs about 1 ms each, 10 s of CPU for 10,000 copies.
 */
async function startCountingSink() {
  const copies: Received[] = [];
  const state = { others: 0, lastCopyAt: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    disableReverseLookup: true,
    closeTimeout: 100,
    logger: false,
    onData(stream, session, callback) {
      let head = "";
      let complete = false;
      stream.on("data", (chunk: Buffer) => {
        if (complete) return;
        head += chunk.toString("latin1");
        const end = head.indexOf("\r\n\r\n");
        if (end >= 0 || head.length > 65_536) {
          head = end >= 0 ? head.slice(0, end) : head;
          complete = true;
        }
      });
      stream.on("end", () => {
        const messageId = /^message-id:[ \t]*(\S+)/im.exec(head.replace(/\r\n[ \t]+/g, " "))?.[1] ?? "";
        if (messageId.startsWith("<newsletter-")) {
          copies.push({ messageId, to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()) });
          state.lastCopyAt = performance.now();
        } else state.others++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    copies,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const TICKS_PER_SECOND = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

/** CPU time (user + system) a process used so far, in seconds, from /proc (Linux). */
function cpuOf(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** Resident memory of a process in MiB, from /proc (Linux). */
function rssOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) / 1024;
}

type Result = Awaited<ReturnType<typeof autocannon>>;
/** autocannon's run is a thenable with stop(); the local types only know the promise. */
type Run = Promise<Result> & { stop(): void };

let posted = 0;
/** Each post is a new message: identical posts within seconds are one submission (a double click) and stored once. */
const contactBody = () =>
  new URLSearchParams({
    website: "",
    name: "Bench Mark",
    email: "bench@example.com",
    companyName: "",
    message: `How many inboxes can one plan manage? #${++posted}`,
  }).toString();

/** GET /contact and POST /forms/contact.data side by side, for `seconds` or until stopped. */
function loads(server: RunningServer, seconds: number) {
  const page = autocannon({
    url: `${server.url}/contact`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { "accept-encoding": "gzip" },
  }) as Run;
  // overallRate is autocannon's, missing from the local types (bench/autocannon.d.ts).
  const formOptions: Parameters<typeof autocannon>[0] & { overallRate?: number } = {
    url: `${server.url}/forms/contact.data`,
    connections: CONNECTIONS,
    duration: seconds,
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    requests: [{ method: "POST", setupRequest: (request) => ({ ...request, body: contactBody() }) }],
    ...(POST_RATE > 0 ? { overallRate: POST_RATE } : {}),
  };
  const form = autocannon(formOptions) as Run;
  return {
    stop() {
      page.stop();
      form.stop();
    },
    results: async () => ({ page: await page, form: await form }),
  };
}

const failures = (result: Result) => result.non2xx + result.errors + result.timeouts;

if (!existsSync("build/server/main.js")) {
  console.error("No build: run `npm run build` first.");
  process.exit(1);
}

try {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-newsletter-"));
  cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
  let databaseUrl: string | undefined;
  if (DRIVER === "postgres") {
    log("starting PostgreSQL 15...");
    const cluster = await startPostgres();
    cleanup.push(() => cluster.destroy());
    databaseUrl = cluster.url;
  }
  log(`seeding ${SUBSCRIBERS} confirmed subscribers on ${DRIVER}...`);
  await seedNewsletter({ ...(databaseUrl ? { databaseUrl } : {}), dataDir }, { readers: SUBSCRIBERS, editor: EDITOR });

  const sink = await startCountingSink();
  cleanup.push(() => sink.close());
  const server = await startServer({
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    DATA_DIR: dataDir,
    SECRET_KEY,
    SMTP_URL: sink.url,
    NEWSLETTER_RATE_PER_MINUTE: "0",
    OUTBOX_POLL_SECONDS: "0.2",
    RATE_LIMIT_MAX: "1000000",
    RATE_LIMIT_FORM_MAX: "1000000",
    ...(BATCH ? { OUTBOX_BATCH_SIZE: BATCH } : {}),
  });
  cleanup.push(() => server.stop());
  const pid = server.child.pid!;

  log("warm-up (2 s)...");
  const warm = await loads(server, 2).results();
  log(`baseline: ${BASELINE_SECONDS} s of both loads, ${CONNECTIONS} connections each...`);
  const baseline = await loads(server, BASELINE_SECONDS).results();
  // The posts' mails go out before the send starts (until none came for a second), so it starts with no backlog.
  for (let quiet = 0, seen = -1, waited = 0; quiet < 1000 && waited < 60_000; waited += 100) {
    quiet = sink.state.others === seen ? quiet + 100 : 0;
    seen = sink.state.others;
    await pause(100);
  }
  log(`other mails delivered before the send: ${sink.state.others} (${warm.form["2xx"] + baseline.form["2xx"]} posts answered 2xx)`);

  const post = await operatorSession(server.url, EDITOR, OPERATOR_PASSWORD, "/console/newsletter/1");
  const rssBefore = rssOf(pid);
  const cpuBefore = cpuOf(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    try {
      rssPeak = Math.max(rssPeak, rssOf(pid));
    } catch {
      // the server is gone; its output says why
    }
  }, 250);
  const othersBefore = sink.state.others;

  log(`sending the issue to ${SUBSCRIBERS} subscribers, with both loads running...`);
  const during = loads(server, TIMEOUT_MS / 1000);
  const clickedAt = performance.now();
  const response = await post("/console/newsletter/1", { intent: "send", version: "1", confirm: "yes" });
  const answeredMs = performance.now() - clickedAt;
  if (response.status !== 303) throw new Error(`the send answered ${response.status}:\n${server.output().slice(-2000)}`);
  let shown = 0;
  while (sink.copies.length < SUBSCRIBERS) {
    if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.output().slice(-2000)}`);
    if (Date.now() - started > TIMEOUT_MS - 30_000) throw new Error(`only ${sink.copies.length} copies arrived in time`);
    if (performance.now() - (sink.state.lastCopyAt || clickedAt) > STALL_MS)
      throw new Error(
        `the send stalled: ${sink.copies.length} copies, none for ${STALL_MS / 1000} s; ` +
          `${sink.state.others - othersBefore} other mails (the posts') delivered since the click`,
      );
    if (sink.copies.length >= shown + SUBSCRIBERS / 10) {
      shown = sink.copies.length;
      log(`${shown} copies received`);
    }
    await pause(50);
  }
  const sendMs = sink.state.lastCopyAt - clickedAt;
  const cpuSeconds = cpuOf(pid) - cpuBefore;
  during.stop();
  clearInterval(sampler);
  const meanwhile = await during.results();
  const otherMails = sink.state.others - othersBefore;
  const postsDuring = meanwhile.form["2xx"];

  // Any copy that should not come would come now.
  await pause(2000);
  const perRecipient = new Map<string, string[]>();
  for (const copy of sink.copies) for (const to of copy.to) perRecipient.set(to, [...(perRecipient.get(to) ?? []), copy.messageId]);
  let exactlyOne = 0;
  for (let i = 0; i < SUBSCRIBERS; i++) if (perRecipient.get(reader(i))?.length === 1) exactlyOne++;
  const distinctIds = new Set(sink.copies.map((copy) => copy.messageId)).size;
  const correct =
    sink.copies.length === SUBSCRIBERS && distinctIds === SUBSCRIBERS && perRecipient.size === SUBSCRIBERS && exactlyOne === SUBSCRIBERS;
  const outboxWarnings = server.output().match(/outbox job \d+ .*(failed|not sent)/g) ?? [];

  const seconds = sendMs / 1000;
  const database = DRIVER === "postgres" ? "PostgreSQL 15" : "PGlite";
  console.log(
    `\nNewsletter send on ${database}: ${SUBSCRIBERS} confirmed subscribers, rate unlimited, OUTBOX_BATCH_SIZE ${BATCH ?? "10 (default)"}, ` +
      `SMTP sink on loopback (Message-ID counting); other traffic: ${CONNECTIONS} connections each on GET /contact (as fast as they go) ` +
      `and POST /forms/contact.data (${POST_RATE > 0 ? `${POST_RATE}/s` : "as fast as they go"}).\n`,
  );
  console.log(
    correct
      ? `Correct: ${exactlyOne} distinct recipients each received exactly one copy (${sink.copies.length} copies, ${distinctIds} distinct Message-IDs).`
      : `WRONG: ${sink.copies.length} copies, ${distinctIds} distinct Message-IDs, ${perRecipient.size} distinct recipients, ` +
          `${exactlyOne}/${SUBSCRIBERS} subscribers with exactly one copy.`,
  );
  console.log(`Outbox warnings in the server's log: ${outboxWarnings.length}.\n`);
  console.log("| Figure | Value |");
  console.log("|---|---|");
  console.log(`| Send time (click → last copy received) | ${seconds.toFixed(1)} s |`);
  console.log(`| Messages per second | ${Math.round(SUBSCRIBERS / seconds)} |`);
  console.log(`| The click answered (303) in | ${Math.round(answeredMs)} ms |`);
  console.log(`| Server RSS before the send / peak during it | ${Math.round(rssBefore)} / ${Math.round(rssPeak)} MiB |`);
  console.log(`| Server CPU during the send | ${cpuSeconds.toFixed(1)} s (${Math.round((100 * cpuSeconds) / seconds)}% of one core) |`);
  console.log(`| Contact posts during the send / their mails delivered meanwhile | ${postsDuring} / ${otherMails} |`);
  console.log(`| Copies / distinct recipients with exactly one | ${sink.copies.length} / ${exactlyOne} |`);
  console.log(
    "\n| Request | baseline p50 ms | baseline p99 ms | baseline req/s | during send p50 ms | during send p99 ms | during send req/s | failed |",
  );
  console.log("|---|---|---|---|---|---|---|---|");
  for (const [label, before, meanwhileResult] of [
    ["GET /contact", baseline.page, meanwhile.page],
    ["POST /forms/contact.data", baseline.form, meanwhile.form],
  ] as const) {
    console.log(
      `| ${label} | ${before.latency.p50} | ${before.latency.p99} | ${Math.round(before.requests.average)} | ` +
        `${meanwhileResult.latency.p50} | ${meanwhileResult.latency.p99} | ${Math.round(meanwhileResult.requests.average)} | ` +
        `${failures(before) + failures(meanwhileResult)} |`,
    );
  }
  await cleanUp();
  clearTimeout(hardStop);
  process.exit(correct ? 0 : 1);
} catch (error) {
  console.error(error);
  await cleanUp();
  process.exit(1);
}
