import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../../support/serve-build";
import { startSmtpSink, type SmtpSink } from "../../support/smtp-sink";
import { OUTBOX_WATCH_ENV, outboxSettled, outboxState } from "../support/outbox-watch";
import { createTestDatabase, TWO_INSTANCE_OUTBOX_ENV, type TestDatabase } from "../support/postgres";

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
    }
  });
}
