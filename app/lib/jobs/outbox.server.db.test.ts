import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db/client.server";
import { openMigratedMemoryDatabase } from "../../../scripts/support/pglite-template";
import { claimJobs, enqueue } from "./outbox.server";

// Which due jobs a worker takes first (on a real, in-memory PostgreSQL): a visitor's mail before a newsletter's copies,
// yet never only the visitors' mail, so a flood of it slows a newsletter down without stopping it.

describe("claiming jobs", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openMigratedMemoryDatabase();
  }, 60_000);
  afterAll(() => handle?.close());

  it("takes the urgent jobs first, and one waiting copy of a newsletter in every claim", async () => {
    const db = handle.db;
    const copies = Array.from({ length: 3 }, (_, i) => ({ kind: "newsletter:copy", recipient: null, payload: { i }, priority: 1 }));
    const urgent = Array.from({ length: 25 }, (_, i) => ({ kind: "mail:request-received", recipient: null, payload: { i } }));
    // The copies were queued first: by age alone they would go first.
    await enqueue(db, copies);
    await enqueue(db, urgent);
    await enqueue(db, [{ kind: "blog:publish", recipient: null, payload: {}, runAfter: new Date(Date.now() + 60_000) }]);

    const kinds = async () => (await claimJobs(db, 10, 60)).map((job) => job.kind);
    expect((await kinds()).sort()).toEqual([...Array(10).fill("mail:request-received"), "newsletter:copy"].sort());
    expect((await kinds()).sort()).toEqual([...Array(10).fill("mail:request-received"), "newsletter:copy"].sort());
    expect((await kinds()).sort()).toEqual([...Array(5).fill("mail:request-received"), "newsletter:copy"].sort());
    // Nothing urgent left, and the scheduled job not due: nothing more.
    expect(await kinds()).toEqual([]);
  });
});
