import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterLinks, purgeUnconfirmed, signUp, unsubscribe, confirm } from "~/features/newsletter/index.server";
import { NO_VISIT } from "~/lib/forms/visit.server";
import { createSigner } from "~/lib/secrets.server";
import { openHarness, type Harness } from "../support/server/harness";

const links = newsletterLinks(
  "https://replywise.example",
  createSigner(Buffer.from("k".repeat(32)), "c"),
  createSigner(Buffer.from("k".repeat(32)), "u"),
);
const consent = { source: "/resources", consentText: "One email when we publish.", consentAddressHash: "a".repeat(64), visit: NO_VISIT };

describe("newsletter sign-ups on pglite", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await openHarness("pglite");
  });
  afterAll(() => h?.close());
  const rows = async () => {
    const result = (await h.handle.db.execute(sql`SELECT email, status FROM newsletter_subscribers ORDER BY id`)) as unknown as {
      rows: unknown[];
    };
    return result.rows;
  };

  it("asks for confirmation once an hour at most, whatever the address's state, and never again once confirmed", async () => {
    const now = new Date("2026-11-23T10:00:00Z");
    const first = await h.handle.db.transaction((tx) => signUp(tx, { email: "Ann@Example.com", ...consent }, now));
    expect(first).toMatchObject({ email: "Ann@Example.com", status: "pending" });
    // The same address again within the hour, in another case: no second email.
    expect(
      await h.handle.db.transaction((tx) => signUp(tx, { email: "ann@example.com", ...consent }, new Date("2026-11-23T10:30:00Z"))),
    ).toBeNull();
    // After the hour: a new confirmation.
    expect(
      await h.handle.db.transaction((tx) => signUp(tx, { email: "ann@example.com", ...consent }, new Date("2026-11-23T11:01:00Z"))),
    ).toMatchObject({
      status: "pending",
    });

    expect(await confirm(h.handle.db, new URL(links.confirmUrl(first!)).searchParams.get("token")!, links, async () => {})).toBe(
      "confirmed",
    );
    expect(
      await h.handle.db.transaction((tx) => signUp(tx, { email: "ANN@example.com", ...consent }, new Date("2026-11-24T11:01:00Z"))),
    ).toBeNull();
    expect(await rows()).toEqual([{ email: "Ann@Example.com", status: "confirmed" }]);

    // Unsubscribed, then signing up again: a fresh double opt-in.
    expect(await unsubscribe(h.handle.db, new URL(links.unsubscribeUrl(first!)).searchParams.get("token")!, links)).toBe("unsubscribed");
    expect(
      await h.handle.db.transaction((tx) => signUp(tx, { email: "ann@example.com", ...consent }, new Date("2026-11-25T11:01:00Z"))),
    ).toMatchObject({
      status: "pending",
    });
  });

  it("deletes sign-ups nobody confirmed within 7 days of the last confirmation email, and only those", async () => {
    await h.handle.db.execute(sql`DELETE FROM newsletter_subscribers`);
    await h.handle.db.transaction((tx) => signUp(tx, { email: "old@example.com", ...consent }, new Date(Date.now() - 8 * 86_400_000)));
    await h.handle.db.transaction((tx) => signUp(tx, { email: "recent@example.com", ...consent }, new Date(Date.now() - 6 * 86_400_000)));
    const confirmed = await h.handle.db.transaction((tx) =>
      signUp(tx, { email: "kept@example.com", ...consent }, new Date(Date.now() - 30 * 86_400_000)),
    );
    await h.handle.db.execute(sql`UPDATE newsletter_subscribers SET status = 'confirmed' WHERE id = ${confirmed!.id}`);
    expect(await purgeUnconfirmed(h.handle.db)).toBe(1);
    expect(await rows()).toEqual([
      { email: "recent@example.com", status: "pending" },
      { email: "kept@example.com", status: "confirmed" },
    ]);
  });
});
