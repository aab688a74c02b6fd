import { randomBytes } from "node:crypto";
import { and, asc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "~/lib/db/client.server";
import { rowsOf } from "~/lib/db/rows.server";
import { analyticsGoals, analyticsPageViews, analyticsRolledDays, analyticsSalts, analyticsStaff } from "./tables";
import type { Visit } from "~/lib/forms/visit";
import type { Goal } from "./goals";
import { countedOf, dayOf, notAVisitor, visitorId, type Hit, type PageView } from "./hits.server";
import { goalRows, viewRows } from "./aggregate.server";
import { loggableMessage } from "~/lib/db/loggable-error";

// The server-side counting (docs/decisions/021): hits are buffered in memory and written in batches off the request
// path (every `flushMs`, or as soon as `batchSize` are waiting, and on shutdown). The address and user agent live only
// in that buffer: when a batch is written each becomes the visitor id, an HMAC under the day's salt. Salts are one per
// UTC day in the database (every instance hashes alike) and are deleted 48 hours after their day began, so nobody,
// the team included, can link a visitor id to an address or to another day's id after that.

const DAY_MS = 86_400_000;
const SALT_LIFETIME_MS = 2 * DAY_MS;
/** Hits kept while the database is away; beyond this the newest are dropped (and counted in the log). */
const MAX_BUFFERED = 100_000;
/** Rows per INSERT statement (a few MB of JSON in its one parameter). */
const INSERT_ROWS = 10_000;
/** Held by the instance rolling up and purging, so several instances never do it twice at once. */
const MAINTENANCE_LOCK = 72_011_921;

export interface AnalyticsOptions {
  enabled: boolean;
  /** Raw page views and goals are kept this many days, then only their daily rollup (ANALYTICS_RETENTION_DAYS). */
  retentionDays: number;
  flushMs: number;
  batchSize: number;
  /** This site's host names: arriving from one of its own pages is no referral. */
  ownHosts: string[];
  /** The clock (tests move it). */
  now?: () => number;
}

/** Who reached a goal: a visitor id already computed (a stored lead), or the request's address and user agent. */
export type Who = { visitor: number } | { address: string; userAgent: string | undefined; purpose?: string | undefined };

interface PendingView {
  at: number;
  address: string;
  userAgent: string;
  view: PageView;
  /** The same visitor's same view again before this one was written (a reload, a flood): one row, counted so often. */
  views: number;
}

/** What makes two buffered views one row: the same visitor (address, user agent), day and everything the row keeps. */
const sameViewKey = (day: string, address: string, userAgent: string, view: PageView) =>
  `${day}\n${address}\n${userAgent}\n${view.path}\n${view.device}\n${view.referrer}\n${view.utmSource}\n${view.utmMedium}\n${view.utmCampaign}\n${view.utmTerm}\n${view.utmContent}\n${view.clickId}`;

interface PendingGoal {
  at: number;
  goal: Goal;
  who: Who;
}

export interface Analytics {
  readonly enabled: boolean;
  /** Counts a finished request, if it is a page view or a download (./hits.server.ts); never waits. */
  record(hit: Hit): void;
  /** Counts a goal reached now; never waits. */
  goal(goal: Goal, who: Who): void;
  /** Today's visitor id of an address and user agent; null when counting is off or the database is away. */
  visitorOf(address: string, userAgent: string | undefined): Promise<number | null>;
  /**
   * Today's visitor id without waiting, for the server's fast path (an experiment's variant, decision 048): null when
   * counting is off or there is no user agent; undefined while today's salt is not loaded yet (it is being loaded).
   */
  visitorNow(address: string, userAgent: string | undefined): number | null | undefined;
  /** Where today's visit of this visitor (its id, address and user agent) began: its first counted page view, or null. */
  visitOf(who: { visitor: number; address: string; userAgent: string | undefined }): Promise<Visit | null>;
  /** A signed-in operator: their visits today are not counted, and what was counted of them goes. */
  excludeOperator(address: string, userAgent: string | undefined): Promise<void>;
  /** Writes what is buffered. */
  flush(): Promise<void>;
  /** Rolls up finished days, deletes expired salts and raw rows past retention. */
  maintain(): Promise<MaintenanceReport | null>;
  /** Flushes and stops the timer. */
  close(): Promise<void>;
}

export interface MaintenanceReport {
  rolledUp: string[];
  salts: number;
  pageViews: number;
  goals: number;
}

/**
 * Rows into a table in one statement with one parameter, the rows as JSON that json_to_recordset reads back: a
 * statement of 13 parameters a row cost the batch most of its time to build and bind, on both databases.
 */
async function insertRows(db: Database, table: PgTable, rows: readonly Record<string, unknown>[]) {
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => rows[0] && key in rows[0]);
  const json = JSON.stringify(rows.map((row) => Object.fromEntries(columns.map(([key, column]) => [column.name, row[key]]))));
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const types = sql.raw(columns.map(([, column]) => `"${column.name}" ${column.getSQLType()}`).join(", "));
  await db.execute(sql`INSERT INTO ${table} (${names}) SELECT ${names} FROM json_to_recordset(${json}::json) AS r(${types})`);
}

/**
 * A page view as insertViews sends it: the moment in epoch milliseconds and short keys, a column left out when null
 * (json_to_recordset reads a missing key as null). At thousands of views a second the long form's JSON was most of the
 * counting's cost on the server's thread.
 */
interface ViewRow {
  a: number;
  v: number;
  p: string;
  d: string;
  r?: string;
  us?: string;
  um?: string;
  uc?: string;
  ut?: string;
  uo?: string;
  c?: string;
  /** Views, where more than one. */
  n?: number;
}

function viewRow(at: number, visitor: number, view: PageView, views: number): ViewRow {
  const row: ViewRow = { a: at, v: visitor, p: view.path, d: view.device };
  if (views > 1) row.n = views;
  if (view.referrer !== null) row.r = view.referrer;
  if (view.utmSource !== null) row.us = view.utmSource;
  if (view.utmMedium !== null) row.um = view.utmMedium;
  if (view.utmCampaign !== null) row.uc = view.utmCampaign;
  if (view.utmTerm !== null) row.ut = view.utmTerm;
  if (view.utmContent !== null) row.uo = view.utmContent;
  if (view.clickId !== null) row.c = view.clickId;
  return row;
}

/** One day's page views in one statement, with one parameter. */
async function insertViews(db: Database, day: string, rows: readonly ViewRow[]) {
  await db.execute(sql`
    INSERT INTO analytics_page_views (at, day, visitor, path, referrer, utm_source, utm_medium, utm_campaign, utm_term, utm_content, click_id, device, views)
    SELECT to_timestamp(r.a::float8 / 1000), ${day}::date, r.v, r.p, r.r, r.us, r.um, r.uc, r.ut, r.uo, r.c, r.d, coalesce(r.n, 1)
    FROM json_to_recordset(${JSON.stringify(rows)}::json)
      AS r(a bigint, v bigint, p text, r text, us text, um text, uc text, ut text, uo text, c text, d text, n int)`);
}

const visitOfView = ({ path, referrer, utmSource, utmMedium, utmCampaign, utmTerm, utmContent }: Omit<PageView, "device">): Visit => ({
  landingPage: path,
  referrer,
  utmSource,
  utmMedium,
  utmCampaign,
  utmTerm,
  utmContent,
});

const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

export function createAnalytics(db: Database, options: AnalyticsOptions): Analytics {
  const now = options.now ?? Date.now;
  const salts = new Map<string, string>();
  const staff = new Map<string, Set<number>>();
  let views: PendingView[] = [];
  // The buffered views by sameViewKey: a visitor's repeats add to one entry, so a flood of reloads, or a load
  // generator, costs the buffer and the database one row, not one a request.
  let viewsByKey = new Map<string, PendingView>();
  // The views being written: in neither the buffer nor the table until their statement commits.
  let writing: PendingView[] = [];
  let goals: PendingGoal[] = [];
  let dropped = 0;
  let chain: Promise<void> = Promise.resolve();
  let failing = false;

  const saltExpired = (day: string) => dayStart(day) + SALT_LIFETIME_MS <= now();

  async function saltOf(day: string): Promise<string | null> {
    if (saltExpired(day)) {
      salts.delete(day);
      return null;
    }
    const cached = salts.get(day);
    if (cached) return cached;
    await db
      .insert(analyticsSalts)
      .values({ day, salt: randomBytes(32).toString("hex") })
      .onConflictDoNothing();
    const [row] = await db.select({ salt: analyticsSalts.salt }).from(analyticsSalts).where(eq(analyticsSalts.day, day));
    if (!row) return null;
    salts.set(day, row.salt);
    return row.salt;
  }

  async function refreshStaff(days: string[]) {
    if (days.length === 0) return;
    const rows = await db.select().from(analyticsStaff).where(inArray(analyticsStaff.day, days));
    for (const day of days) staff.set(day, new Set(rows.filter((row) => row.day === day).map((row) => row.visitor)));
  }

  const buffered = () => views.length + goals.length;
  const full = () => {
    if (buffered() < MAX_BUFFERED) return false;
    dropped++;
    return true;
  };

  async function write(viewBatch: PendingView[], goalBatch: PendingGoal[]) {
    const days = [...new Set([...viewBatch, ...goalBatch].map((pending) => dayOf(pending.at)))];
    await refreshStaff(days);
    const saltByDay = new Map<string, string | null>();
    for (const day of days) saltByDay.set(day, await saltOf(day));
    const idOf = (at: number, who: Who): number | null => {
      if ("visitor" in who) return who.visitor;
      const salt = saltByDay.get(dayOf(at));
      return salt && who.userAgent ? visitorId(salt, who.address, who.userAgent) : null;
    };
    const counted = (day: string, visitor: number | null): visitor is number => visitor !== null && !staff.get(day)?.has(visitor);

    // Page views by day (a batch spans two days only around midnight), in the compact form insertViews writes.
    const viewsByDay = new Map<string, ViewRow[]>();
    for (const { at, address, userAgent, view, views: times } of viewBatch) {
      const day = dayOf(at);
      const visitor = idOf(at, { address, userAgent });
      if (!counted(day, visitor)) continue;
      let rows = viewsByDay.get(day);
      if (!rows) viewsByDay.set(day, (rows = []));
      rows.push(viewRow(at, visitor, view, times));
    }
    const goalRowsToInsert = goalBatch.flatMap(({ at, goal, who }) => {
      const day = dayOf(at);
      const visitor = idOf(at, who);
      return counted(day, visitor) ? [{ at: new Date(at), day, visitor, goal }] : [];
    });
    for (const [day, rows] of viewsByDay) {
      for (let start = 0; start < rows.length; start += INSERT_ROWS) await insertViews(db, day, rows.slice(start, start + INSERT_ROWS));
    }
    for (let start = 0; start < goalRowsToInsert.length; start += INSERT_ROWS) {
      await insertRows(db, analyticsGoals, goalRowsToInsert.slice(start, start + INSERT_ROWS));
    }
    // A late row for a finished day (a batch written just after midnight): that day is rolled up again.
    const late = days.filter((day) => day < dayOf(now()));
    if (late.length > 0) await db.delete(analyticsRolledDays).where(inArray(analyticsRolledDays.day, late));
  }

  /** Writes what is buffered; `whole`: until nothing is left, otherwise while a full batch waits. */
  async function drain(whole: boolean) {
    while (buffered() > 0 && (whole || buffered() >= options.batchSize)) {
      const viewBatch = views;
      const goalBatch = goals;
      views = [];
      viewsByKey = new Map();
      goals = [];
      writing = viewBatch;
      try {
        await write(viewBatch, goalBatch);
        if (failing) console.log("analytics: writing again");
        failing = false;
      } catch (error) {
        // Back in front of what arrived meanwhile, within the cap; the next round tries again.
        views = [...viewBatch, ...views].slice(0, MAX_BUFFERED);
        goals = [...goalBatch, ...goals].slice(0, MAX_BUFFERED);
        if (!failing) console.error(`analytics: batch not written (${loggableMessage(error)}); kept for the next round`);
        failing = true;
        throw error;
      } finally {
        writing = [];
      }
    }
    if (dropped > 0) {
      console.error(`analytics: ${dropped} hits dropped while the buffer was full`);
      dropped = 0;
    }
  }

  function flush(whole = true): Promise<void> {
    const run = chain.then(() => drain(whole));
    chain = run.catch(() => {});
    return run;
  }

  const timer = options.enabled ? setInterval(() => void flush().catch(() => {}), options.flushMs) : undefined;
  timer?.unref();
  // A full batch is written at once, not at the next tick: one such write at a time, going on while full batches wait
  // (smaller writes cost the database more per row); while the database is away the timer alone tries again.
  let early = false;
  const soon = () => {
    if (early || failing || buffered() < options.batchSize) return;
    early = true;
    void flush(false)
      .catch(() => {})
      .finally(() => (early = false));
  };

  async function visitorOf(address: string, userAgent: string | undefined) {
    if (!options.enabled || !userAgent) return null;
    try {
      const salt = await saltOf(dayOf(now()));
      return salt ? visitorId(salt, address, userAgent) : null;
    } catch {
      return null;
    }
  }

  return {
    enabled: options.enabled,
    visitorNow(address, userAgent) {
      if (!options.enabled || !userAgent) return null;
      const day = dayOf(now());
      const salt = salts.get(day);
      if (salt && !saltExpired(day)) return visitorId(salt, address, userAgent);
      saltOf(day).catch(() => {});
      return undefined;
    },
    record(hit) {
      if (!options.enabled) return;
      const counted = countedOf(hit, options.ownHosts);
      if (!counted) return;
      const at = hit.at.getTime();
      if (counted.kind === "view") {
        const userAgent = hit.userAgent!;
        const key = sameViewKey(dayOf(at), hit.address, userAgent, counted.view);
        const same = viewsByKey.get(key);
        // A repeat takes no room, even in a full buffer.
        if (same) {
          same.views += 1;
          return;
        }
        if (full()) return;
        const pending = { at, address: hit.address, userAgent, view: counted.view, views: 1 };
        views.push(pending);
        viewsByKey.set(key, pending);
      } else {
        if (full()) return;
        goals.push({ at, goal: "download", who: { address: hit.address, userAgent: hit.userAgent } });
      }
      soon();
    },
    goal(goal, who) {
      if (!options.enabled || full()) return;
      if (!("visitor" in who) && notAVisitor({ userAgent: who.userAgent, purpose: who.purpose })) return;
      goals.push({ at: now(), goal, who });
      soon();
    },
    visitorOf,
    async visitOf({ visitor, address, userAgent }) {
      if (!options.enabled) return null;
      const today = dayOf(now());
      // What is stored is older than what is being written, which is older than what waits in the buffer, so the first
      // stored view of today comes first. The views in memory are taken before the table is read: a batch that commits
      // meanwhile is then in one or the other. They are searched, not flushed, so a form post never waits on writing
      // other visitors' hits.
      const pending = [...writing, ...views].find(
        (hit) => hit.address === address && hit.userAgent === userAgent && dayOf(hit.at) === today,
      );
      try {
        const [first] = await db
          .select()
          .from(analyticsPageViews)
          .where(and(eq(analyticsPageViews.day, today), eq(analyticsPageViews.visitor, visitor)))
          .orderBy(asc(analyticsPageViews.at), asc(analyticsPageViews.id))
          .limit(1);
        if (first) return visitOfView(first);
      } catch {
        // The database is away: the lead will not be stored either; the buffer may still know the visit.
      }
      return pending ? visitOfView(pending.view) : null;
    },
    async excludeOperator(address, userAgent) {
      const visitor = await visitorOf(address, userAgent);
      if (visitor === null) return;
      const day = dayOf(now());
      if (staff.get(day)?.has(visitor)) return;
      await db.insert(analyticsStaff).values({ day, visitor }).onConflictDoNothing();
      if (!staff.has(day)) staff.set(day, new Set());
      staff.get(day)!.add(visitor);
      await db.delete(analyticsPageViews).where(and(eq(analyticsPageViews.day, day), eq(analyticsPageViews.visitor, visitor)));
      await db.delete(analyticsGoals).where(and(eq(analyticsGoals.day, day), eq(analyticsGoals.visitor, visitor)));
    },
    flush,
    async maintain() {
      await flush().catch(() => {});
      for (const day of [...salts.keys()]) if (saltExpired(day)) salts.delete(day);
      for (const day of [...staff.keys()]) if (saltExpired(day)) staff.delete(day);
      const today = dayOf(now());
      const saltCutoff = dayOf(now() - SALT_LIFETIME_MS);
      const keepFrom = dayOf(now() - options.retentionDays * DAY_MS);
      return db.transaction(async (tx) => {
        const [lock] = rowsOf<{ locked: boolean }>(await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${MAINTENANCE_LOCK}) AS locked`));
        if (!lock?.locked) return null;
        const deleted = async (statement: ReturnType<typeof sql>) => rowsOf(await tx.execute(statement)).length;
        const saltRows = await deleted(sql`DELETE FROM analytics_salts WHERE day <= ${saltCutoff}::date RETURNING 1`);
        await tx.execute(sql`DELETE FROM analytics_staff WHERE day <= ${saltCutoff}::date`);

        // The finished days that have rows and no rollup yet, found by skipping through the day index (a loose index
        // scan: one probe per day, not a read of every row).
        const pending = rowsOf<{ day: string }>(
          await tx.execute(sql`
            WITH RECURSIVE views AS (
              SELECT min(day) AS day FROM analytics_page_views
              UNION ALL SELECT (SELECT min(day) FROM analytics_page_views WHERE day > views.day) FROM views WHERE views.day IS NOT NULL
            ), goals AS (
              SELECT min(day) AS day FROM analytics_goals
              UNION ALL SELECT (SELECT min(day) FROM analytics_goals WHERE day > goals.day) FROM goals WHERE goals.day IS NOT NULL
            )
            SELECT DISTINCT day::text AS day FROM (SELECT day FROM views UNION SELECT day FROM goals) AS days
            WHERE day IS NOT NULL AND day < ${today}::date AND NOT EXISTS (SELECT 1 FROM analytics_rolled_days r WHERE r.day = days.day)
            ORDER BY 1`),
        ).map((row) => String(row.day));
        for (const day of pending) {
          await tx.execute(sql`DELETE FROM analytics_daily WHERE day = ${day}::date`);
          await tx.execute(sql`DELETE FROM analytics_goals_daily WHERE day = ${day}::date`);
          await tx.execute(sql`INSERT INTO analytics_daily (day, dimension, value, views, visitors) ${viewRows([day])}`);
          await tx.execute(sql`INSERT INTO analytics_goals_daily (day, goal, dimension, value, conversions, events) ${goalRows([day])}`);
          await tx.execute(
            sql`INSERT INTO analytics_rolled_days (day) VALUES (${day}::date) ON CONFLICT (day) DO UPDATE SET rolled_at = now()`,
          );
        }

        // Past retention, and rolled up: only the daily counts stay.
        const rolled = sql`day IN (SELECT day FROM analytics_rolled_days)`;
        const pageViews = await deleted(sql`DELETE FROM analytics_page_views WHERE day < ${keepFrom}::date AND ${rolled} RETURNING 1`);
        const goalCount = await deleted(sql`DELETE FROM analytics_goals WHERE day < ${keepFrom}::date AND ${rolled} RETURNING 1`);
        return { rolledUp: pending, salts: saltRows, pageViews, goals: goalCount };
      });
    },
    async close() {
      if (timer) clearInterval(timer);
      await flush().catch(() => {});
    },
  };
}
