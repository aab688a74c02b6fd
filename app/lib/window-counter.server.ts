import { createHmac } from "node:crypto";
import { and, eq, gt, inArray, lt, or, sql } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { rateLimitHits, rateLimitSalts } from "~/lib/db/schema/forms";

// Hits per (bucket, value) in a sliding window, in Postgres (`rate_limit_hits`), so every instance behind a load
// balancer shares the counts. Under both the form limiter (../rate-limit.server.ts) and the failed sign-in throttle
// (./console/throttle.server.ts). A value (a client address, an account) is stored only as an HMAC-SHA256 with the site's
// rate-limit key: one-way, and nobody without the key can test an address against it. A row counts in its own window
// and fades through the next, never more than 24 hours after it was written, and is then purged, as the privacy
// policy promises.

const DAY_MS = 86_400_000;
const PURGE_EVERY_MS = 5 * 60_000;

export interface WindowCounterOptions {
  /** The HMAC key for the stored values (derived from SECRET_KEY for this purpose). */
  key: Buffer | string;
  /** At most a day, so no row outlives 24 hours. */
  windowSeconds: number;
}

/** What is counted: a bucket (a form, "sign-in:address") and a value in it, stored as `keyOf(bucket, value, group)`. */
export interface Counted {
  bucket: string;
  value: string;
  /**
   * What the value belongs to (a sign-in's account, of an account and client pair): its keys begin with the group's own
   * keyed hash, so `clearGroup` forgets all of the group's values without knowing them.
   */
  group?: string;
}

export interface WindowCount {
  /** The moment counted (ms since the epoch). */
  at: number;
  /** The hits of each counted thing in the last window's length (`slidingHits`), in the order asked. */
  hits: number[];
  /** When the thing at `index` falls below `limit` if nothing more is counted: `at` when it already is. */
  belowAt(index: number, limit: number): number;
  /** Whole seconds from `at` until a later moment, at least 1: a Retry-After. */
  secondsUntil(moment: number): number;
  /** The last hit of the thing at `index` in the last two windows, or null when it has none. */
  lastAt(index: number): number | null;
}

export interface WindowCounter {
  /** How a value is stored: the same bucket, value (and group) always give the same key, and no others do. */
  keyOf(bucket: string, value: string, group?: string): string;
  /** Adds one hit to each and returns the counts after it. */
  hit(counted: Counted[]): Promise<WindowCount>;
  /** The counts without adding to them. */
  read(counted: Counted[]): Promise<WindowCount>;
  /** Forgets a value's hits in every window; how many rows went. */
  clear(counted: Counted): Promise<number>;
  /** Forgets the hits of every value of a group in a bucket, in every window; how many rows went. */
  clearGroup(bucket: string, group: string): Promise<number>;
}

/**
 * The window a moment falls in, the one place windows are computed: fixed windows aligned to the epoch, so every
 * instance agrees on them, each one row per counted thing. Counts slide over them (`slidingHits`).
 */
export function windowAt(at: number, windowMs: number): { start: number; end: number } {
  const start = Math.floor(at / windowMs) * windowMs;
  return { start, end: start + windowMs };
}

/**
 * The hits in the `windowMs` before `at`: the current window's, plus the previous window's weighted by how much of it
 * that span still overlaps, rounded up so that a hit still partly inside counts whole. Across a boundary the previous
 * window's hits therefore count in full at first, and fade one by one (docs/decisions/019-sliding-windows.md).
 */
export function slidingHits(current: number, previous: number, at: number, windowMs: number): number {
  const { end } = windowAt(at, windowMs);
  return current + Math.ceil((previous * (end - at)) / windowMs);
}

/** The first moment from `at` at which `slidingHits` is below `limit`, if nothing more is counted. */
export function belowLimitAt(limit: number, current: number, previous: number, at: number, windowMs: number): number {
  const { end } = windowAt(at, windowMs);
  if (current >= limit) {
    // At the window's end this window's hits become the previous ones, then fade until limit - 1 remain.
    return end + windowMs - Math.floor(((limit - 1) * windowMs) / current);
  }
  const room = limit - 1 - current;
  if (previous <= room) return at;
  return Math.max(at, end - Math.floor((room * windowMs) / previous));
}

type Key = { bucket: string; addressHash: string };
type Row = Key & { hits: number; previous: number; lastHitAt: Date | null };

/** A group's keys share its first half: 128 bits of each keyed hash, still far beyond any collision. */
const GROUP_PREFIX = 32;

export function createWindowCounter(db: Database, options: WindowCounterOptions, now: () => number = Date.now): WindowCounter {
  const windowMs = Math.min(Math.max(options.windowSeconds, 1), 86_400) * 1000;
  const hmac = (text: string) => createHmac("sha256", options.key).update(text).digest("hex");
  const groupKeyOf = (bucket: string, group: string) => hmac(`${bucket}:${group}`).slice(0, GROUP_PREFIX);
  const keyOf = (bucket: string, value: string, group?: string) =>
    group === undefined
      ? hmac(`${bucket}:${value}`)
      : groupKeyOf(bucket, group) + hmac(`${bucket}:${group}:${value}`).slice(0, 64 - GROUP_PREFIX);
  const keysOf = (counted: Counted[]): Key[] =>
    counted.map(({ bucket, value, group }) => ({ bucket, addressHash: keyOf(bucket, value, group) }));
  let lastPurge = 0;

  function current() {
    const at = now();
    const { start, end } = windowAt(at, windowMs);
    return { at, start: new Date(start), previousStart: new Date(start - windowMs), end };
  }

  function countOf(rows: Row[], keys: Key[], at: number): WindowCount {
    const found = keys.map((key) => rows.find((row) => row.bucket === key.bucket && row.addressHash === key.addressHash));
    return {
      at,
      hits: found.map((row) => slidingHits(row?.hits ?? 0, row?.previous ?? 0, at, windowMs)),
      belowAt: (index, limit) => belowLimitAt(limit, found[index]?.hits ?? 0, found[index]?.previous ?? 0, at, windowMs),
      secondsUntil: (moment) => Math.max(1, Math.ceil((moment - at) / 1000)),
      lastAt: (index) => found[index]?.lastHitAt?.getTime() ?? null,
    };
  }

  /** The one purge: expired rows of every bucket, at most every few minutes, on the way of a write. */
  async function purgeExpired(at: number) {
    if (at - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = at;
    await db.delete(rateLimitHits).where(lt(rateLimitHits.expiresAt, new Date(at)));
    // The daily salts of the releases before keyed hashes: gone the day after, as they always were.
    await db.delete(rateLimitSalts).where(lt(rateLimitSalts.day, new Date(at).toISOString().slice(0, 10)));
  }

  return {
    keyOf,

    async hit(counted) {
      const window = current();
      await purgeExpired(window.at);
      const keys = keysOf(counted);
      // A row counts through the next window too, and is never kept longer than a day after it was written.
      const expiresAt = new Date(Math.min(window.end + windowMs, window.at + DAY_MS));
      // The previous window's row comes back with the upsert: one round trip per hit, as with fixed windows.
      // (Written out: inside RETURNING, Drizzle would leave the columns unqualified.)
      const previous = sql<number>`coalesce((SELECT previous.hits FROM rate_limit_hits previous WHERE previous.bucket = rate_limit_hits.bucket AND previous.address_hash = rate_limit_hits.address_hash AND previous.window_start = ${window.previousStart.toISOString()}::timestamptz AND previous.expires_at > ${new Date(window.at).toISOString()}::timestamptz), 0)`;
      const rows = await db
        .insert(rateLimitHits)
        .values(keys.map((key) => ({ ...key, windowStart: window.start, expiresAt, lastHitAt: new Date(window.at) })))
        .onConflictDoUpdate({
          target: [rateLimitHits.bucket, rateLimitHits.addressHash, rateLimitHits.windowStart],
          set: { hits: sql`${rateLimitHits.hits} + 1`, lastHitAt: sql`greatest(${rateLimitHits.lastHitAt}, excluded.last_hit_at)` },
        })
        .returning({
          bucket: rateLimitHits.bucket,
          addressHash: rateLimitHits.addressHash,
          hits: rateLimitHits.hits,
          lastHitAt: rateLimitHits.lastHitAt,
          previous,
        });
      return countOf(
        rows.map((row) => ({ ...row, previous: Number(row.previous) })),
        keys,
        window.at,
      );
    },

    async read(counted) {
      const window = current();
      const keys = keysOf(counted);
      const stored = await db
        .select({
          bucket: rateLimitHits.bucket,
          addressHash: rateLimitHits.addressHash,
          hits: rateLimitHits.hits,
          windowStart: rateLimitHits.windowStart,
          lastHitAt: rateLimitHits.lastHitAt,
        })
        .from(rateLimitHits)
        .where(
          and(
            or(eq(rateLimitHits.windowStart, window.start), eq(rateLimitHits.windowStart, window.previousStart)),
            gt(rateLimitHits.expiresAt, new Date(window.at)),
            inArray(
              rateLimitHits.addressHash,
              keys.map((key) => key.addressHash),
            ),
          ),
        );
      const rows = keys.map((key) => {
        const mine = stored.filter((row) => row.bucket === key.bucket && row.addressHash === key.addressHash);
        const inWindow = (start: Date) => mine.find((row) => row.windowStart.getTime() === start.getTime())?.hits ?? 0;
        const lastHitAt = mine.reduce<Date | null>((last, row) => (last && last >= row.lastHitAt ? last : row.lastHitAt), null);
        return { ...key, hits: inWindow(window.start), previous: inWindow(window.previousStart), lastHitAt };
      });
      return countOf(rows, keys, window.at);
    },

    async clear({ bucket, value, group }) {
      const deleted = await db
        .delete(rateLimitHits)
        .where(and(eq(rateLimitHits.bucket, bucket), eq(rateLimitHits.addressHash, keyOf(bucket, value, group))))
        .returning({ bucket: rateLimitHits.bucket });
      return deleted.length;
    },

    async clearGroup(bucket, group) {
      const deleted = await db
        .delete(rateLimitHits)
        .where(
          and(eq(rateLimitHits.bucket, bucket), sql`left(${rateLimitHits.addressHash}, ${GROUP_PREFIX}) = ${groupKeyOf(bucket, group)}`),
        )
        .returning({ bucket: rateLimitHits.bucket });
      return deleted.length;
    },
  };
}
