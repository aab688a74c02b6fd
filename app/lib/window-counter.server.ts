import { createHmac } from "node:crypto";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { rateLimitHits, rateLimitSalts } from "~/lib/db/schema";

// Hits per (bucket, value) in a time window, in Postgres (`rate_limit_hits`), so every instance behind a load balancer
// shares the counts. Under both the form limiter (../rate-limit.server.ts) and the failed sign-in throttle
// (./auth/throttle.server.ts). A value (a client address, an account) is stored only as an HMAC-SHA256 with the site's
// rate-limit key: one-way, and nobody without the key can test an address against it. A row expires when its window
// ends, never more than 24 hours after it was written, and is then purged, as the privacy policy promises.

const DAY_MS = 86_400_000;
const PURGE_EVERY_MS = 5 * 60_000;

export interface WindowCounterOptions {
  /** The HMAC key for the stored values (derived from SECRET_KEY for this purpose). */
  key: Buffer | string;
  /** At most a day, so no row outlives 24 hours. */
  windowSeconds: number;
}

/** What is counted: a bucket (a form, "sign-in:account") and a value in it, stored as `keyOf(bucket, value)`. */
export interface Counted {
  bucket: string;
  value: string;
}

export interface WindowCount {
  /** The hits of each counted thing in the current window, in the order asked. */
  hits: number[];
  /** When the current window ends (ms since the epoch), and in whole seconds from now (at least 1). */
  resetsAt: number;
  retryAfterSeconds: number;
}

export interface WindowCounter {
  /** How a value is stored: the same bucket and value always give the same key, and no other pair does. */
  keyOf(bucket: string, value: string): string;
  /** Adds one hit to each and returns the counts after it. */
  hit(counted: Counted[]): Promise<WindowCount>;
  /** The counts without adding to them. */
  read(counted: Counted[]): Promise<WindowCount>;
  /** Forgets a value's hits in every window. */
  clear(counted: Counted): Promise<void>;
}

/**
 * The window a moment falls in, which every count, expiry and Retry-After derives from: fixed windows aligned to the
 * epoch, so every instance agrees on them. A sliding window (issue 24, for sign-ins) starts here: it would also count
 * the previous window's row, weighted by how much of that window still overlaps the last `windowMs`.
 */
export function windowAt(at: number, windowMs: number): { start: number; end: number } {
  const start = Math.floor(at / windowMs) * windowMs;
  return { start, end: start + windowMs };
}

type Row = { bucket: string; addressHash: string; hits: number };

export function createWindowCounter(db: Database, options: WindowCounterOptions, now: () => number = Date.now): WindowCounter {
  const windowMs = Math.min(Math.max(options.windowSeconds, 1), 86_400) * 1000;
  const keyOf = (bucket: string, value: string) => createHmac("sha256", options.key).update(`${bucket}:${value}`).digest("hex");
  const keysOf = (counted: Counted[]) => counted.map(({ bucket, value }) => ({ bucket, addressHash: keyOf(bucket, value) }));
  let lastPurge = 0;

  function current() {
    const at = now();
    const { start, end } = windowAt(at, windowMs);
    return { at, start: new Date(start), resetsAt: end, retryAfterSeconds: Math.max(1, Math.ceil((end - at) / 1000)) };
  }

  const countOf = (rows: Row[], keys: Omit<Row, "hits">[], window: ReturnType<typeof current>): WindowCount => ({
    hits: keys.map((key) => rows.find((row) => row.bucket === key.bucket && row.addressHash === key.addressHash)?.hits ?? 0),
    resetsAt: window.resetsAt,
    retryAfterSeconds: window.retryAfterSeconds,
  });

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
      // A row goes when its window ends, and never later than a day after it was written.
      const expiresAt = new Date(Math.min(window.resetsAt, window.at + DAY_MS));
      const rows = await db
        .insert(rateLimitHits)
        .values(keys.map((key) => ({ ...key, windowStart: window.start, expiresAt })))
        .onConflictDoUpdate({
          target: [rateLimitHits.bucket, rateLimitHits.addressHash, rateLimitHits.windowStart],
          set: { hits: sql`${rateLimitHits.hits} + 1` },
        })
        .returning({ bucket: rateLimitHits.bucket, addressHash: rateLimitHits.addressHash, hits: rateLimitHits.hits });
      return countOf(rows, keys, window);
    },

    async read(counted) {
      const window = current();
      const keys = keysOf(counted);
      const rows = await db
        .select({ bucket: rateLimitHits.bucket, addressHash: rateLimitHits.addressHash, hits: rateLimitHits.hits })
        .from(rateLimitHits)
        .where(
          and(
            eq(rateLimitHits.windowStart, window.start),
            inArray(
              rateLimitHits.addressHash,
              keys.map((key) => key.addressHash),
            ),
          ),
        );
      return countOf(rows, keys, window);
    },

    async clear({ bucket, value }) {
      await db.delete(rateLimitHits).where(and(eq(rateLimitHits.bucket, bucket), eq(rateLimitHits.addressHash, keyOf(bucket, value))));
    },
  };
}
