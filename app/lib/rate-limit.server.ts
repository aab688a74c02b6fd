import { createHash, randomBytes } from "node:crypto";
import { eq, lt, sql } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { rateLimitHits, rateLimitSalts } from "~/lib/db/schema";

export interface RateLimitOptions {
  /** Submissions allowed per address and form in one window. */
  max: number;
  /** Submissions allowed per form from all addresses together in one window: a ceiling no real peak meets. */
  formMax?: number;
  windowSeconds: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Counts a submission; `factor` multiplies the per-address allowance for a form that needs more (downloads). */
  hit(bucket: string, address: string, factor?: number): Promise<RateLimitDecision>;
  /**
   * Without a query: whether this instance already refused the address in the current window, and for how
   * many more seconds. Lets the server answer a flood before it reads a body or renders a page.
   */
  blockedFor(bucket: string, address: string): number | null;
}

const DAY_MS = 86_400_000;
/** Stands for "every address" in the form-wide counter; no salted SHA-256 hex digest looks like it. */
const ALL_ADDRESSES = "*".repeat(64);
const PURGE_EVERY_MS = 5 * 60_000;

/**
 * Fixed-window counters in Postgres, so every instance behind a load balancer shares them. The address is
 * stored only as a SHA-256 hash salted with that day's random salt; rows expire with their window (at most
 * 24 hours) and are purged, as the privacy policy promises.
 */
export function createRateLimiter(db: Database, options: RateLimitOptions, now: () => number = Date.now): RateLimiter {
  const windowMs = Math.min(Math.max(options.windowSeconds, 1), 86_400) * 1000;
  const salts = new Map<string, string>();
  // Addresses this instance already saw over the limit, until their window ends: a flood costs no queries.
  const blocked = new Map<string, number>();
  let lastPurge = 0;

  async function saltFor(day: string) {
    const cached = salts.get(day);
    if (cached) return cached;
    await db
      .insert(rateLimitSalts)
      .values({ day, salt: randomBytes(32).toString("hex") })
      .onConflictDoNothing();
    const [row] = await db.select({ salt: rateLimitSalts.salt }).from(rateLimitSalts).where(eq(rateLimitSalts.day, day));
    if (!row) throw new Error("rate-limit salt missing");
    salts.clear();
    salts.set(day, row.salt);
    return row.salt;
  }

  async function purge(at: number, day: string) {
    lastPurge = at;
    await db.delete(rateLimitHits).where(lt(rateLimitHits.expiresAt, new Date(at)));
    await db.delete(rateLimitSalts).where(lt(rateLimitSalts.day, day));
    for (const [key, until] of blocked) if (until <= at) blocked.delete(key);
  }

  const hashAddress = (salt: string, address: string) => createHash("sha256").update(`${salt}:${address}`).digest("hex");

  return {
    blockedFor(bucket, address) {
      const at = now();
      const salt = salts.get(new Date(at).toISOString().slice(0, 10));
      if (!salt) return null;
      const until = Math.max(blocked.get(`${bucket}:${hashAddress(salt, address)}`) ?? 0, blocked.get(`${bucket}:${ALL_ADDRESSES}`) ?? 0);
      return until > at ? Math.max(1, Math.ceil((until - at) / 1000)) : null;
    },

    async hit(bucket, address, factor = 1) {
      const at = now();
      const day = new Date(at).toISOString().slice(0, 10);
      const addressHash = hashAddress(await saltFor(day), address);
      const windowStart = Math.floor(at / windowMs) * windowMs;
      const windowEnd = windowStart + windowMs;
      const retryAfterSeconds = Math.max(1, Math.ceil((windowEnd - at) / 1000));
      const key = `${bucket}:${addressHash}`;
      const formKey = `${bucket}:${ALL_ADDRESSES}`;

      if (Math.max(blocked.get(key) ?? 0, blocked.get(formKey) ?? 0) > at) return { allowed: false, retryAfterSeconds };
      if (at - lastPurge > PURGE_EVERY_MS) await purge(at, day);

      const counter = (hash: string) => ({
        bucket,
        addressHash: hash,
        windowStart: new Date(windowStart),
        expiresAt: new Date(Math.min(windowEnd, at + DAY_MS)),
      });
      const rows = await db
        .insert(rateLimitHits)
        .values(options.formMax ? [counter(addressHash), counter(ALL_ADDRESSES)] : [counter(addressHash)])
        .onConflictDoUpdate({
          target: [rateLimitHits.bucket, rateLimitHits.addressHash, rateLimitHits.windowStart],
          set: { hits: sql`${rateLimitHits.hits} + 1` },
        })
        .returning({ addressHash: rateLimitHits.addressHash, hits: rateLimitHits.hits });
      const hitsOf = (hash: string) => rows.find((row) => row.addressHash === hash)?.hits ?? 1;
      const addressOver = hitsOf(addressHash) > options.max * factor;
      const formOver = options.formMax !== undefined && hitsOf(ALL_ADDRESSES) > options.formMax;
      if (blocked.size > 10_000) blocked.clear();
      if (addressOver) blocked.set(key, windowEnd);
      if (formOver) blocked.set(formKey, windowEnd);
      const allowed = !addressOver && !formOver;
      return { allowed, retryAfterSeconds };
    },
  };
}

/** Test helper and operator aid: the stored counters for one bucket. */
export async function countersFor(db: Database, bucket: string) {
  return db.select().from(rateLimitHits).where(eq(rateLimitHits.bucket, bucket));
}
