import { and, inArray, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database, Transaction } from "~/lib/db/client.server";
import { rowsOf } from "~/lib/db/rows.server";
import { auditLog } from "~/lib/db/schema/console";
import { spamPosts } from "~/lib/db/schema/forms";
import { outbox } from "~/lib/db/schema/outbox";
import { recordAudit, SYSTEM_ACTOR } from "~/lib/console/audit.server";
import type { RetentionPeriods } from "./retention";

// The scheduled purge: deletes what is older than the periods the privacy policy states (./retention.ts, configurable
// per kind). Every instance runs it on a timer; a transaction-scoped advisory lock lets one of them work at a time and
// the others skip that round, so several instances never delete twice or wait on each other. Confirmed newsletter
// subscribers stay until they unsubscribe; sign-ups nobody confirmed go once their link has expired. What each feature
// deletes is its own purge, handed in by the composition root (server/services.ts, retentionPurges; decision 039).

const PURGE_LOCK = 72_011_906;

/** One kind of row's purge, in the purge's transaction: the number of rows it deleted. */
export type Purge = (tx: Transaction, periods: RetentionPeriods) => Promise<number>;

/** Every purge by the name the report (and its audit line) gives its count, in the order they run. */
export type Purges = readonly (readonly [name: string, purge: Purge])[];

export type PurgeReport = Record<string, number>;

export const olderThan = (column: AnyPgColumn | SQL, days: number) => sql`${column} < now() - make_interval(days => ${days})`;

/** Deletes the rows of `table` that `where` picks, in the purge's transaction; how many. */
export const deleteWhere = async (tx: Transaction, table: PgTable, where: SQL | undefined) =>
  (
    await tx
      .delete(table)
      .where(where)
      .returning({ one: sql`1` })
  ).length;

/** The shared layers' own purges: the outbox's finished jobs, the audit log, the posts held as spam. */
export const sharedPurges = {
  // Delivered or given up; a job still pending or being sent is the worker's, however old.
  outbox: (tx, periods) =>
    deleteWhere(
      tx,
      outbox,
      and(inArray(outbox.status, ["sent", "failed"]), olderThan(sql`coalesce(${outbox.sentAt}, ${outbox.createdAt})`, periods.outbox)),
    ),
  audit_log: (tx, periods) => deleteWhere(tx, auditLog, olderThan(auditLog.createdAt, periods.audit)),
  spam_posts: (tx, periods) => deleteWhere(tx, spamPosts, olderThan(spamPosts.createdAt, periods.spam)),
} satisfies Record<string, Purge>;

/** Runs one purge; null when another instance is purging right now. */
export async function purgeExpired(db: Database, periods: RetentionPeriods, purges: Purges): Promise<PurgeReport | null> {
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${PURGE_LOCK}) AS locked`));
    if (!lock?.locked) return null;
    const report: PurgeReport = {};
    for (const [name, purge] of purges) report[name] = await purge(tx, periods);
    const total = Object.values(report).reduce((sum, rows) => sum + rows, 0);
    if (total > 0) await recordAudit(tx, SYSTEM_ACTOR, "purge", { rows: report });
    return report;
  });
}

export interface RetentionSchedule {
  stop(): void;
}

/**
 * Runs `purge` shortly after start and then every `everyMs`. A failure (the database away) is one line in the log and
 * the next round tries again; the timers never keep the process alive.
 */
export function scheduleRetention(
  purge: () => Promise<unknown>,
  everyMs: number,
  firstAfterMs = Math.min(everyMs, 30_000),
  what = "retention purge",
): RetentionSchedule {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const round = async () => {
    try {
      await purge();
    } catch (error) {
      const code = typeof error === "object" && error && "code" in error ? ` ${String((error as { code: unknown }).code)}` : "";
      console.error(`${what} failed (${error instanceof Error ? error.name : typeof error}${code}); retrying next round`);
    }
    if (!stopped) timer = setTimeout(() => void round(), everyMs).unref();
  };
  timer = setTimeout(() => void round(), firstAfterMs).unref();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
