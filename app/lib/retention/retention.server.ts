import { and, inArray, sql, type SQL } from "drizzle-orm";
import { purgeUnconfirmedVotes } from "~/features/roadmap-votes/votes.server";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "~/lib/db/client.server";
import { rowsOf } from "~/lib/db/rows.server";
import { auditLog, contactRequests, featureRequests, outbox, resourceLeads, spamPosts } from "~/lib/db/schema";
import { purgeUnusedFiles } from "~/features/blog/posts.server";
import { purgeUnconfirmed } from "~/features/newsletter/subscribers.server";
import { purgeMissingPaths } from "~/features/redirects/store.server";
import { recordAudit, SYSTEM_ACTOR } from "~/lib/console/audit.server";
import type { RetentionPeriods } from "./retention";

// The scheduled purge: deletes what is older than the periods the privacy policy states (./retention.ts, configurable
// per kind). Every instance runs it on a timer; a transaction-scoped advisory lock lets one of them work at a time and
// the others skip that round, so several instances never delete twice or wait on each other. Confirmed newsletter
// subscribers stay until they unsubscribe; sign-ups nobody confirmed go once their link has expired.

const PURGE_LOCK = 72_011_906;

export type PurgeReport = Record<
  | "contact_requests"
  | "feature_requests"
  | "resource_leads"
  | "newsletter_unconfirmed"
  | "roadmap_votes_unconfirmed"
  | "outbox"
  | "audit_log"
  | "spam_posts"
  | "blog_files_unused"
  | "missing_paths",
  number
>;

const olderThan = (column: AnyPgColumn | SQL, days: number) => sql`${column} < now() - make_interval(days => ${days})`;

/** Runs one purge; null when another instance is purging right now. */
export async function purgeExpired(db: Database, periods: RetentionPeriods): Promise<PurgeReport | null> {
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${PURGE_LOCK}) AS locked`));
    if (!lock?.locked) return null;
    const deleted = async (table: PgTable, where: SQL | undefined) =>
      (
        await tx
          .delete(table)
          .where(where)
          .returning({ one: sql`1` })
      ).length;
    const report: PurgeReport = {
      contact_requests: await deleted(contactRequests, olderThan(contactRequests.createdAt, periods.contact)),
      feature_requests: await deleted(featureRequests, olderThan(featureRequests.createdAt, periods.featureRequest)),
      resource_leads: await deleted(resourceLeads, olderThan(resourceLeads.downloadedAt, periods.download)),
      newsletter_unconfirmed: await purgeUnconfirmed(tx),
      roadmap_votes_unconfirmed: await purgeUnconfirmedVotes(tx),
      // Delivered or given up; a job still pending or being sent is the worker's, however old.
      outbox: await deleted(
        outbox,
        and(inArray(outbox.status, ["sent", "failed"]), olderThan(sql`coalesce(${outbox.sentAt}, ${outbox.createdAt})`, periods.outbox)),
      ),
      audit_log: await deleted(auditLog, olderThan(auditLog.createdAt, periods.audit)),
      spam_posts: await deleted(spamPosts, olderThan(spamPosts.createdAt, periods.spam)),
      // Uploaded cover files no post or kept revision uses any more (not personal data: housekeeping).
      blog_files_unused: await purgeUnusedFiles(tx),
      // Requested paths that answered 404, by day, without an address: kept 30 days as redirect candidates.
      missing_paths: await purgeMissingPaths(tx),
    };
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
