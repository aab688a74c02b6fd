// The redirects in the database (docs/decisions/034): saved and deleted by the console under one lock, so the table
// stays chain-free; each change is audited and NOTIFYs every instance, which reloads its table (./table.server.ts).
// Also the batched hit counts, and the missing paths counted by day as candidates.
import { data } from "react-router";
import { and, asc, desc, eq, gte, inArray, notInArray, sql } from "drizzle-orm";
import { recordAudit } from "~/lib/console/audit.server";
import type { Database, Transaction } from "~/lib/db/client.server";
import { missingPaths, redirects } from "./tables";
import { routerPathOf } from "~/lib/route-path";
import type { LivePaths } from "./live-paths.server";
import {
  isRedirectStatus,
  lookupPath,
  parseSource,
  parseTarget,
  planRedirect,
  servedTarget,
  type RedirectEntry,
  type RedirectErrors,
  type Target,
} from "./rules";

/** The channel every instance listens on: the redirects changed, reload them. */
export const REDIRECTS_CHANNEL = "redirects_changed";

/** The days of missing paths kept and suggested; older days go with the retention purge. */
export const MISSING_PATH_DAYS = 30;

/**
 * The most paths a day adds to `missing_paths`, every instance together (decision 034): far more than a site's real
 * broken links, and with MISSING_PATH_DAYS a table of at most 30,000 rows whatever the traffic.
 */
export const MISSING_PATHS_PER_DAY = 1000;

/** Serialises the instances' writes of missing paths, so the day's count each reads holds until it has written. */
const MISSING_LOCK = 72_011_935;

/** Serialises changes across instances: a plan is made against the table as no one else is changing it. */
const CHANGE_LOCK = 72_011_934;

export type RedirectRow = typeof redirects.$inferSelect;

/** The console's form, as typed. */
export interface RedirectForm {
  source: string;
  target: string;
  status: string;
}

export type RedirectChangeResult =
  | { status: "done"; row: RedirectRow; rewrittenFrom: string | null; skipped: string[] }
  | { status: "invalid"; errors: RedirectErrors }
  | { status: "conflict" }
  | { status: "gone" };

const notify = (tx: Database | Transaction) => tx.execute(sql`SELECT pg_notify(${REDIRECTS_CHANNEL}, '')`);

export async function listRedirects(db: Database): Promise<RedirectRow[]> {
  return db.select().from(redirects).orderBy(asc(redirects.source));
}

export async function findRedirect(db: Database, id: number): Promise<RedirectRow | undefined> {
  const [row] = await db.select().from(redirects).where(eq(redirects.id, id));
  return row;
}

/** What the server applies: every redirect, without its counts. */
export async function loadRedirectTable(db: Database): Promise<RedirectEntry[]> {
  return db.select({ id: redirects.id, source: redirects.source, target: redirects.target, status: redirects.status }).from(redirects);
}

/** The site a redirect is saved for: SITE_URL's origin (a target on one of its names is a path), and what it answers. */
export interface RedirectSite {
  origin: string;
  live: LivePaths;
}

/** The site the console's actions save for (the request's origin and live paths); a 503 where the server serves no build. */
export function redirectSiteOf(origin: string, live: LivePaths | null): RedirectSite {
  if (!live) throw data("Redirects cannot be saved here: this server does not know its own pages.", { status: 503 });
  return { origin, live };
}

type CheckedForm = { source: string; target: Target | null; status: 301 | 302 | 410 };

/** The form's fields checked one by one, before the table is looked at: what was typed, and the old path when it is one. */
function readForm(form: RedirectForm, siteOrigin: string): { checked?: CheckedForm; source?: string; errors: RedirectErrors } {
  const errors: RedirectErrors = {};
  const status = Number(form.status);
  if (!isRedirectStatus(status)) errors.status = "Choose 301 (moved for good), 302 (moved for now) or 410 (gone).";
  const source = parseSource(form.source);
  if ("error" in source) errors.source = source.error;
  let target: Target | null = null;
  if (status !== 410) {
    const parsed = parseTarget(form.target, new URL(siteOrigin).origin);
    if ("error" in parsed) errors.target = parsed.error;
    else target = parsed.target;
  } else if (form.target.trim() !== "") {
    errors.target = "A gone path (410) leads nowhere: leave the target empty, or choose 301 or 302.";
  }
  if ("error" in source) return { errors };
  if (Object.keys(errors).length > 0 || !isRedirectStatus(status)) return { source: source.path, errors };
  return { checked: { source: source.path, target, status }, source: source.path, errors };
}

/**
 * Adds a redirect (no `existing`) or changes one at the version the editor opened. A target that is itself redirected
 * is replaced by where it leads, and the redirects that led to the new source are pointed past it, in one transaction.
 */
export async function saveRedirect(
  db: Database,
  actor: string,
  site: RedirectSite,
  form: RedirectForm,
  existing?: { id: number; version: number },
): Promise<RedirectChangeResult> {
  const { checked, source, errors } = readForm(form, site.origin);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${CHANGE_LOCK})`);
    // An old path the site answers is refused: a redirect would hide it. Asked under the lock that a post or an issue
    // going live takes too (releaseRedirects), so a redirect is never saved behind a publication's back.
    const owner = source ? await site.live.ownerOf(tx as unknown as Database, source) : undefined;
    if (owner) errors.source = `${source} is ${owner}: a redirect would hide it. Only an address the site no longer answers can redirect.`;
    if (!checked || Object.keys(errors).length > 0) return { status: "invalid", errors } as const;
    // Rows saved before decision 034's amendment of 2026-11-29 may name the site by another name, or be unencoded.
    const table = (await loadRedirectTable(tx as unknown as Database)).map((entry) => ({
      ...entry,
      target: entry.target && (servedTarget(entry.target, site.origin) ?? entry.target),
    }));
    if (existing) {
      const [row] = await tx.select({ version: redirects.version }).from(redirects).where(eq(redirects.id, existing.id));
      if (!row) return { status: "gone" } as const;
      if (row.version !== existing.version) return { status: "conflict" } as const;
    }
    const plan = planRedirect(table, { id: existing?.id, ...checked });
    if (!plan.ok) return { status: "invalid", errors: plan.errors } as const;
    const now = new Date();
    const fields = { source: checked.source, target: plan.target, status: checked.status, updatedAt: now, updatedBy: actor };
    const [row] = existing
      ? await tx
          .update(redirects)
          .set({ ...fields, version: sql`${redirects.version} + 1` })
          .where(eq(redirects.id, existing.id))
          .returning()
      : await tx.insert(redirects).values(fields).returning();
    for (const skipped of plan.skipping) {
      await tx
        .update(redirects)
        .set({ target: plan.target, version: sql`${redirects.version} + 1`, updatedAt: now, updatedBy: actor })
        .where(eq(redirects.id, skipped.id));
    }
    const skipped = plan.skipping.map((entry) => entry.source);
    await recordAudit(tx, actor, "redirect-saved", {
      source: checked.source,
      target: plan.target ?? "",
      status: checked.status,
      ...(existing ? { changed: true } : {}),
      ...(plan.rewrittenFrom ? { rewrittenFrom: plan.rewrittenFrom } : {}),
      ...(skipped.length > 0 ? { skipped } : {}),
    });
    await notify(tx);
    return { status: "done", row: row!, rewrittenFrom: plan.rewrittenFrom, skipped } as const;
  });
}

/**
 * Holds every other change of the site's addresses until this transaction ends: a redirect saved, a campaign page created
 * (decision 047). Each checks that nothing holds its address under it, so two cannot take one address at one instant.
 */
export const holdAddressChanges = (tx: Transaction) => tx.execute(sql`SELECT pg_advisory_xact_lock(${CHANGE_LOCK})`);

/** The redirect from `path` (any case, with or without its trailing slash), if one is saved. */
export async function redirectFrom(tx: Database | Transaction, path: string): Promise<RedirectRow | undefined> {
  const address = routerPathOf(lookupPath(path));
  const all = await tx.select().from(redirects);
  return all.find((row) => routerPathOf(lookupPath(row.source)) === address);
}

/** A redirect a page took the place of. */
export interface ReleasedRedirect {
  source: string;
  target: string | null;
}

/**
 * A page goes live at `path` (a post published or moved there, an issue given its archive number): a redirect from
 * that address, saved before the page existed, would hide it. It is deleted in the page's own transaction, with an
 * audit line saying why, and every instance reloads its table (decision 034). Returns what was deleted, for the editor.
 */
export async function releaseRedirects(tx: Transaction, actor: string, path: string, page: "post" | "issue"): Promise<ReleasedRedirect[]> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${CHANGE_LOCK})`);
  const address = routerPathOf(lookupPath(path));
  const all = await tx.select({ id: redirects.id, source: redirects.source }).from(redirects);
  const ids = all.filter((row) => routerPathOf(row.source) === address).map((row) => row.id);
  if (ids.length === 0) return [];
  const released = await tx.delete(redirects).where(inArray(redirects.id, ids)).returning();
  for (const row of released) {
    await recordAudit(tx, actor, "redirect-deleted", {
      source: row.source,
      target: row.target ?? "",
      status: row.status,
      replacedBy: page,
    });
  }
  await notify(tx);
  return released.map((row) => ({ source: row.source, target: row.target }));
}

/** Deletes a redirect at the version the editor saw. */
export async function deleteRedirect(
  db: Database,
  actor: string,
  id: number,
  version: number,
): Promise<{ status: "done"; row: RedirectRow } | { status: "conflict" } | { status: "gone" }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${CHANGE_LOCK})`);
    const [row] = await tx
      .delete(redirects)
      .where(and(eq(redirects.id, id), eq(redirects.version, version)))
      .returning();
    if (!row) {
      const [still] = await tx.select({ id: redirects.id }).from(redirects).where(eq(redirects.id, id));
      return still ? ({ status: "conflict" } as const) : ({ status: "gone" } as const);
    }
    await recordAudit(tx, actor, "redirect-deleted", { source: row.source, target: row.target ?? "", status: row.status });
    await notify(tx);
    return { status: "done", row } as const;
  });
}

/** Adds the hits an instance counted since its last flush, each with the time of its latest. */
export async function addHits(db: Database, hits: Map<number, { count: number; last: Date }>) {
  if (hits.size === 0) return;
  const rows = sql.join(
    [...hits].map(([id, { count, last }]) => sql`(${id}::bigint, ${count}::bigint, ${last.toISOString()}::timestamptz)`),
    sql`, `,
  );
  await db.execute(sql`UPDATE redirects AS r
    SET hits = r.hits + v.count, last_hit_at = GREATEST(r.last_hit_at, v.last)
    FROM (VALUES ${rows}) AS v(id, count, last) WHERE r.id = v.id`);
}

/** What an instance counted of one missing path on one day since its last flush. */
export interface MissingCount {
  hits: number;
  /** Visitors who asked for it for the first time that day. */
  visitors: number;
}

/**
 * Adds the 404s an instance counted since its last flush, for one UTC day. A path already stored that day adds to its
 * counts; new paths take what is left of the day's MISSING_PATHS_PER_DAY, the most asked for first, and the rest wait
 * for no one: the bound is kept here, in SQL, so no number of instances can pass it.
 */
export async function addMissing(db: Database, counts: Map<string, MissingCount>, day: string) {
  if (counts.size === 0) return;
  const rows = JSON.stringify([...counts].map(([path, { hits, visitors }]) => ({ p: path, h: hits, v: visitors })));
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${MISSING_LOCK})`);
    await tx.execute(sql`
      WITH batch AS (SELECT * FROM json_to_recordset(${rows}::json) AS r(p text, h int, v int)),
      known AS (SELECT b.* FROM batch b WHERE EXISTS (SELECT 1 FROM missing_paths m WHERE m.path = b.p AND m.day = ${day}::date)),
      fresh AS (
        SELECT b.* FROM batch b WHERE NOT EXISTS (SELECT 1 FROM known k WHERE k.p = b.p)
        ORDER BY b.v DESC, b.h DESC, b.p
        LIMIT GREATEST(0, ${MISSING_PATHS_PER_DAY} - (SELECT count(*) FROM missing_paths WHERE day = ${day}::date))
      )
      INSERT INTO missing_paths (path, day, hits, visitors)
      SELECT p, ${day}::date, h, v FROM known UNION ALL SELECT p, ${day}::date, h, v FROM fresh
      ON CONFLICT (path, day) DO UPDATE
        SET hits = missing_paths.hits + excluded.hits, visitors = missing_paths.visitors + excluded.visitors`);
  });
}

export interface MissingPath {
  path: string;
  /** Visitor-days: a visitor who asked on two days counts on each, as the analytics count visits. */
  visitors: number;
  hits: number;
  lastDay: string;
}

/**
 * The missing paths of the last 30 days that no redirect takes yet, those most visitors asked for first: one visitor
 * asking again and again adds requests, not rank.
 */
export async function topMissingPaths(db: Database, limit = 20): Promise<MissingPath[]> {
  const visitors = sql<number>`sum(${missingPaths.visitors})::int`;
  const hits = sql<number>`sum(${missingPaths.hits})::int`;
  return db
    .select({ path: missingPaths.path, visitors, hits, lastDay: sql<string>`max(${missingPaths.day})::text` })
    .from(missingPaths)
    .where(
      and(
        gte(missingPaths.day, sql`current_date - ${MISSING_PATH_DAYS - 1}::int`),
        notInArray(missingPaths.path, db.select({ source: redirects.source }).from(redirects)),
      ),
    )
    .groupBy(missingPaths.path)
    .orderBy(desc(visitors), desc(hits), asc(missingPaths.path))
    .limit(limit);
}

/** The retention purge's part (app/lib/retention/retention.server.ts): days older than the 30 shown. */
export async function purgeMissingPaths(tx: Database | Transaction): Promise<number> {
  const deleted = await tx
    .delete(missingPaths)
    .where(sql`${missingPaths.day} < current_date - ${MISSING_PATH_DAYS - 1}::int`)
    .returning({ one: sql`1` });
  return deleted.length;
}
