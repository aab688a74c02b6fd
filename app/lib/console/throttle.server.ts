import type { Database } from "~/lib/db/client.server";
import { createWindowCounter } from "~/lib/window-counter.server";

// Failed sign-ins, counted per account and per address in the shared sliding window (../window-counter.server.ts), so
// that every instance sees the same counts and a limit means the same at any moment: ten guesses never fit across a
// window's boundary. Unlike the form limiter, only failures count, and the count is read before the password is
// checked: once over, even the right password is refused until the count has slid below the limit, so guessing stops
// there. The counter keeps keyed hashes of the address typed and of the client address, never the values.

export interface SignInThrottleOptions {
  /** The window counter's HMAC key (the same as the form limiter's). */
  rateLimitKey: Buffer | string;
  /** Failures allowed per account (the address typed, known or not) in any window's length. */
  maxPerAccount: number;
  /** Failures allowed per client address, across accounts, in one window. */
  maxPerAddress: number;
  windowSeconds: number;
}

export interface SignInThrottle {
  /** Seconds until sign-in is allowed again for this account or address, or null when it is allowed now. */
  blockedFor(account: string, address: string): Promise<number | null>;
  recordFailure(account: string, address: string): Promise<void>;
  /** A successful sign-in clears the account's count (not the address's), as does erasing the address; how many rows. */
  clearAccount(account: string): Promise<number>;
}

const ACCOUNT = "sign-in:account";
const ADDRESS = "sign-in:address";

export function createSignInThrottle(db: Database, options: SignInThrottleOptions, now: () => number = Date.now): SignInThrottle {
  const counter = createWindowCounter(db, { key: options.rateLimitKey, windowSeconds: options.windowSeconds }, now);
  const accountOf = (account: string) => ({ bucket: ACCOUNT, value: account.trim().toLowerCase() });
  const counted = (account: string, address: string) => [accountOf(account), { bucket: ADDRESS, value: address }];

  return {
    async blockedFor(account, address) {
      const count = await counter.read(counted(account, address));
      const until = Math.max(count.belowAt(0, options.maxPerAccount), count.belowAt(1, options.maxPerAddress));
      return until > count.at ? count.secondsUntil(until) : null;
    },

    async recordFailure(account, address) {
      await counter.hit(counted(account, address));
    },

    clearAccount: (account) => counter.clear(accountOf(account)),
  };
}
