import { describe, expect, it } from "vitest";
import { withMigratedDatabase } from "../../../tests/support/migrated-database";
import { sql } from "drizzle-orm";
import { rowsOf } from "~/lib/db/rows.server";
import { claimJobs, enqueue, startOutboxWorker, type ClaimedJob } from "./outbox.server";

// Which due jobs a worker takes first (on a real, in-memory PostgreSQL): a visitor's mail before a newsletter's copies,
// yet never only the visitors' mail, so a flood of it slows a newsletter down without stopping it.

describe("claiming jobs", () => {
  const database = withMigratedDatabase();

  it("takes the urgent jobs first, and one waiting copy of a newsletter in every claim", async () => {
    const db = database.db;
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

  it("leaves a job another worker took over to that worker: sent once, its outcome written by its holder", async () => {
    const db = database.db;
    await db.execute(sql`DELETE FROM outbox`);
    await enqueue(db, [
      { kind: "mail:request-received", recipient: null, payload: { n: "first" } },
      { kind: "newsletter:copy", recipient: null, payload: { n: "second" }, priority: 1 },
    ]);
    const sent: string[] = [];
    const quiet = { warn: () => {}, error: () => {}, info: () => {} };
    const options = { pollSeconds: 3600, retrySeconds: 1, maxAttempts: 3, leaseSeconds: 60, batchSize: 1 };
    // A claims both (the urgent one and one copy) and sends one at a time; the copy waits behind a slow first send.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const a = startOutboxWorker(
      db,
      async (job: ClaimedJob) => {
        const { n } = job.payload as { n: string };
        if (n === "first") await held;
        sent.push(`a:${n}`);
      },
      options,
      quiet,
    );
    await expect.poll(async () => rowsOf(await db.execute(sql`SELECT 1 FROM outbox WHERE status = 'sending'`)).length).toBe(2);
    // The copy's lease runs out while it waits (moved, not waited for); B takes it over and sends it.
    await db.execute(sql`UPDATE outbox SET locked_until = now() - interval '1 second' WHERE payload->>'n' = 'second'`);
    const b = startOutboxWorker(db, async (job: ClaimedJob) => void sent.push(`b:${(job.payload as { n: string }).n}`), options, quiet);
    await expect.poll(() => sent).toContain("b:second");
    release();
    await a.stop();
    await b.stop();
    // A sent its own job only, and the copy's row says what its holder did.
    expect(sent.sort()).toEqual(["a:first", "b:second"]);
    expect(rowsOf(await db.execute(sql`SELECT status, attempts FROM outbox ORDER BY id`))).toEqual([
      { status: "sent", attempts: 1 },
      { status: "sent", attempts: 2 },
    ]);
  });

  it("while the database is away, keeps what it owes it: the sent job is marked sent and the one not started handed back when it answers", async () => {
    const db = database.db;
    await db.execute(sql`DELETE FROM outbox`);
    await enqueue(db, [
      { kind: "mail:request-received", recipient: null, payload: { n: "first" } },
      { kind: "newsletter:copy", recipient: null, payload: { n: "second" }, priority: 1 },
    ]);
    // The database goes away while the mail server takes the first job; every query fails until it is back.
    let away = false;
    const flaky = new Proxy(db, {
      get(target, key, receiver) {
        if (key !== "execute") return Reflect.get(target, key, receiver) as unknown;
        return (query: Parameters<typeof target.execute>[0]) => (away ? Promise.reject(new Error("database away")) : target.execute(query));
      },
    });
    const sent: string[] = [];
    const warnings: string[] = [];
    const log = { warn: (line: string) => void warnings.push(line), info: () => {} };
    const options = { pollSeconds: 3600, retrySeconds: 1, maxAttempts: 3, leaseSeconds: 60, batchSize: 1 };
    const worker = startOutboxWorker(
      flaky,
      async (job: ClaimedJob) => {
        const { n } = job.payload as { n: string };
        sent.push(n);
        if (n === "first") away = true;
      },
      options,
      log,
    );
    await expect.poll(() => warnings.some((line) => line.startsWith("outbox: database not reachable"))).toBe(true);
    // Nothing could be written: both are still claimed, and the second was never tried.
    expect(rowsOf(await db.execute(sql`SELECT status FROM outbox ORDER BY id`))).toEqual([{ status: "sending" }, { status: "sending" }]);
    expect(sent).toEqual(["first"]);

    away = false;
    await worker.drain();
    await worker.stop();
    // The first is not sent again; the second was due at once, not when its lease ran out, its claim still counted.
    expect(sent).toEqual(["first", "second"]);
    expect(rowsOf(await db.execute(sql`SELECT status, attempts FROM outbox ORDER BY id`))).toEqual([
      { status: "sent", attempts: 1 },
      { status: "sent", attempts: 2 },
    ]);
  });
});
