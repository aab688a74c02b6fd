import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/lib/db/client.server";
import { migrate } from "~/lib/db/migrate.server";
import { rateLimitHits, rateLimitSalts } from "~/lib/db/schema";
import { createWindowCounter, windowAt } from "./window-counter.server";

const MINUTE = 60_000;
const KEY = "window-counter-test-key-0123456789abcdef";

describe("the window counter", () => {
  let handle: DatabaseHandle;
  // A window boundary, so each test knows where its window ends.
  let clock = Date.UTC(2030, 0, 1, 12, 0, 0);
  const now = () => clock;
  const counterOf = (windowSeconds = 600, key = KEY) => createWindowCounter(handle.db, { key, windowSeconds }, now);
  const rows = () => handle.db.select().from(rateLimitHits);

  beforeAll(async () => {
    handle = await openDatabase({});
    await migrate(handle.db);
  }, 60_000);
  afterAll(() => handle?.close());

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

  it("starts every window at zero and says how long until the current one ends", async () => {
    const counter = counterOf(600);
    const visitor = { bucket: "windows", value: "203.0.113.9" };
    clock = Date.UTC(2030, 0, 1, 13, 0, 0) + 4 * MINUTE;
    const first = await counter.hit([visitor]);
    expect(first).toEqual({ hits: [1], resetsAt: Date.UTC(2030, 0, 1, 13, 10, 0), retryAfterSeconds: 360 });
    expect((await counter.hit([visitor])).hits).toEqual([2]);
    clock = Date.UTC(2030, 0, 1, 13, 10, 0);
    expect((await counter.read([visitor])).hits).toEqual([0]);
    expect((await counter.hit([visitor])).hits).toEqual([1]);
  });

  it("lets a row expire with its window, never more than 24 hours on, and purges expired rows of every bucket", async () => {
    const counter = counterOf(86_400 * 7);
    clock = Date.UTC(2030, 0, 2, 6, 0, 0);
    await handle.db.insert(rateLimitSalts).values({ day: "2030-01-01", salt: "0".repeat(64) });
    await counter.hit([{ bucket: "long", value: "x" }]);
    const [row] = (await rows()).filter((stored) => stored.bucket === "long");
    expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(clock + 86_400_000);
    // What the earlier tests left has expired by now: the next write purges it, whatever its bucket.
    expect((await rows()).map((stored) => stored.bucket).sort()).toEqual(["long"]);
    expect(await handle.db.select().from(rateLimitSalts)).toEqual([]);

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
    expect((await counter.read([account, other])).hits).toEqual([0, 0]);
    clock -= MINUTE;
    expect((await counter.read([account, other])).hits).toEqual([0, 1]);
  });
});
