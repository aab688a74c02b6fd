import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../support/serve-build";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../support/smtp-sink";
import { startWebhookSink, type WebhookCall } from "../support/webhook-sink";
import { OUTBOX_WATCH_ENV, outboxSettled, outboxState } from "../support/server/outbox-watch";
import { createTestDatabase, TWO_INSTANCE_OUTBOX_ENV, type TestDatabase } from "../support/server/postgres";

// Faults around the outbox, against the built server: a mail server that is down, a process killed the moment after
// it acknowledged a lead, two instances on one database. Every acknowledged message arrives, and arrives once.

// One test client sends every post: the per-address limit is lifted (its own tests are elsewhere).
const outboxEnv = {
  RATE_LIMIT_MAX: "1000",
  OUTBOX_POLL_SECONDS: "0.2",
  OUTBOX_RETRY_SECONDS: "0.5",
  OUTBOX_LEASE_SECONDS: "3",
  NOTIFY_EMAIL: "team@replywise.example",
  ...OUTBOX_WATCH_ENV,
};

async function postNewsletter(server: RunningServer, email: string) {
  const response = await fetch(`${server.url}/forms/newsletter.data`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ website: "", email, source: "/" }),
  });
  return response.status;
}

/** What a sink holds until the test lets it go, each on its own, until `passAll`. */
function holder<T>() {
  const held: { item: T; release(): void }[] = [];
  let holding = true;
  return {
    held,
    hold: (item: T) => (holding ? new Promise<void>((release) => held.push({ item, release })) : Promise.resolve()),
    passAll() {
      holding = false;
      for (const { release } of held) release();
    },
  };
}

async function postContact(server: RunningServer, i: number, tag: string) {
  const response = await fetch(`${server.url}/forms/contact.data`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ website: "", name: `Visitor ${i}`, email: `${tag}${i}@example.com`, message: `Message ${i} (${tag})` }),
  });
  return response.status;
}

/** Waits until `count` messages arrived and `server` has nothing left to send, and checks nothing came twice. */
async function expectDeliveredOnce(server: RunningServer, smtp: SmtpSink, count: number, timeout: number) {
  await expect.poll(() => smtp.messages.length, { timeout, interval: 100 }).toBeGreaterThanOrEqual(count);
  await outboxSettled(server, { timeout });
  const ids = smtp.messages.map((mail) => mail.parsed.messageId);
  expect(ids).toHaveLength(count);
  expect(new Set(ids).size).toBe(count);
}

/** The suite for one database; one file per database runs it, so the two run side by side. */
export function mailFaultsSuite(driver: "pglite" | "postgres") {
  describe(`mail faults on ${driver}`, () => {
    let pg: TestDatabase | null = null;
    beforeAll(async () => {
      if (driver === "postgres") pg = await createTestDatabase();
    }, 120_000);
    afterAll(() => pg?.destroy());

    const database = (dataDir: string): Record<string, string> =>
      pg ? { DATABASE_URL: pg.url, DATA_DIR: dataDir } : { DATA_DIR: dataDir };

    // The outage lasts until every post is answered and the jobs have failed twice as many times as there are messages
    // (each tried, then retried after 0.5 s, doubling) while the mail server is away; a longer one only repeats those
    // retries.
    it("SMTP down while 20 forms are sent and their messages fail and are retried: every visitor gets success, then each message arrives once", async () => {
      const smtp = await startSmtpSink();
      const dataDir = mkdtempSync(path.join(tmpdir(), "replywise-smtp-down-"));
      await smtp.stop();
      const server = await startServer({ ...database(dataDir), ...outboxEnv, SMTP_URL: smtp.url });
      try {
        const statuses = await Promise.all(Array.from({ length: 20 }, (_, i) => postContact(server, i, `down.${driver}.`)));
        expect(statuses).toEqual(Array(20).fill(200));
        await expect
          .poll(
            async () => {
              const { pending, retries } = await outboxState(server);
              return pending === 40 && retries >= 80;
            },
            { timeout: 30_000, interval: 100 },
          )
          .toBe(true);
        expect(smtp.messages).toHaveLength(0);
        await smtp.start();
        // A receipt to each visitor and a notification to the team for each of the 20.
        await expectDeliveredOnce(server, smtp, 40, 60_000);
        expect(smtp.to("team@replywise.example")).toHaveLength(20);
        expect(server.output()).not.toMatch(/down\.\w+\.\d+@example\.com|Message \d+ \(/);
      } finally {
        await server.stop();
        await smtp.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }, 90_000);

    it("a process killed (SIGKILL) right after the acknowledgement sends the mail after its restart, once", async () => {
      const smtp = await startSmtpSink();
      const dataDir = mkdtempSync(path.join(tmpdir(), "replywise-killed-"));
      // The mail server is away for the moment, so the message cannot leave before the kill.
      await smtp.stop();
      const first = await startServer({ ...database(dataDir), ...outboxEnv, SMTP_URL: smtp.url });
      try {
        expect(await postContact(first, 1, `killed.${driver}.`)).toBe(200);
      } finally {
        await first.kill();
      }
      await smtp.start();
      const second = await startServer({ ...database(dataDir), ...outboxEnv, SMTP_URL: smtp.url });
      try {
        await expectDeliveredOnce(second, smtp, 2, 30_000);
        expect(smtp.to(`killed.${driver}.1@example.com`)).toHaveLength(1);
      } finally {
        await second.stop();
        await smtp.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }, 120_000);

    if (driver === "postgres") {
      it("two instances on one PostgreSQL deliver each message once", async () => {
        const smtp = await startSmtpSink();
        const [a, b] = await Promise.all(
          [1, 2].map(() =>
            startServer({
              DATABASE_URL: pg!.url,
              ...outboxEnv,
              ...TWO_INSTANCE_OUTBOX_ENV,
              SMTP_URL: smtp.url,
              OUTBOX_POLL_SECONDS: "0.2",
            }),
          ),
        );
        try {
          const statuses = await Promise.all(Array.from({ length: 20 }, (_, i) => postContact(i % 2 ? a! : b!, i, "pair.")));
          expect(statuses).toEqual(Array(20).fill(200));
          await expectDeliveredOnce(a!, smtp, 40, 60_000);
        } finally {
          await Promise.all([a!.stop(), b!.stop()]);
          await smtp.close();
        }
      }, 120_000);

      // One claimed batch meets the outage at every step of a delivery: a confirmation the mail server holds and a webhook
      // the receiver holds (each taken, then answered after the database went away), and a receipt and a team notice
      // still reading the do-not-mail list (held there by a lock), which never reach the mail server.
      it("the database goes away while a batch is claimed: the unsent jobs go as soon as it is back, the ones taken are not sent again", async () => {
        const db = await createTestDatabase();
        const mail = holder<ReceivedMail>();
        const hooked = holder<WebhookCall>();
        const smtp = await startSmtpSink({
          async beforeAccept(received) {
            await mail.hold(received);
            return "accept" as const;
          },
        });
        const hooks = await startWebhookSink({ beforeAnswer: hooked.hold });
        const sql = postgres(db.url, { max: 2, onnotice: () => {} });
        // Production's lease (120 s): nothing here may wait for it.
        const server = await startServer({
          DATABASE_URL: db.url,
          ...outboxEnv,
          OUTBOX_LEASE_SECONDS: "120",
          OUTBOX_POLL_SECONDS: "0.2",
          SMTP_URL: smtp.url,
          NOTIFY_WEBHOOK_URL: hooks.url,
          NOTIFY_WEBHOOK_SECRET: "notify-webhook-secret-0123",
        });
        const locker = postgres(db.url, { max: 1, onnotice: () => {} });
        let locked: Promise<unknown> = Promise.resolve();
        try {
          // A first sign-up's confirmation keeps the worker busy (the mail server holds it) while the rest is stored, so
          // that one claim takes it all.
          expect(await postNewsletter(server, "first.outage@example.com")).toBe(200);
          await expect.poll(() => mail.held.length, { timeout: 20_000 }).toBe(1);
          let lockTaken!: () => void;
          const taken = new Promise<void>((resolve) => (lockTaken = resolve));
          locked = locker
            .begin(async (tx) => {
              await tx`LOCK TABLE email_suppressions IN ACCESS EXCLUSIVE MODE`;
              lockTaken();
              await new Promise(() => {});
            })
            .catch(() => {});
          await taken;
          expect(await postContact(server, 1, "outage.")).toBe(200);
          expect(await postNewsletter(server, "taken.outage@example.com")).toBe(200);
          mail.held[0]!.release();
          // The claim: the confirmation at the mail server, the webhook at the receiver, the receipt and the notice waiting
          // on the lock.
          await expect.poll(() => mail.held.length, { timeout: 20_000 }).toBe(2);
          await expect.poll(() => hooked.held.length, { timeout: 20_000 }).toBe(1);
          await expect
            .poll(
              async () => (await sql`SELECT kind FROM outbox WHERE status = 'sending' ORDER BY kind`).map((row) => row.kind as string),
              {
                timeout: 20_000,
              },
            )
            .toEqual(["mail:newsletter-confirmation", "mail:request-received", "mail:team-notification", "webhook:contact_request"]);
          const jobs = await sql`SELECT id, kind FROM outbox WHERE status = 'sending'`;
          const idOf = (kind: string) => Number(jobs.find((job) => job.kind === kind)!.id);

          const before = server.output().length;
          await db.stop();
          mail.held[1]!.release();
          hooked.held[0]!.release();
          // The worker has settled the batch as far as it can, with nothing written.
          await expect.poll(() => server.output().slice(before), { timeout: 20_000 }).toMatch(/outbox: database not reachable/);
          mail.passAll();
          await db.start();

          // Back: the receipt and the notice reach the mail server within seconds, not when their lease runs out.
          await expect.poll(() => smtp.to("outage.1@example.com").length, { timeout: 15_000 }).toBe(1);
          await expect.poll(() => smtp.to("team@replywise.example").length, { timeout: 15_000 }).toBe(1);
          await expect
            .poll(async () => (await sql`SELECT count(*)::int AS n FROM outbox WHERE status <> 'sent'`)[0]!.n as number, {
              timeout: 15_000,
            })
            .toBe(0);
          // The confirmation and the webhook the receivers took before the outage are marked sent, not sent again; a copy
          // sent after a stop would carry the same ids.
          const confirmations = smtp.to("taken.outage@example.com");
          expect(confirmations.map((copy) => copy.parsed.messageId)).toEqual([
            `<outbox-${idOf("mail:newsletter-confirmation")}@localhost>`,
          ]);
          expect(hooks.calls.map((call) => call.headers["x-replywise-delivery"])).toEqual([String(idOf("webhook:contact_request"))]);
          expect(smtp.messages).toHaveLength(4);
          expect(server.output()).not.toMatch(/outage\.1@example\.com|taken\.outage@example\.com/);
        } finally {
          mail.passAll();
          hooked.passAll();
          await server.stop();
          await locker.end({ timeout: 1 });
          await locked;
          await sql.end({ timeout: 1 });
          await smtp.close();
          await hooks.close();
          await db.destroy();
        }
      }, 120_000);
    }
  });
}
