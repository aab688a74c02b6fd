import type { Database } from "~/lib/db/client.server";
import { createWindowCounter, type WindowCount } from "~/lib/window-counter.server";

// Failed sign-ins, counted per account from each client address and per client address, in the shared sliding window
// (../window-counter.server.ts), so that every instance sees the same counts (docs/decisions/019). Never per account
// alone: a stranger's wrong passwords then locked the account for everyone, its owner included; now they slow only the
// stranger's own address, and the owner signs in from theirs. Past a limit each next try waits, longer after every
// failure; a try made too early is refused with the time left, read from the stored failures, without holding the
// request. Only failures count, and the wait is checked before the password, so a guess made too early is never
// checked, right or wrong. The counter keeps keyed hashes of the address typed and of the client address, never the
// values.

export interface SignInThrottleOptions {
  /** The window counter's HMAC key (the same as the form limiter's). */
  rateLimitKey: Buffer | string;
  /** Failures allowed per account from one client address in any window's length before each next try waits. */
  maxPerAccount: number;
  /** Failures allowed per client address, across accounts, in any window's length before each next try waits. */
  maxPerAddress: number;
  /** How long a failure counts, and the longest wait. */
  windowSeconds: number;
}

export interface SignInThrottle {
  /** Seconds until this client may try this account again, or null when it may now. */
  blockedFor(account: string, address: string): Promise<number | null>;
  recordFailure(account: string, address: string): Promise<void>;
  /** A successful sign-in clears the account's failures from this client (not the client's across accounts). */
  clearFailures(account: string, address: string): Promise<number>;
  /** Erasing an address forgets its failed sign-ins as an account, from every client; how many rows went. */
  forgetAccount(account: string): Promise<number>;
}

const ACCOUNT_FROM_ADDRESS = "sign-in:account-address";
const ADDRESS = "sign-in:address";

/**
 * When a try is allowed again by what is counted at `index`: now while its failures are under `limit`; past it, a
 * delay after the last failure that starts at W / limit and doubles with each failure past the limit, at most W; or,
 * sooner, once the failures have slid below the limit.
 */
export function allowedAt(count: WindowCount, index: number, limit: number, windowMs: number): number {
  const failures = count.hits[index] ?? 0;
  if (failures < limit) return count.at;
  const delay = Math.min(windowMs, (windowMs / limit) * 2 ** (failures - limit));
  return Math.min(count.belowAt(index, limit), (count.lastAt(index) ?? count.at) + Math.ceil(delay));
}

export function createSignInThrottle(db: Database, options: SignInThrottleOptions, now: () => number = Date.now): SignInThrottle {
  const counter = createWindowCounter(db, { key: options.rateLimitKey, windowSeconds: options.windowSeconds }, now);
  const windowMs = options.windowSeconds * 1000;
  const accountOf = (account: string) => account.trim().toLowerCase();
  // The pair's key begins with the account's, so erasing the account finds its pairs without the client addresses.
  const fromAddress = (account: string, address: string) => ({ bucket: ACCOUNT_FROM_ADDRESS, group: accountOf(account), value: address });
  const counted = (account: string, address: string) => [fromAddress(account, address), { bucket: ADDRESS, value: address }];

  return {
    async blockedFor(account, address) {
      const count = await counter.read(counted(account, address));
      const until = Math.max(allowedAt(count, 0, options.maxPerAccount, windowMs), allowedAt(count, 1, options.maxPerAddress, windowMs));
      return until > count.at ? count.secondsUntil(until) : null;
    },

    async recordFailure(account, address) {
      await counter.hit(counted(account, address));
    },

    clearFailures: (account, address) => counter.clear(fromAddress(account, address)),

    forgetAccount: (account) => counter.clearGroup(ACCOUNT_FROM_ADDRESS, accountOf(account)),
  };
}
