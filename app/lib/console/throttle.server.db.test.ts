import { describe, expect, it } from "vitest";
import { rateLimitHits } from "~/lib/db/schema/forms";
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

  it("ten wrong passwords across a window boundary are still throttled: five are checked, the rest wait from the last failure", async () => {
    const boundary = Date.UTC(2030, 0, 1, 12, 15, 0);
    expect(await tenAcross(boundary, "ops@example.com")).toBe(5);
    // The wait does not end with the window: a fifth of the window after the fifth failure, at 12:14:59.
    const throttle = throttleOf();
    clock = boundary + 5000;
    expect(await throttle.blockedFor("ops@example.com", "203.0.113.5")).toBe(3 * 60 - 6);
    clock = boundary - 1000 + 3 * MINUTE - 1000;
    expect(await throttle.blockedFor("ops@example.com", "203.0.113.5")).not.toBeNull();
    clock = boundary - 1000 + 3 * MINUTE;
    expect(await throttle.blockedFor("ops@example.com", "203.0.113.5")).toBeNull();
    // The account's owner, from their own address, was never kept out.
    clock = boundary + 5000;
    expect(await throttle.blockedFor("ops@example.com", "198.51.100.1")).toBeNull();
  });

  it("doubles the wait with each failure past the limit, up to the window, per account and client and per client", async () => {
    const throttle = throttleOf();
    const start = Date.UTC(2030, 0, 2, 12, 0, 0);
    clock = start;
    for (let i = 0; i < 5; i++) await throttle.recordFailure("guessed@example.com", "192.0.2.20");
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      const wait = (await throttle.blockedFor("guessed@example.com", "192.0.2.20"))!;
      waits.push(wait);
      clock += wait * 1000;
      expect(await throttle.blockedFor("guessed@example.com", "192.0.2.20")).toBeNull();
      await throttle.recordFailure("guessed@example.com", "192.0.2.20");
    }
    expect(waits).toEqual([180, 360, 720]);
    // The longest wait is the window: nine failures at once would earn 16 times a fifth of it.
    clock = Date.UTC(2030, 0, 2, 18, 0, 0);
    for (let i = 0; i < 9; i++) await throttle.recordFailure("guessed@example.com", "192.0.2.21");
    expect(await throttle.blockedFor("guessed@example.com", "192.0.2.21")).toBe(WINDOW_MINUTES * 60);

    // Twenty failures from one client across accounts: its next try waits a twentieth of the window, then twice that.
    clock = Date.UTC(2030, 0, 3, 12, 0, 0);
    for (let i = 0; i < 20; i++) await throttle.recordFailure(`user${i}@example.com`, "192.0.2.30");
    expect(await throttle.blockedFor("fresh@example.com", "192.0.2.30")).toBe(45);
    clock += 45_000;
    await throttle.recordFailure("fresh@example.com", "192.0.2.30");
    expect(await throttle.blockedFor("another@example.com", "192.0.2.30")).toBe(90);
    expect(await throttle.blockedFor("fresh@example.com", "192.0.2.31")).toBeNull();
  });

  it("a success clears the account's failures from that client only; erasing the address forgets them from every client", async () => {
    const throttle = throttleOf();
    clock = Date.UTC(2030, 0, 4, 12, 0, 0);
    for (const address of ["192.0.2.40", "192.0.2.41"])
      for (let i = 0; i < 5; i++) await throttle.recordFailure("Ops2@example.com", address);
    await throttle.recordFailure("other@example.com", "192.0.2.40");
    expect(await throttle.clearFailures("OPS2@example.com", "192.0.2.40")).toBe(1);
    expect(await throttle.blockedFor("ops2@example.com", "192.0.2.40")).toBeNull();
    expect(await throttle.blockedFor("ops2@example.com", "192.0.2.41")).not.toBeNull();

    const rows = async () => (await database.db.select({ bucket: rateLimitHits.bucket }).from(rateLimitHits)).length;
    const before = await rows();
    expect(await throttle.forgetAccount(" ops2@EXAMPLE.com")).toBe(1);
    expect(await throttle.blockedFor("ops2@example.com", "192.0.2.41")).toBeNull();
    // The clients' own counts and other accounts' stay.
    expect(await rows()).toBe(before - 1);
    expect(await throttle.forgetAccount("other@example.com")).toBe(1);
  });
});
