import { createHmac } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "~/lib/db/schema/outbox";
import { createDelivery } from "~/lib/jobs/deliver.server";
import { webhookSignature } from "~/lib/webhook-signature.server";
import { enqueue, retryDelaySeconds, startOutboxWorker, type OutboxOptions, type OutboxWorker } from "~/lib/jobs/outbox.server";
import { mailJob } from "~/lib/mail/mail-job";
import { MAIL_TEMPLATES } from "../../server/mail-templates";
import { createMailer, type Mailer } from "~/lib/mail/mailer.server";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { openHarness, type Driver, type Harness } from "../support/server/harness";

const SECRET = "webhook-secret-for-tests";
const contact = { name: "Ada Lovelace", email: "ada.private@example.com", companyName: "Analytical Engines", message: "A private message" };
const sender = { product: "Replywise", siteUrl: "http://localhost:3000", companyName: "Replywise, Inc.", companyAddress: "1 Test Street" };
const fast: OutboxOptions = { maxAttempts: 3, retrySeconds: 0.2, pollSeconds: 0.1 };

interface Hook {
  url: string;
  received: { body: string; signature: string | undefined; delivery: string | undefined }[];
  /** Answers 503 while true, as a webhook that is down. */
  failing: boolean;
  close(): void;
}

async function startHook(delayMs = 0): Promise<Hook> {
  const hook: Hook = { url: "", received: [], failing: false, close: () => server.close() };
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () =>
      setTimeout(() => {
        if (hook.failing) {
          res.statusCode = 503;
          return res.end("down");
        }
        hook.received.push({
          body,
          signature: req.headers["x-replywise-signature"] as string,
          delivery: req.headers["x-replywise-delivery"] as string,
        });
        res.end("ok");
      }, delayMs),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  hook.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return hook;
}

const rowsOf = async (h: Harness, query: string) => {
  const result = (await h.handle.db.execute(sql.raw(query))) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows).map((row) => ({ ...row }));
};

describe.each<Driver>(["pglite", "postgres"])("the outbox on %s", (driver) => {
  let h: Harness;
  let smtp: SmtpSink;
  let hook: Hook;
  let mailer: Mailer;
  let workers: OutboxWorker[] = [];
  const logs: string[] = [];
  const log = { info: (line: string) => logs.push(line), warn: (line: string) => logs.push(line) };

  const startWorker = (options: OutboxOptions = fast, target = { url: hook.url, secret: SECRET }) => {
    const worker = startOutboxWorker(h.handle.db, createDelivery(mailer, target), options, log);
    workers.push(worker);
    return worker;
  };

  beforeAll(async () => {
    h = await openHarness(driver);
    smtp = await startSmtpSink();
    hook = await startHook();
    mailer = createMailer({
      smtpUrl: smtp.url,
      fileDir: mkdtempSync(path.join(tmpdir(), "replywise-mail-")),
      from: "Replywise <hello@replywise.example>",
      sender,
      templates: MAIL_TEMPLATES,
    });
  }, 120_000);
  afterEach(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    workers = [];
    await h.handle.db.delete(outbox);
    smtp.messages.length = 0;
    hook.received.length = 0;
    hook.failing = false;
  });
  afterAll(async () => {
    mailer?.close();
    hook?.close();
    await smtp?.close();
    await h?.close();
  });

  it("writes a contact request's emails and webhook with the lead, and the visitor never waits for them", async () => {
    // The worker is not running: the visitor's answer cannot have waited on a delivery, which happens only after it.
    const answer = await h.post("/forms/contact", contact);
    expect(answer.status).toBe(200);
    expect(smtp.messages).toHaveLength(0);
    expect(hook.received).toHaveLength(0);
    expect(await rowsOf(h, "SELECT kind, recipient, status FROM outbox ORDER BY id")).toEqual([
      { kind: "mail:request-received", recipient: contact.email, status: "pending" },
      { kind: "mail:team-notification", recipient: contact.email, status: "pending" },
      { kind: "webhook:contact_request", recipient: contact.email, status: "pending" },
    ]);

    startWorker();
    await expect.poll(() => hook.received.length, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => smtp.messages.length).toBe(2);

    const [ack] = smtp.to(contact.email);
    expect(ack?.parsed.subject).toBe("We received your message | Replywise");
    expect(ack?.parsed.text).toContain("We'll get back to you as soon as possible.");
    // Nothing the visitor typed goes back to the address they gave.
    expect(ack?.raw).not.toContain("A private message");
    expect(ack?.raw).not.toContain("Ada Lovelace");

    const [team] = smtp.to("hello@replywise.example");
    expect(team?.parsed.subject).toBe("New contact request from Ada Lovelace");
    expect(team?.parsed.replyTo?.value).toEqual([{ name: "Ada Lovelace", address: contact.email }]);
    expect(team?.parsed.text).toContain("A private message");
    expect(team?.parsed.text).toContain("1 Test Street");

    const delivery = hook.received[0]!;
    const event = JSON.parse(delivery.body) as Record<string, unknown>;
    expect(event).toMatchObject({
      type: "contact_request",
      name: "Ada Lovelace",
      companyName: "Analytical Engines",
      message: "A private message",
    });
    const [, timestamp, signature] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(delivery.signature ?? "") ?? [];
    expect(signature).toBe(createHmac("sha256", SECRET).update(`${timestamp}.${delivery.body}`).digest("hex"));
    expect(delivery.signature).toBe(webhookSignature(SECRET, delivery.body, Number(timestamp)));
    await expect.poll(async () => rowsOf(h, "SELECT DISTINCT status FROM outbox")).toEqual([{ status: "sent" }]);
  });

  it("retries with growing delays while the mail server is down, then delivers each message once", async () => {
    expect([1, 2, 3, 4, 20].map((attempts) => retryDelaySeconds(attempts, 5))).toEqual([5, 10, 20, 40, 600]);
    await smtp.stop();
    for (let i = 0; i < 3; i++)
      await h.post("/forms/feature-request", {
        name: "Grace",
        email: `grace${i}@example.com`,
        featureTitle: `Idea ${i}`,
        description: "D",
      });
    startWorker({ maxAttempts: 50, retrySeconds: 0.2, pollSeconds: 0.1 });
    await expect
      .poll(async () => (await rowsOf(h, "SELECT max(attempts) AS attempts FROM outbox"))[0]?.attempts, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(2);
    expect(smtp.messages).toHaveLength(0);
    await smtp.start();
    await expect
      .poll(async () => rowsOf(h, "SELECT count(*)::int AS waiting FROM outbox WHERE status <> 'sent'"), { timeout: 20_000 })
      .toEqual([{ waiting: 0 }]);
    // Three acknowledgements and three team notifications, once each.
    const ids = smtp.messages.map((mail) => mail.parsed.messageId);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
    expect(logs.join("\n")).not.toMatch(/grace\d@example\.com|Idea \d/);
  }, 60_000);

  it("parks a job as failed after the last attempt, with the reason, for the operator to see", async () => {
    hook.failing = true;
    await h.post("/forms/contact", { ...contact, message: "Another private message" });
    startWorker({ maxAttempts: 2, retrySeconds: 0.1, pollSeconds: 0.1 });
    await expect
      .poll(async () => rowsOf(h, "SELECT status, attempts, last_error FROM outbox WHERE kind LIKE 'webhook:%'"), { timeout: 15_000 })
      .toEqual([{ status: "failed", attempts: 2, last_error: "Error: webhook answered 503" }]);
    expect(logs.join("\n")).toMatch(/outbox job \d+ \(webhook:contact_request\) failed for good after 2 attempts/);
    expect(logs.join("\n")).not.toContain(contact.email);
  }, 30_000);

  it("never lets a line break in a name reach a mail header", async () => {
    await enqueue(h.handle.db, [
      mailJob({
        template: "team-notification",
        to: [{ address: "team@example.com" }],
        replyTo: { name: "Eve\r\nBcc: victim@example.com", address: "eve@example.com" },
        props: {
          title: "New contact request from Eve\r\nBcc: victim@example.com",
          fields: [["Name", "Eve"]],
          receivedAt: "2026-11-23 10:00",
        },
      }),
    ]);
    await startWorker().drain();
    await expect.poll(() => smtp.messages.length).toBe(1);
    const [mail] = smtp.messages;
    expect(mail!.envelopeTo).toEqual(["team@example.com"]);
    expect(mail!.parsed.headers.has("bcc")).toBe(false);
    expect(mail!.raw.split("\r\n\r\n")[0]).not.toMatch(/^Bcc:/im);
  });

  if (driver === "postgres") {
    it("delivers each job once with two workers on one database", async () => {
      for (let i = 0; i < 15; i++) {
        await h.post("/forms/feature-request", {
          name: "Grace",
          email: `pair${i}@example.com`,
          featureTitle: `Pair ${i}`,
          description: "D",
        });
      }
      const target = { url: hook.url, secret: SECRET };
      hook.close();
      hook = await startHook(0);
      target.url = hook.url;
      startWorker({ ...fast, batchSize: 2 }, target);
      startWorker({ ...fast, batchSize: 2 }, target);
      await expect
        .poll(async () => rowsOf(h, "SELECT count(*)::int AS left FROM outbox WHERE status <> 'sent'"), { timeout: 30_000 })
        .toEqual([{ left: 0 }]);
      expect(smtp.messages).toHaveLength(30);
      expect(new Set(smtp.messages.map((mail) => mail.parsed.messageId)).size).toBe(30);
      expect(hook.received).toHaveLength(15);
      expect(new Set(hook.received.map((call) => call.delivery)).size).toBe(15);
    }, 60_000);
  }
});
