// The redirects as this instance applies them (docs/decisions/034): loaded at start, reloaded on every NOTIFY (and
// when the listener reconnects), kept as they were when the database is away, and copied to DATA_DIR so a restart
// during an outage still applies them (decision 027). Hits and missing paths are counted in memory and written in
// batches, off the request path.
import { hash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Database, DatabaseHandle } from "~/lib/db/client.server";
import type { LivePaths } from "./live-paths.server";
import { encodedTarget, lookupPath, type RedirectEntry } from "./rules";
import { addHits, addMissing, loadRedirectTable, MISSING_PATHS_PER_DAY, REDIRECTS_CHANNEL, type MissingCount } from "./store.server";

export interface RedirectTable {
  /** The redirect of a request's path (without its query), if any: one map lookup. */
  find(pathname: string): RedirectEntry | undefined;
  readonly size: number;
  /** Counts a redirect answered; written with the next batch. */
  hit(id: number): void;
  /**
   * Counts a 404 for a path, and whether this visitor asked for it before today; written with the next batch. The
   * address and user agent only tell visitors apart in memory: nothing of them is stored.
   */
  missing(pathname: string, visitor: Visitor): void;
  /** Reads the table from the database, settling once a read begun after the call is in use; on failure the last one stays. */
  reload(): Promise<void>;
  /** Reloads on every change committed by any instance. */
  listen(handle: Pick<DatabaseHandle, "listen">): Promise<void>;
  /** Writes the counted hits and missing paths now. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/**
 * After a change is committed: the instance that saved it applies it before answering, so the operator who follows
 * their new redirect is never told otherwise; the other instances follow on the NOTIFY. A failed read leaves it to that.
 */
export async function applyHere(table: Pick<RedirectTable, "reload"> | null) {
  await table?.reload().catch(() => {});
}

export interface RedirectTableOptions {
  /** The migrations applied (server/services.ts); the table is not read before. */
  ready?: () => Promise<void>;
  /** What the site answers: a stored redirect from such an address is skipped, not applied (decision 034). */
  live?: LivePaths | undefined;
  /** Where the last loaded table is copied; unset keeps none (tests). */
  dataDir?: string | undefined;
  flushMs?: number;
  warn?: (message: string) => void;
}

/** Who asked for a missing path, as the request says. */
export interface Visitor {
  address: string;
  userAgent: string | undefined;
}

/**
 * The missing paths one visitor (an address and user agent, for a UTC day, as the analytics tell visitors apart) adds
 * in a day: a person following old links meets a few, a scanner thousands (decision 034). Their repeats still count.
 */
export const MISSING_PATHS_PER_VISITOR = 5;
/**
 * Visitors told apart in a day on this instance; past it a new visitor's 404s are not counted until the next day.
 * With MISSING_PATHS_PER_VISITOR it bounds the day's memory to 100,000 short keys, a few MB, whatever the traffic.
 */
const MISSING_VISITORS_PER_DAY = 20_000;
const HIT_IDS_PER_BATCH = 10_000;

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** A visitor as this instance tells them apart in memory: 96 bits of a hash, never written anywhere. */
const visitorKeyOf = ({ address, userAgent }: Visitor) => hash("sha256", `${address}\n${userAgent ?? ""}`, "base64url").slice(0, 16);

export function createRedirectTable(db: Database, options: RedirectTableOptions = {}): RedirectTable {
  const { ready = async () => {}, dataDir, live, flushMs = 2000, warn = (message: string) => console.warn(message) } = options;
  const copy = dataDir ? path.resolve(dataDir, "redirects.json") : undefined;
  let bySource = new Map<string, RedirectEntry>();
  let hits = new Map<number, { count: number; last: Date }>();
  let missing = new Map<string, Map<string, MissingCount>>();
  // Today's askers: each path's visitors, and how many paths each visitor added (both reset when the day changes).
  let today = "";
  let askedBy = new Map<string, Set<string>>();
  let pathsOf = new Map<string, number>();

  // Said once per row and reason, not at every reload.
  const warned = new Set<string>();
  const skip = (entry: RedirectEntry, why: string) => {
    const key = `${entry.id} ${why}`;
    if (!warned.has(key)) warn(`The redirect from ${entry.source} is not applied: ${why}. Delete or correct it in the console.`);
    warned.add(key);
  };
  /**
   * The rows this instance applies: not one whose old path the site answers (`answered`: saved before a post was
   * published there, or before decision 034's amendment of 2026-11-29 refused it), each target percent-encoded for
   * `Location`.
   */
  const usable = (entries: RedirectEntry[], answered: Map<string, string>): RedirectEntry[] =>
    entries.flatMap((entry) => {
      const owner = answered.get(entry.source);
      if (owner) {
        skip(entry, `the site answers it (${owner})`);
        return [];
      }
      if (entry.target === null) return [entry];
      const target = encodedTarget(entry.target);
      if (target === null) {
        skip(entry, "its target is not a web address");
        return [];
      }
      return [{ ...entry, target }];
    });
  /** What answers the entries' old paths whatever the database holds (the copy on disk is read without it). */
  const routeAnswers = (entries: RedirectEntry[]) =>
    new Map(
      entries.flatMap((entry) => {
        const owner = live?.answeredBy(entry.source);
        return owner ? [[entry.source, owner] as const] : [];
      }),
    );
  const install = (entries: RedirectEntry[]) => {
    bySource = new Map(entries.map((entry) => [entry.source, entry]));
  };
  if (copy) {
    try {
      const saved = JSON.parse(readFileSync(copy, "utf8")) as RedirectEntry[];
      install(usable(saved, routeAnswers(saved)));
    } catch {
      // No copy yet (a first start), or an unreadable one: the database's table arrives with the first load.
    }
  }

  let loading: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  async function load() {
    try {
      await ready();
      const stored = await loadRedirectTable(db);
      const entries = usable(
        stored,
        live
          ? await live.answeredNow(
              db,
              stored.map((entry) => entry.source),
            )
          : new Map(),
      );
      install(entries);
      if (copy) {
        mkdirSync(path.dirname(copy), { recursive: true });
        writeFileSync(`${copy}.tmp`, JSON.stringify(entries));
        renameSync(`${copy}.tmp`, copy);
      }
    } catch (error) {
      warn(`Redirects not reloaded, the last ${bySource.size} stay in use: ${error instanceof Error ? error.message : String(error)}`);
      throw error;
    }
  }
  // A load already running may have read the table before the change that asks for this one: the change is seen by
  // the load that follows it (one, however many ask meanwhile), and the promise returned settles with that load.
  function reload(): Promise<void> {
    if (!loading) {
      loading = load().finally(() => {
        loading = undefined;
      });
      return loading;
    }
    next ??= loading
      .catch(() => {})
      .then(() => {
        next = undefined;
        return reload();
      });
    return next;
  }

  async function flush() {
    const hitBatch = hits;
    const missingBatch = missing;
    hits = new Map();
    missing = new Map();
    try {
      await addHits(db, hitBatch);
    } catch {
      // The database is away: the counts wait for the next batch, unless that one has grown too large meanwhile.
      for (const [id, { count, last }] of hitBatch) {
        const now = hits.get(id);
        if (hits.size < HIT_IDS_PER_BATCH || now) hits.set(id, { count: count + (now?.count ?? 0), last: now?.last ?? last });
      }
    }
    for (const [day, counts] of missingBatch) await addMissing(db, counts, day).catch(() => {});
  }

  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();

  return {
    find: (pathname) => (bySource.size === 0 ? undefined : bySource.get(lookupPath(pathname))),
    get size() {
      return bySource.size;
    },
    hit(id) {
      const entry = hits.get(id);
      if (entry) {
        entry.count += 1;
        entry.last = new Date();
      } else if (hits.size < HIT_IDS_PER_BATCH) hits.set(id, { count: 1, last: new Date() });
    },
    missing(pathname, visitor) {
      const day = utcDay(new Date());
      if (day !== today) {
        today = day;
        askedBy = new Map();
        pathsOf = new Map();
      }
      const key = visitorKeyOf(visitor);
      let visitors = askedBy.get(pathname);
      const again = visitors?.has(key) ?? false;
      if (!again) {
        const asked = pathsOf.get(key) ?? 0;
        // Over the visitor's share, a new path past what the table takes today, a new visitor past the day's memory.
        if (asked >= MISSING_PATHS_PER_VISITOR) return;
        if (!visitors && askedBy.size >= MISSING_PATHS_PER_DAY) return;
        if (asked === 0 && pathsOf.size >= MISSING_VISITORS_PER_DAY) return;
        if (!visitors) askedBy.set(pathname, (visitors = new Set()));
        visitors.add(key);
        pathsOf.set(key, asked + 1);
      }
      let counts = missing.get(day);
      if (!counts) missing.set(day, (counts = new Map()));
      const count = counts.get(pathname);
      if (count) {
        count.hits += 1;
        if (!again) count.visitors += 1;
      } else counts.set(pathname, { hits: 1, visitors: again ? 0 : 1 });
    },
    reload,
    async listen(handle) {
      await handle.listen(
        REDIRECTS_CHANNEL,
        () => void reload().catch(() => {}),
        () => void reload().catch(() => {}),
      );
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
