import { sql } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db/client.server";
import { outbox } from "~/lib/db/schema/outbox";
import { deliveryResult } from "~/lib/ops/metrics.server";
import { loggableMessage } from "~/lib/db/loggable-error";

// The durable outbox (decision 007): a job is a row written in the same transaction as the lead it is about, so
// nothing acknowledged to a visitor can be lost, and a worker in every server instance delivers it afterwards.
// Instances claim jobs with FOR UPDATE SKIP LOCKED and a lease, so each job is delivered once however many run.

export interface OutboxJob {
  /** `mail:<template>` or `webhook:<event>`: how the worker delivers it, and what the operator sees. */
  kind: string;
  /** The visitor's address the job concerns (data-subject requests find the job by it). */
  recipient: string | null;
  payload: unknown;
  /** Not before this time (a scheduled publication); now when unset. */
  runAfter?: Date;
  /** Lower goes first among the due jobs; 0 when unset (a newsletter copy is 1). */
  priority?: number;
}

export interface ClaimedJob {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
}

export function enqueue(tx: Transaction | Database, jobs: OutboxJob[]) {
  if (jobs.length === 0) return Promise.resolve();
  return tx.insert(outbox).values(
    jobs.map((job) => ({
      kind: job.kind,
      recipient: job.recipient,
      payload: job.payload,
      ...(job.runAfter ? { runAfter: job.runAfter, dueAt: job.runAfter } : {}),
      ...(job.priority ? { priority: job.priority } : {}),
    })),
  );
}

/** Delivers one job; throws to have it retried, or throws Suppressed to end it unsent. */
export type Deliver = (job: ClaimedJob) => Promise<void>;

/**
 * Thrown by a delivery that must not be tried again because its address gets no mail (docs/decisions/024): the job
 * ends `suppressed`. The message is the operator's and the log's: it names no address.
 */
export class Suppressed extends Error {
  constructor(message: string) {
    super(message);
    this.name = "Suppressed";
  }
}

export interface OutboxOptions {
  maxAttempts: number;
  /** The first retry waits this long; each next one twice as long, up to ten minutes. */
  retrySeconds: number;
  pollSeconds: number;
  /** How long a claimed job stays with the worker that claimed it; after that (it died), another takes it over. */
  leaseSeconds?: number;
  batchSize?: number;
  /** Resolves once the database is migrated (the worker waits for the outbox table). */
  ready?: () => Promise<void>;
}

const MAX_RETRY_SECONDS = 600;

/** Seconds to wait before attempt `attempts + 1`, after `attempts` failed ones. */
export function retryDelaySeconds(attempts: number, retrySeconds: number) {
  return Math.min(retrySeconds * 2 ** Math.max(0, attempts - 1), MAX_RETRY_SECONDS);
}

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** Takes up to `limit` due jobs (or jobs whose worker's lease ran out) for this worker, counting the attempt. */
export async function claimJobs(db: Database, limit: number, leaseSeconds: number): Promise<ClaimedJob[]> {
  const result = await db.execute(sql`
    UPDATE ${outbox}
    SET status = 'sending', attempts = attempts + 1, locked_until = now() + make_interval(secs => ${leaseSeconds})
    WHERE id IN (
      SELECT id FROM ${outbox}
      WHERE status = 'pending' AND run_after <= now()
      ORDER BY priority, run_after, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ) OR id IN (
      -- One waiting job of a lower priority in every claim: more urgent mail than the worker can send slows a
      -- newsletter down, but never stops it.
      SELECT id FROM ${outbox}
      WHERE status = 'pending' AND run_after <= now() AND priority > 0
      ORDER BY priority, run_after, id
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    ) OR id IN (
      SELECT id FROM ${outbox}
      WHERE status = 'sending' AND locked_until < now()
      ORDER BY locked_until
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, kind, payload, attempts`);
  return rowsOf<{ id: number | string; kind: string; payload: unknown; attempts: number }>(result).map((row) => ({
    ...row,
    id: Number(row.id),
  }));
}

/** The claim still holds the job: `attempts` is the claim's token (a takeover counts one more). */
const heldBy = (job: ClaimedJob) => sql`id = ${job.id} AND status = 'sending' AND attempts = ${job.attempts}`;

/**
 * Renews the job's lease from now if this claim still holds it. Asked right before the delivery, so the lease covers one
 * send, not the wait behind the rest of the batch; a job taken over meanwhile by another worker (its lease ran out) is
 * left to that worker, and only the holder writes the outcome (below).
 */
async function holdLease(db: Database, job: ClaimedJob, leaseSeconds: number): Promise<boolean> {
  const result = await db.execute(sql`
    UPDATE ${outbox} SET locked_until = now() + make_interval(secs => ${leaseSeconds}) WHERE ${heldBy(job)} RETURNING id`);
  return rowsOf(result).length > 0;
}

async function markSent(db: Database, job: ClaimedJob) {
  await db.execute(sql`UPDATE ${outbox} SET status = 'sent', sent_at = now(), locked_until = NULL, last_error = NULL WHERE ${heldBy(job)}`);
}

async function markFailed(db: Database, job: ClaimedJob, error: string, options: OutboxOptions) {
  const parked = job.attempts >= options.maxAttempts;
  const delay = retryDelaySeconds(job.attempts, options.retrySeconds);
  await db.execute(sql`
    UPDATE ${outbox}
    SET status = ${parked ? "failed" : "pending"}, run_after = now() + make_interval(secs => ${delay}),
        locked_until = NULL, last_error = ${error.slice(0, 500)}
    WHERE ${heldBy(job)}`);
  return parked;
}

/**
 * A job claimed but not started (the database went away first): due again at once, for any worker. The claim's attempt
 * stays counted: it is the token a later claim raises, so nothing this claim writes later can touch the next one's.
 */
async function handBack(db: Database, job: ClaimedJob) {
  await db.execute(sql`UPDATE ${outbox} SET status = 'pending', locked_until = NULL WHERE ${heldBy(job)}`);
}

async function markSuppressed(db: Database, job: ClaimedJob, reason: string) {
  await db.execute(sql`
    UPDATE ${outbox} SET status = 'suppressed', locked_until = NULL, last_error = ${reason.slice(0, 500)} WHERE ${heldBy(job)}`);
}

/** What an error says about itself without quoting what was sent: its class and code, and a short SMTP or HTTP reply. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 200);
  const code = "code" in error ? ` ${String((error as { code: unknown }).code)}` : "";
  const responseCode = "responseCode" in error ? ` ${String((error as { responseCode: unknown }).responseCode)}` : "";
  return `${error.name}${code}${responseCode}: ${loggableMessage(error)}`.slice(0, 500);
}

export interface OutboxWorker {
  /** Looks for work now (after a lead was stored) instead of at the next poll. */
  wake(): void;
  /** Delivers what is due, until nothing is; resolves with the number of jobs handled. */
  drain(): Promise<number>;
  /** Stops polling and waits for the jobs in hand. */
  stop(): Promise<void>;
}

export interface WorkerLog {
  info(line: string): void;
  warn(line: string): void;
}

export function startOutboxWorker(db: Database, deliver: Deliver, options: OutboxOptions, log: WorkerLog = console): OutboxWorker {
  const leaseSeconds = options.leaseSeconds ?? 120;
  const batchSize = options.batchSize ?? 10;
  let stopped = false;
  let running: Promise<number> | null = null;
  let again = false;
  let unreachable = false;
  // What the database could not take while it was away, by job: a delivery's outcome (a message the mail server took is
  // marked sent, not sent again when its lease runs out) or a job not started, handed back. Written first when the
  // database answers again (decision 007); a process that stops before then leaves them to their leases.
  const unwritten = new Map<number, () => Promise<void>>();

  function away(reason: string) {
    if (!unreachable) log.warn(`outbox: database not reachable (${reason}); retrying`);
    unreachable = true;
  }

  /** The row, the metric and the log line a delivery ends with. */
  function outcomeOf(job: ClaimedJob, failure: { error: unknown } | null): () => Promise<void> {
    if (!failure)
      return async () => {
        await markSent(db, job);
        deliveryResult(job.kind, "sent");
      };
    const { error } = failure;
    // The log names the job, never its recipient or content.
    if (error instanceof Suppressed)
      return async () => {
        await markSuppressed(db, job, error.message);
        deliveryResult(job.kind, "suppressed");
        log.warn(`outbox job ${job.id} (${job.kind}) not sent: ${error.message}`);
      };
    return async () => {
      const parked = await markFailed(db, job, describeError(error), options);
      deliveryResult(job.kind, parked ? "failed" : "retry");
      const what = `outbox job ${job.id} (${job.kind})`;
      const name = error instanceof Error ? error.name : "error";
      if (parked) log.warn(`${what} failed for good after ${job.attempts} attempts: ${name}`);
      else
        log.warn(`${what} attempt ${job.attempts} failed, retrying in ${retryDelaySeconds(job.attempts, options.retrySeconds)}s: ${name}`);
    };
  }

  /** Delivers one job and writes how it went; false when the database is away and what to write is kept for later. */
  async function handle(job: ClaimedJob): Promise<boolean> {
    try {
      if (!(await holdLease(db, job, leaseSeconds))) {
        log.warn(`outbox job ${job.id} (${job.kind}) was taken over by another worker after its lease ran out; not sent here`);
        return true;
      }
    } catch {
      unwritten.set(job.id, () => handBack(db, job));
      return false;
    }
    let failure: { error: unknown } | null = null;
    try {
      await deliver(job);
    } catch (error) {
      failure = { error };
    }
    const outcome = outcomeOf(job, failure);
    try {
      await outcome();
      return true;
    } catch {
      unwritten.set(job.id, outcome);
      if (!failure) log.warn(`outbox job ${job.id} (${job.kind}) was delivered; it is marked sent when the database answers again`);
      return false;
    }
  }

  /** Writes what the database could not take while it was away; throws while it still cannot. */
  async function writeUnwritten() {
    if (unwritten.size === 0) return;
    const count = unwritten.size;
    for (const [id, write] of unwritten) {
      await write();
      unwritten.delete(id);
    }
    log.info(`outbox: database reachable again; wrote the outcome of ${count} jobs held meanwhile`);
  }

  async function run(): Promise<number> {
    let handled = 0;
    try {
      await options.ready?.();
      await writeUnwritten();
      for (;;) {
        again = false;
        const jobs = stopped ? [] : await claimJobs(db, batchSize, leaseSeconds);
        unreachable = false;
        if (jobs.length === 0 && !again) return handled;
        // At most `batchSize` at once (a claim can hold more: one lower-priority job, and jobs taken over), each
        // renewing its lease as it starts. Once the database is away, the jobs not started yet are handed back when it
        // answers again rather than sent meanwhile.
        const waiting = [...jobs];
        let databaseAway = false;
        await Promise.all(
          Array.from({ length: Math.min(batchSize, jobs.length) }, async () => {
            for (let job = waiting.shift(); job; job = waiting.shift()) {
              const claimed = job;
              if (databaseAway) unwritten.set(claimed.id, () => handBack(db, claimed));
              else if (!(await handle(claimed))) databaseAway = true;
            }
          }),
        );
        handled += jobs.length;
        if (databaseAway) {
          away("a batch's outcome could not be written");
          return handled;
        }
      }
    } catch (error) {
      // The database is away: the jobs stay in it (and what this worker owes it in `unwritten`); the next poll tries again.
      away(error instanceof Error ? error.name : "error");
      return handled;
    }
  }

  function tick() {
    if (running) {
      again = true;
      return running;
    }
    running = run().finally(() => (running = null));
    return running;
  }

  const timer = setInterval(() => void tick(), options.pollSeconds * 1000);
  timer.unref();
  void tick();

  return {
    wake: () => void tick(),
    async drain() {
      let total = 0;
      for (;;) {
        if (running) await running;
        const handled = await tick();
        total += handled;
        if (handled === 0) return total;
      }
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (running) await running;
    },
  };
}
