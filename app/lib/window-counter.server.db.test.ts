import { describe, expect, it } from "vitest";
import { withMigratedDatabase } from "../../tests/support/migrated-database";
import { rateLimitHits, rateLimitSalts } from "~/lib/db/schema/forms";
import { belowLimitAt, createWindowCounter, slidingHits, windowAt } from "./window-counter.server";

const MINUTE = 60_000;
const KEY = "window-counter-test-key-0123456789abcdef";

describe("the window counter", () => {
  const database = withMigratedDatabase();
  // A window boundary, so each test knows where its window ends.
  let clock = Date.UTC(2030, 0, 1, 12, 0, 0);
  const now = () => clock;
  const counterOf = (windowSeconds = 600, key = KEY) => createWindowCounter(database.db, { key, windowSeconds }, now);
  const rows = () => database.db.select().from(rateLimitHits);

  it("cuts time into fixed windows aligned to the epoch, the same on every instance", () => {
    expect(windowAt(Date.UTC(2030, 0, 1, 12, 7, 30), 10 * MINUTE)).toEqual({
      start: Date.UTC(2030, 0, 1, 12, 0, 0),
      end: Date.UTC(2030, 0, 1, 12, 10, 0),
    });
    expect(windowAt(Date.UTC(2030, 0, 1, 12, 10, 0), 10 * MINUTE).start).toBe(Date.UTC(2030, 0, 1, 12, 10, 0));
  });

  it("stores a keyed hash of each value, never the value, and no other bucket, value or key gives the same", () => {
    const counter = counterOf();
    const key = counter.keyOf("contact", "198.51.100.7");
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(counter.keyOf("contact", "198.51.100.7")).toBe(key);
    expect(counter.keyOf("newsletter", "198.51.100.7")).not.toBe(key);
    expect(counter.keyOf("contact", "198.51.100.8")).not.toBe(key);
    expect(counterOf(600, "another-key-0123456789abcdef0123456789").keyOf("contact", "198.51.100.7")).not.toBe(key);
  });

  it("counts each (bucket, value) on its own, and reads without counting", async () => {
    const counter = counterOf();
    const ada = { bucket: "hits-a", value: "198.51.100.7" };
    const bob = { bucket: "hits-a", value: "198.51.100.8" };
    const adaElsewhere = { bucket: "hits-b", value: "198.51.100.7" };
    expect((await counter.hit([ada])).hits).toEqual([1]);
    expect((await counter.hit([ada, bob])).hits).toEqual([2, 1]);
    expect((await counter.hit([adaElsewhere])).hits).toEqual([1]);
    expect((await counter.read([bob, ada, adaElsewhere])).hits).toEqual([1, 2, 1]);
    expect((await counter.read([{ bucket: "hits-a", value: "never" }])).hits).toEqual([0]);
    expect((await counter.read([ada])).hits).toEqual([2]);
    expect(JSON.stringify(await rows())).not.toContain("198.51.100");
  });

  it("slides: the previous window's hits count in full across the boundary, then fade one by one", () => {
    const boundary = Date.UTC(2030, 0, 1, 12, 10, 0);
    const window = 10 * MINUTE;
    expect(slidingHits(3, 0, boundary - MINUTE, window)).toBe(3);
    // Five hits just before the boundary are still five just after it: a fixed window would say zero.
    expect(slidingHits(0, 5, boundary + 1000, window)).toBe(5);
    // One fifth of the window on, one of them has slid out; after a whole window, all of them.
    expect(slidingHits(0, 5, boundary + 2 * MINUTE - 1, window)).toBe(5);
    expect(slidingHits(0, 5, boundary + 2 * MINUTE, window)).toBe(4);
    expect(slidingHits(2, 5, boundary + 8 * MINUTE, window)).toBe(3);
    expect(slidingHits(0, 5, boundary + window - 1, window)).toBe(1);
  });

  it("says when a count falls below a limit, at whatever moment the limit was reached", () => {
    const start = Date.UTC(2030, 0, 1, 12, 0, 0);
    const window = 10 * MINUTE;
    // Below already: now.
    expect(belowLimitAt(5, 4, 0, start + MINUTE, window)).toBe(start + MINUTE);
    // Five of five early or late in a window: until a fifth of the next window has passed, never just a second.
    expect(belowLimitAt(5, 5, 0, start + MINUTE, window)).toBe(start + window + 2 * MINUTE);
    expect(belowLimitAt(5, 5, 0, start + window - 1000, window)).toBe(start + window + 2 * MINUTE);
    // Two now and five before: the previous window must fade to two (limit - 1 - current).
    expect(belowLimitAt(5, 2, 5, start + MINUTE, window)).toBe(start + 6 * MINUTE);
    expect(slidingHits(2, 5, start + 6 * MINUTE, window)).toBe(4);
    expect(slidingHits(2, 5, start + 6 * MINUTE - 1, window)).toBe(5);
    // A limit of one: a hit blocks until it has slid out entirely.
    expect(belowLimitAt(1, 1, 0, start + MINUTE, window)).toBe(start + 2 * window);
  });

  it("counts the previous window's row, stored, across a boundary, and says how long until below a limit", async () => {
    const counter = counterOf(600);
    const visitor = { bucket: "windows", value: "203.0.113.9" };
    const boundary = Date.UTC(2030, 0, 1, 13, 10, 0);
    clock = boundary - 3000;
    for (let i = 1; i <= 4; i++) expect((await counter.hit([visitor])).hits).toEqual([i]);
    const fifth = await counter.hit([visitor]);
    expect(fifth.hits).toEqual([5]);
    expect(fifth.secondsUntil(fifth.belowAt(0, 5))).toBe(3 + 120);

    clock = boundary + 2000;
    const after = await counter.read([visitor]);
    expect(after.hits).toEqual([5]);
    expect(after.secondsUntil(after.belowAt(0, 5))).toBe(118);
    expect((await counter.hit([visitor])).hits).toEqual([6]);

    clock = boundary + 10 * MINUTE;
    expect((await counter.read([visitor])).hits).toEqual([1]);
    clock = boundary + 20 * MINUTE;
    expect((await counter.read([visitor])).hits).toEqual([0]);
    expect((await counter.hit([visitor])).hits).toEqual([1]);
  });

  it("lets a row expire with its window, never more than 24 hours on, and purges expired rows of every bucket", async () => {
    const counter = counterOf(86_400 * 7);
    clock = Date.UTC(2030, 0, 2, 6, 0, 0);
    await database.db.insert(rateLimitSalts).values({ day: "2030-01-01", salt: "0".repeat(64) });
    await counter.hit([{ bucket: "long", value: "x" }]);
    const [row] = (await rows()).filter((stored) => stored.bucket === "long");
    expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(clock + 86_400_000);
    // What the earlier tests left has expired by now: the next write purges it, whatever its bucket.
    expect((await rows()).map((stored) => stored.bucket).sort()).toEqual(["long"]);
    expect(await database.db.select().from(rateLimitSalts)).toEqual([]);

    clock += 86_400_000 + MINUTE;
    await counterOf().hit([{ bucket: "later", value: "y" }]);
    expect((await rows()).map((stored) => stored.bucket)).toEqual(["later"]);
  });

  it("forgets one value in every window, and only that one", async () => {
    const counter = counterOf(60);
    const account = { bucket: "accounts", value: "ops@example.com" };
    const other = { bucket: "accounts", value: "other@example.com" };
    await counter.hit([account, other]);
    clock += MINUTE;
    await counter.hit([account]);
    await counter.clear(account);
    // The other one's hit, a window back, still counts in full at the start of this one.
    expect((await counter.read([account, other])).hits).toEqual([0, 1]);
    clock -= MINUTE;
    expect((await counter.read([account, other])).hits).toEqual([0, 1]);
  });
});
