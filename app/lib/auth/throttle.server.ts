import { createHmac } from "node:crypto";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { rateLimitHits } from "~/lib/db/schema";

// Failed sign-ins, counted per account and per address in fixed windows, in the rate limiter's table so that every
// instance sees the same counts. Unlike the form limiter, only failures count, and the count is read before the
// password is checked: once over, even the right password is refused until the window ends, so guessing stops there.
// Keys are HMACs of the address typed and of the client address, never the values; rows expire with their window.

export interface SignInThrottleOptions {
  secret: string;
  /** Failures allowed per account (the address typed, known or not) in one window. */
  maxPerAccount: number;
  /** Failures allowed per client address, across accounts, in one window. */
  maxPerAddress: number;
  windowSeconds: number;
}

export interface SignInThrottle {
  /** Seconds until sign-in is allowed again for this account or address, or null when it is allowed now. */
  blockedFor(account: string, address: string): Promise<number | null>;
  recordFailure(account: string, address: string): Promise<void>;
  /** A successful sign-in clears the account's count (not the address's). */
  clearAccount(account: string): Promise<void>;
}

const ACCOUNT = "sign-in:account";
const ADDRESS = "sign-in:address";

export function createSignInThrottle(db: Database, options: SignInThrottleOptions, now: () => number = Date.now): SignInThrottle {
  const windowMs = options.windowSeconds * 1000;
  const key = (kind: string, value: string) => createHmac("sha256", options.secret).update(`${kind}:${value}`).digest("hex");
  const accountKey = (account: string) => key(ACCOUNT, account.trim().toLowerCase());
  const addressKey = (address: string) => key(ADDRESS, address);
  const window = () => {
    const at = now();
    const start = Math.floor(at / windowMs) * windowMs;
    return { at, start: new Date(start), end: start + windowMs };
  };

  return {
    async blockedFor(account, address) {
      const { at, start, end } = window();
      const rows = await db
        .select({ bucket: rateLimitHits.bucket, hits: rateLimitHits.hits })
        .from(rateLimitHits)
        .where(
          and(
            eq(rateLimitHits.windowStart, start),
            inArray(rateLimitHits.addressHash, [accountKey(account), addressKey(address)]),
            inArray(rateLimitHits.bucket, [ACCOUNT, ADDRESS]),
          ),
        );
      const over = rows.some(
        (row) =>
          (row.bucket === ACCOUNT && row.hits >= options.maxPerAccount) || (row.bucket === ADDRESS && row.hits >= options.maxPerAddress),
      );
      return over ? Math.max(1, Math.ceil((end - at) / 1000)) : null;
    },

    async recordFailure(account, address) {
      const { at, start, end } = window();
      const row = (bucket: string, addressHash: string) => ({ bucket, addressHash, windowStart: start, expiresAt: new Date(end) });
      await db
        .insert(rateLimitHits)
        .values([row(ACCOUNT, accountKey(account)), row(ADDRESS, addressKey(address))])
        .onConflictDoUpdate({
          target: [rateLimitHits.bucket, rateLimitHits.addressHash, rateLimitHits.windowStart],
          set: { hits: sql`${rateLimitHits.hits} + 1` },
        });
      // The form limiter purges expired rows too; this keeps the table small when no form is posted.
      await db
        .delete(rateLimitHits)
        .where(and(inArray(rateLimitHits.bucket, [ACCOUNT, ADDRESS]), lt(rateLimitHits.expiresAt, new Date(at))));
    },

    async clearAccount(account) {
      await db.delete(rateLimitHits).where(and(eq(rateLimitHits.bucket, ACCOUNT), eq(rateLimitHits.addressHash, accountKey(account))));
    },
  };
}
