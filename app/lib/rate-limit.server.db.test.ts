import { describe, expect, it, vi } from "vitest";
import { withMigratedDatabase } from "../../tests/support/migrated-database";
import { createRateLimiter, type RateLimitOptions } from "./rate-limit.server";

const KEY = "rate-limit-test-key-0123456789abcdef";

describe("the form limiter", () => {
  const database = withMigratedDatabase();
  let clock = Date.UTC(2030, 0, 1, 12, 0, 0);
  const now = () => clock;
  const limiterOf = (options: RateLimitOptions) => createRateLimiter(database.db, { ...options, key: KEY }, now);

  it("allows an address its posts per form in a window, a form its factor more, then refuses until they slide out", async () => {
    const limiter = limiterOf({ max: 2, windowSeconds: 600 });
    const allowed = async (bucket: string, address: string, factor?: number) => (await limiter.hit(bucket, address, factor)).allowed;
    expect([await allowed("contact", "a"), await allowed("contact", "a"), await allowed("contact", "a")]).toEqual([true, true, false]);
    expect(await allowed("newsletter", "a")).toBe(true);
    expect(await allowed("contact", "b")).toBe(true);
    const downloads = [];
    for (let i = 0; i < 7; i++) downloads.push(await allowed("download", "a", 3));
    expect(downloads).toEqual([true, true, true, true, true, true, false]);

    // Three posts (one refused) at the window's start still count in full at the next one's; two thirds of the way in,
    // two have slid out.
    clock += 10 * 60_000;
    expect(await allowed("contact", "a")).toBe(false);
    clock += 400_000 - 1000;
    expect(await allowed("contact", "a")).toBe(false);
    clock += 1000;
    expect(await allowed("contact", "a")).toBe(true);
  });

  it("answers a refused address again from memory, without a query, with the seconds until it is below the limit", async () => {
    clock = Date.UTC(2030, 0, 1, 13, 0, 0) + 60_000;
    const limiter = limiterOf({ max: 1, windowSeconds: 600 });
    expect(await limiter.hit("contact", "flood")).toEqual({ allowed: true, retryAfterSeconds: 1, repeat: false });
    // A limit of one: until the posts have slid out of the next window entirely (19 minutes).
    expect(await limiter.hit("contact", "flood")).toEqual({ allowed: false, retryAfterSeconds: 1140, repeat: false });
    const insert = vi.spyOn(database.db, "insert");
    try {
      clock += 30_000;
      expect(await limiter.hit("contact", "flood")).toEqual({ allowed: false, retryAfterSeconds: 1110, repeat: true });
      expect(insert).not.toHaveBeenCalled();
    } finally {
      insert.mockRestore();
    }
  });

  it("holds a ceiling per form across addresses", async () => {
    clock = Date.UTC(2030, 0, 1, 14, 0, 0);
    const limiter = limiterOf({ max: 5, formMax: 3, windowSeconds: 600 });
    const answers = [];
    for (const address of ["1", "2", "3", "4", "5"]) answers.push((await limiter.hit("feature-request", address)).allowed);
    expect(answers).toEqual([true, true, true, false, false]);
    expect((await limiter.hit("feature-request", "6")).repeat).toBe(true);
    expect((await limiter.hit("contact", "6")).allowed).toBe(true);
  });
});
