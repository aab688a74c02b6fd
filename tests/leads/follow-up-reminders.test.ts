import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/lib/db/client.server";
import { migrate } from "~/lib/db/migrate.server";
import { rowsOf } from "~/lib/db/rows.server";
import { FOLLOW_UP_JOB, remindOfFollowUp, assignOwner, setFollowUp, todayUtc } from "~/features/leads/index.server";
import { createDelivery } from "~/lib/jobs/deliver.server";
import { startOutboxWorker, type OutboxWorker } from "~/lib/jobs/outbox.server";
import type { Mailer, MailJob } from "~/lib/mail/mailer.server";
import { createTestDatabase, type TestDatabase } from "../support/server/postgres";

// The follow-up reminder on a real PostgreSQL with two instances (two pools, two outbox workers, as two servers run):
// each lead's owner gets exactly one email for its day, also when a worker died after running a reminder's job but
// before marking it done (its lease runs out and the other instance takes the job over, as after a restart).

const LEADS = 40;
const OWNER = "owner@replywise.example";

describe("follow-up reminders with two instances on PostgreSQL", () => {
  let pg: TestDatabase;
  const instances: DatabaseHandle[] = [];
  const workers: OutboxWorker[] = [];
  const sent: { to: string; lead: string; instance: string }[] = [];

  beforeAll(async () => {
    pg = await createTestDatabase();
    for (let i = 0; i < 2; i++) instances.push(await openDatabase({ databaseUrl: pg.url, maxConnections: 4 }));
    await migrate(instances[0]!.db);
  }, 120_000);
  afterAll(async () => {
    for (const worker of workers) await worker.stop();
    for (const instance of instances) await instance.close();
    await pg?.destroy();
  });

  it("sends each lead's owner one reminder, however the two instances share the jobs and after a worker died mid-job", async () => {
    const db = instances[0]!.db;
    const [owner] = rowsOf<{ id: number }>(
      await db.execute(sql`INSERT INTO operators (email, password_hash, role) VALUES (${OWNER}, 'x', 'sales') RETURNING id`),
    );
    await db.execute(sql`INSERT INTO contact_requests (name, email, message)
      SELECT 'Lead ' || n, 'lead' || n || '@example.com', 'Hello' FROM generate_series(1, ${LEADS}) AS n`);
    const ids = rowsOf<{ id: number }>(await db.execute(sql`SELECT id FROM contact_requests ORDER BY id`)).map((row) => Number(row.id));
    const today = todayUtc();
    for (const id of ids) {
      await assignOwner(db, "contact", id, { expected: null, owner: Number(owner!.id) }, "admin@replywise.example");
      await setFollowUp(db, "contact", id, today, "admin@replywise.example");
    }
    // Today's reminders are due at FOLLOW_UP_HOUR (the owner's time zone: UTC here); before that hour they wait, so the test moves them to now (as
    // tests/leads/pipeline.spec.ts does) rather than depend on the hour it runs at.
    await db.execute(sql`UPDATE outbox SET run_after = now() WHERE kind = ${FOLLOW_UP_JOB}`);

    // An instance ran the first lead's reminder and died before marking its job done: the job is still `sending`, its
    // lease over, so the next worker takes it over and runs it again.
    const [first] = rowsOf<{ id: number; payload: unknown }>(
      await db.execute(sql`SELECT id, payload FROM outbox WHERE kind = ${FOLLOW_UP_JOB} ORDER BY id LIMIT 1`),
    );
    expect(await remindOfFollowUp(db, first!.payload)).toBe("sent");
    await db.execute(
      sql`UPDATE outbox SET status = 'sending', attempts = 1, locked_until = now() - interval '1 second' WHERE id = ${first!.id}`,
    );

    const quiet = { info: () => {}, warn: () => {} };
    instances.forEach((instance, index) => {
      const name = `instance-${index + 1}`;
      const mailer: Mailer = {
        destination: "memory",
        async send(mail: MailJob) {
          // A slow mail server widens the window in which both instances look at the same jobs.
          await new Promise((resolve) => setTimeout(resolve, 5));
          sent.push({ to: mail.to[0]!.address, lead: (mail.props as { lead: string }).lead, instance: name });
        },
        close() {},
      };
      const delivery = createDelivery(mailer, null, {
        [FOLLOW_UP_JOB]: async (job) => void (await remindOfFollowUp(instance.db, job.payload)),
      });
      workers.push(
        startOutboxWorker(
          instance.db,
          delivery,
          { maxAttempts: 3, retrySeconds: 1, pollSeconds: 0.2, leaseSeconds: 30, batchSize: 5 },
          quiet,
        ),
      );
    });
    await expect.poll(() => sent.length, { timeout: 30_000, interval: 100 }).toBeGreaterThanOrEqual(LEADS);
    await Promise.all(workers.map((worker) => worker.drain()));
    // Nothing left waiting or in hand: no reminder can still come.
    await expect
      .poll(async () => rowsOf(await db.execute(sql`SELECT count(*)::int AS n FROM outbox WHERE status IN ('pending', 'sending')`)), {
        timeout: 30_000,
        interval: 100,
      })
      .toEqual([{ n: 0 }]);

    const perLead = new Map<string, number>();
    for (const mail of sent) perLead.set(mail.lead, (perLead.get(mail.lead) ?? 0) + 1);
    expect(
      [...perLead].filter(([, count]) => count > 1),
      "leads reminded more than once",
    ).toEqual([]);
    expect(sent).toHaveLength(LEADS);
    expect(new Set(sent.map((mail) => mail.to))).toEqual(new Set([OWNER]));
    // Both instances did part of the work: the test did exercise two of them.
    expect(new Set(sent.map((mail) => mail.instance)).size).toBe(2);
    expect(rowsOf(await db.execute(sql`SELECT status, count(*)::int AS n FROM outbox GROUP BY status ORDER BY status`))).toEqual([
      { status: "sent", n: 2 * LEADS },
    ]);
  }, 60_000);

  it("arms each reminder for 8:00 in the owner's time zone, summer and winter, and again at the new owner's when the lead changes hands", async () => {
    const db = instances[0]!.db;
    const zoned = async (email: string, zone: string) =>
      Number(
        rowsOf<{ id: number }>(
          await db.execute(
            sql`INSERT INTO operators (email, password_hash, role, time_zone) VALUES (${email}, 'x', 'sales', ${zone}) RETURNING id`,
          ),
        )[0]!.id,
      );
    const newYork = await zoned("new-york@replywise.example", "America/New_York");
    const tokyo = await zoned("tokyo@replywise.example", "Asia/Tokyo");
    const lead = async (email: string) =>
      Number(
        rowsOf<{ id: number }>(
          await db.execute(sql`INSERT INTO contact_requests (name, email, message) VALUES ('Zoned', ${email}, 'Hello') RETURNING id`),
        )[0]!.id,
      );
    const dueOf = async (email: string) =>
      rowsOf<{ due: string }>(
        await db.execute(sql`SELECT to_char(run_after AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') AS due FROM outbox
          WHERE kind = ${FOLLOW_UP_JOB} AND recipient = ${email} ORDER BY id`),
      ).map((row) => row.due);

    const winter = await lead("winter@example.com");
    await assignOwner(db, "contact", winter, { expected: null, owner: newYork }, "admin@replywise.example");
    await setFollowUp(db, "contact", winter, "2027-01-15", "admin@replywise.example");
    const summer = await lead("summer@example.com");
    await assignOwner(db, "contact", summer, { expected: null, owner: newYork }, "admin@replywise.example");
    await setFollowUp(db, "contact", summer, "2027-07-15", "admin@replywise.example");
    // 8:00 in New York: EST in January, EDT in July.
    expect(await dueOf("winter@example.com")).toEqual(["2027-01-15T13:00Z"]);
    expect(await dueOf("summer@example.com")).toEqual(["2027-07-15T12:00Z"]);

    // Given to the owner in Tokyo, the day is armed again for their morning: 8:00 JST is 23:00 UTC the day before.
    await assignOwner(db, "contact", winter, { expected: newYork, owner: tokyo }, "admin@replywise.example");
    expect(await dueOf("winter@example.com")).toEqual(["2027-01-15T13:00Z", "2027-01-14T23:00Z"]);

    // A lead nobody owns yet: 8:00 UTC (its job sends nothing without an owner; an owner given later arms their own).
    const unowned = await lead("unowned@example.com");
    await setFollowUp(db, "contact", unowned, "2027-01-15", "admin@replywise.example");
    expect(await dueOf("unowned@example.com")).toEqual(["2027-01-15T08:00Z"]);
  });
});
