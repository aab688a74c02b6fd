import { describe, expect, it } from "vitest";
import { withMigratedDatabase } from "../../../tests/support/migrated-database";
import { createSignInThrottle } from "./throttle.server";

const MINUTE = 60_000;
const WINDOW_MINUTES = 15;

describe("the failed sign-in throttle", () => {
  const database = withMigratedDatabase();
  let clock = 0;
  const now = () => clock;
  const throttleOf = () =>
    createSignInThrottle(
      database.db,
      { rateLimitKey: "throttle-test-key-0123456789abcdef", maxPerAccount: 5, maxPerAddress: 20, windowSeconds: WINDOW_MINUTES * 60 },
      now,
    );

  /** Ten wrong passwords, one a second, the fifth just before the window's boundary: how many were checked. */
  async function tenAcross(boundary: number, account: string) {
    const throttle = throttleOf();
    let checked = 0;
    for (let i = 0; i < 10; i++) {
      clock = boundary - 5000 + i * 1000;
      if ((await throttle.blockedFor(account, "203.0.113.5")) !== null) continue;
      checked++;
      await throttle.recordFailure(account, "203.0.113.5");
    }
    return checked;
  }

  it("ten wrong passwords across a window boundary are still throttled: five are checked, the rest refused", async () => {
    const boundary = Date.UTC(2030, 0, 1, 12, 15, 0);
    expect(await tenAcross(boundary, "ops@example.com")).toBe(5);
    // The lock does not end with the window: a fifth of the next window, whatever moment it began.
    const throttle = throttleOf();
    clock = boundary + 5000;
    expect(await throttle.blockedFor("ops@example.com", "198.51.100.1")).toBe(3 * 60 - 5);
    clock = boundary + 3 * MINUTE - 1000;
    expect(await throttle.blockedFor("ops@example.com", "198.51.100.1")).not.toBeNull();
    clock = boundary + 3 * MINUTE;
    expect(await throttle.blockedFor("ops@example.com", "198.51.100.1")).toBeNull();
  });

  it("holds a lock begun early in a window into the next, until the failures have slid below the limit", async () => {
    const throttle = throttleOf();
    const start = Date.UTC(2030, 0, 2, 12, 0, 0);
    clock = start + MINUTE;
    for (let i = 0; i < 5; i++) await throttle.recordFailure("early@example.com", "198.51.100.2");
    expect(await throttle.blockedFor("early@example.com", "198.51.100.3")).toBe((WINDOW_MINUTES - 1 + 3) * 60);
    clock = start + WINDOW_MINUTES * MINUTE + 3 * MINUTE;
    expect(await throttle.blockedFor("early@example.com", "198.51.100.3")).toBeNull();
  });

  it("counts per client address across accounts too, and a success clears only the account", async () => {
    const throttle = throttleOf();
    clock = Date.UTC(2030, 0, 3, 12, 0, 0);
    for (let i = 0; i < 20; i++) await throttle.recordFailure(`user${i}@example.com`, "192.0.2.9");
    expect(await throttle.blockedFor("fresh@example.com", "192.0.2.9")).not.toBeNull();
    expect(await throttle.blockedFor("fresh@example.com", "192.0.2.10")).toBeNull();
    await throttle.recordFailure("ops2@example.com", "192.0.2.11");
    await throttle.clearAccount("OPS2@example.com");
    expect(await throttle.blockedFor("fresh@example.com", "192.0.2.9")).not.toBeNull();
  });
});
