import type { Database } from "~/lib/db/client.server";
import { createWindowCounter, type WindowCounterOptions } from "~/lib/window-counter.server";

export interface RateLimitOptions {
  /** Submissions allowed per address and form in any window's length. */
  max: number;
  /** Submissions allowed per form from all addresses together in any window's length: a ceiling no real peak meets. */
  formMax?: number;
  windowSeconds: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  retryAfterSeconds: number;
  /** Refused again, without a query: this instance already refused the address (or the form), and it is still over. */
  repeat: boolean;
}

export interface RateLimiter {
  /**
   * The one question a form post asks: counts it, or refuses it at once (no query) when this instance already saw the
   * address or the form over its limit and its count has not slid below it yet, so a flood costs next to nothing. `factor` multiplies
   * the per-address allowance for a form that needs more (downloads).
   */
  hit(bucket: string, address: string, factor?: number): Promise<RateLimitDecision>;
}

/** The value counted for "every address" in the form-wide counter; no client address looks like it. */
const ALL_ADDRESSES = "*";
const MAX_REMEMBERED = 10_000;

/** Form posts per address and per form, in the shared sliding window (./window-counter.server.ts). */
export function createRateLimiter(
  db: Database,
  options: RateLimitOptions & Pick<WindowCounterOptions, "key">,
  now: () => number = Date.now,
): RateLimiter {
  const counter = createWindowCounter(db, { key: options.key, windowSeconds: options.windowSeconds }, now);
  // Counters this instance already saw over the limit, until they fall below it: a flood costs no queries.
  const refused = new Map<string, number>();

  const refusedUntil = (key: string, at: number) => {
    const until = refused.get(key) ?? 0;
    if (until <= at) refused.delete(key);
    return until;
  };
  const remember = (key: string, until: number) => {
    if (refused.size >= MAX_REMEMBERED) refused.clear();
    refused.set(key, until);
  };

  return {
    async hit(bucket, address, factor = 1) {
      const addressKey = counter.keyOf(bucket, address);
      const formKey = counter.keyOf(bucket, ALL_ADDRESSES);
      const at = now();
      const until = Math.max(refusedUntil(addressKey, at), refusedUntil(formKey, at));
      if (until > at) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((until - at) / 1000)), repeat: true };

      const counted = [{ bucket, value: address }];
      if (options.formMax !== undefined) counted.push({ bucket, value: ALL_ADDRESSES });
      const count = await counter.hit(counted);
      // This post is allowed while the count with it is at most the limit; the next one when the count is below it.
      const addressLimit = options.max * factor;
      const formLimit = options.formMax;
      const addressOver = (count.hits[0] ?? 0) > addressLimit;
      const formOver = formLimit !== undefined && (count.hits[1] ?? 0) > formLimit;
      const addressFreeAt = addressOver ? count.belowAt(0, addressLimit) : count.at;
      const formFreeAt = formOver ? count.belowAt(1, formLimit) : count.at;
      if (addressOver) remember(addressKey, addressFreeAt);
      if (formOver) remember(formKey, formFreeAt);
      return {
        allowed: !addressOver && !formOver,
        retryAfterSeconds: count.secondsUntil(Math.max(addressFreeAt, formFreeAt)),
        repeat: false,
      };
    },
  };
}
