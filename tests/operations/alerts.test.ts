import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { addOperator } from "~/lib/console/operators.server";
import { checkAlerts, createAlertSender, type AlertChannels } from "~/lib/ops/alerts.server";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { startWebhookSink, type WebhookSink } from "../support/webhook-sink";
import { openHarness, type Driver, type Harness } from "../support/server/harness";

// Delivery alerts (decision 020) on both databases, with a real SMTP server on loopback that is up or down and a
// webhook receiver: a parked job and a stale queue each alert once however often the check runs, then an all clear
// when they end; with the mail server down the webhook carries them, and an alert no channel took is sent again.

const ADMIN = "admin@example.com";
const options = { queueAgeMinutes: 10, siteUrl: "https://replywise.example" };

describe.each<Driver>(["pglite", "postgres"])("delivery alerts on %s", (driver) => {
  let h: Harness;
  let smtp: SmtpSink;
  let hook: WebhookSink;
  const warnings: string[] = [];

  const sender = (channels: Partial<AlertChannels> = {}) =>
    createAlertSender(
      h.handle.db,
      {
        mail: {
          smtpUrl: smtp.url,
          fileDir: mkdtempSync(path.join(tmpdir(), "replywise-alerts-")),
          from: "Replywise <hello@replywise.example>",
          to: [ADMIN],
        },
        ...channels,
      },
      { warn: (line: string) => void warnings.push(line) },
    );
  const run = (db = h.handle.db) => db.execute.bind(db);

  beforeAll(async () => {
    h = await openHarness(driver);
    smtp = await startSmtpSink();
    hook = await startWebhookSink();
  });
  afterEach(async () => {
    await run()(sql`DELETE FROM outbox`);
    await run()(sql`DELETE FROM alert_states`);
    smtp.messages.length = 0;
    hook.calls.length = 0;
    await smtp.start().catch(() => {});
  });
  afterAll(async () => {
    await hook?.close();
    await smtp?.close();
    await h?.close();
  });

  /** A job parked as failed, with jobs that wait on purpose (no alert); then one that has waited 25 minutes. */
  const stall = async () => {
    await run()(
      sql`INSERT INTO outbox (kind, payload, status, attempts, last_error) VALUES ('mail:team-notification', '{}', 'failed', 10, 'EAUTH 535')`,
    );
    // What waits on purpose is not late: a post scheduled two days ago for tomorrow, a newsletter copy paced for later,
    // and a paced copy due a minute ago that failed once and waits for its retry.
    await run()(
      sql`INSERT INTO outbox (kind, payload, status, created_at, run_after, due_at, attempts, priority) VALUES
        ('blog:publish', '{}', 'pending', now() - interval '2 days', now() + interval '1 day', now() + interval '1 day', 0, 0),
        ('newsletter:copy', '{}', 'pending', now() - interval '40 minutes', now() + interval '5 minutes', now() + interval '5 minutes', 0, 1),
        ('newsletter:copy', '{}', 'pending', now() - interval '40 minutes', now() + interval '10 seconds', now() - interval '1 minute', 1, 1)`,
    );
  };
  const staleQueue = async () => {
    await run()(
      sql`INSERT INTO outbox (kind, payload, status, created_at, due_at) VALUES ('mail:request-received', '{}', 'pending', now() - interval '25 minutes', now() - interval '25 minutes')`,
    );
  };
  const recover = async () => {
    await run()(sql`UPDATE outbox SET status = 'sent', sent_at = now()`);
  };

  /** Runs the check as every instance's timer would: three times per step, to show repeats send nothing. */
  async function scenario(send: ReturnType<typeof sender>) {
    const told: string[] = [];
    const check = async () => {
      for (let i = 0; i < 3; i++) told.push(...(await checkAlerts(h.handle.db, options, send)).map((n) => `${n.kind} ${n.condition}`));
    };
    await check();
    await stall();
    await check();
    await staleQueue();
    await check();
    await recover();
    await check();
    return told;
  }

  it("with SMTP up: an alert once for a parked job and once for a stale queue, then an all clear, by mail", async () => {
    const send = sender();
    try {
      expect(await scenario(send)).toEqual(["alert failed-jobs", "alert stale-queue", "all-clear failed-jobs", "all-clear stale-queue"]);
    } finally {
      send.close();
    }
    expect(smtp.messages.map((mail) => [mail.envelopeTo, mail.parsed.subject])).toEqual([
      [[ADMIN], "[https://replywise.example] 1 email job failed for good"],
      [[ADMIN], "[https://replywise.example] Email queue stalled: the oldest job has waited 25 minutes"],
      [[ADMIN], "[https://replywise.example] All clear: no email job is parked as failed"],
      [[ADMIN], "[https://replywise.example] All clear: the email queue is moving"],
    ]);
    expect(smtp.messages[0]!.parsed.text).toContain("https://replywise.example/console/outbox");
  });

  it("with SMTP down: the same alerts and all clear reach the webhook", async () => {
    await smtp.stop();
    const send = sender({ webhookUrl: hook.url });
    try {
      expect(await scenario(send)).toEqual(["alert failed-jobs", "alert stale-queue", "all-clear failed-jobs", "all-clear stale-queue"]);
    } finally {
      send.close();
    }
    expect(smtp.messages).toEqual([]);
    expect(hook.calls.map((call) => JSON.parse(call.body) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ condition: "failed-jobs", kind: "alert", value: 1 }),
      expect.objectContaining({ condition: "stale-queue", kind: "alert", value: 25 }),
      expect.objectContaining({ condition: "failed-jobs", kind: "all-clear" }),
      expect.objectContaining({ condition: "stale-queue", kind: "all-clear" }),
    ]);
    expect(warnings.some((line) => line.startsWith("alert failed-jobs (alert) not sent by mail"))).toBe(true);
  });

  it("without ALERT_EMAIL, alerts the admin accounts and no one else", async () => {
    await addOperator(h.handle.db, "boss@example.com", "a long admin passphrase", "admin");
    await addOperator(h.handle.db, "seller@example.com", "a long sales passphrase", "sales");
    const send = sender({
      mail: {
        smtpUrl: smtp.url,
        fileDir: mkdtempSync(path.join(tmpdir(), "replywise-alerts-")),
        from: "Replywise <hello@replywise.example>",
      },
    });
    try {
      await stall();
      expect((await checkAlerts(h.handle.db, options, send)).map((n) => n.kind)).toEqual(["alert"]);
    } finally {
      send.close();
      await run()(sql`DELETE FROM operators`);
    }
    expect(smtp.messages.map((mail) => mail.envelopeTo)).toEqual([["boss@example.com"]]);
  });

  it("sends an alert no channel took at the next check, and a worse stall again only after an hour", async () => {
    await smtp.stop();
    const send = sender();
    try {
      await stall();
      expect(await checkAlerts(h.handle.db, options, send)).toEqual([]);
      await smtp.start();
      expect((await checkAlerts(h.handle.db, options, send)).map((n) => n.kind)).toEqual(["alert"]);
      await stall();
      const later = (minutes: number) => ({ ...options, now: new Date(Date.now() + minutes * 60_000) });
      expect(await checkAlerts(h.handle.db, later(30), send)).toEqual([]);
      expect((await checkAlerts(h.handle.db, later(61), send)).map((n) => `${n.kind} ${n.value}`)).toEqual(["reminder 2"]);
      expect(await checkAlerts(h.handle.db, later(62), send)).toEqual([]);
    } finally {
      send.close();
    }
    expect(smtp.messages.map((mail) => mail.parsed.subject)).toEqual([
      "[https://replywise.example] 1 email job failed for good",
      "[https://replywise.example] 2 email jobs failed for good",
    ]);
  });
});
