import { count, desc, eq } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { OUTBOX_STATUSES, outbox, type OutboxStatus } from "~/lib/db/schema/outbox";
import { PAGE_SIZE } from "~/lib/console/pagination";
import { normalizeAddress, outboxAbout } from "~/lib/jobs/outbox-about.server";
import { describeJob, type JobWordsTable } from "~/lib/jobs/job-words";
import type { TimelineEvent } from "~/lib/console/timeline";

// The outbox as the team sees it: every email and webhook job with its state, attempts and last error. The worker that
// delivers them is decision 007's (app/lib/jobs/); the console only reads, so a failed job is visible and counted.

export type { OutboxStatus };

export const isOutboxStatus = (value: unknown): value is OutboxStatus => OUTBOX_STATUSES.includes(value as OutboxStatus);

/** What the console shows of a job: never its payload (the message itself), which only data-subject exports include. */
const outboxColumns = {
  id: outbox.id,
  kind: outbox.kind,
  recipient: outbox.recipient,
  status: outbox.status,
  attempts: outbox.attempts,
  lastError: outbox.lastError,
  createdAt: outbox.createdAt,
  runAfter: outbox.runAfter,
  sentAt: outbox.sentAt,
};

export async function outboxCounts(db: Database): Promise<Record<OutboxStatus, number>> {
  const rows = await db.select({ status: outbox.status, rows: count() }).from(outbox).groupBy(outbox.status);
  return Object.fromEntries(
    OUTBOX_STATUSES.map((status) => [status, Number(rows.find((row) => row.status === status)?.rows ?? 0)]),
  ) as Record<OutboxStatus, number>;
}

export async function outboxPage(db: Database, { status, page }: { status: OutboxStatus | null; page: number }) {
  const where = status ? eq(outbox.status, status) : undefined;
  const [total] = await db.select({ rows: count() }).from(outbox).where(where);
  const rows = await db
    .select(outboxColumns)
    .from(outbox)
    .where(where)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  return { rows, total: Number(total?.rows ?? 0) };
}

/** The jobs about one address (the lead page), newest first. */
export async function outboxFor(db: Database, email: string) {
  return db
    .select(outboxColumns)
    .from(outbox)
    .where(outboxAbout(normalizeAddress(email)))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(PAGE_SIZE);
}

/** The jobs about one address as timeline events of the person (decision 045): each in the team's words, in its state. */
export async function outboxTimeline(db: Database, email: string, words: JobWordsTable): Promise<TimelineEvent[]> {
  return (await outboxFor(db, email)).map((job) => {
    const { told, whom } = describeJob(job, words);
    const why =
      job.status === "suppressed"
        ? "the address is on the do-not-mail list"
        : job.status === "pending" && job.attempts > 0
          ? `${job.attempts} attempts so far: ${job.lastError ?? "no answer"}`
          : job.status === "failed"
            ? job.lastError
            : null;
    return {
      at: job.sentAt ?? job.createdAt,
      kind: job.kind,
      actor: "site",
      title: told,
      detail: [whom, why].filter(Boolean).join(" · "),
      problem: job.status === "failed",
    };
  });
}
