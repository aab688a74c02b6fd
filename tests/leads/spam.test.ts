import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestContext } from "~/context";
import { leadFormsOf } from "~/forms.server";
import { purgeExpired } from "~/lib/retention/retention.server";
import { retentionPurges } from "../../server/services";
import { RETENTION_DEFAULT_DAYS } from "~/lib/retention/retention";
import { releaseSpam } from "~/features/leads/index.server";
import { createDelivery } from "~/lib/jobs/deliver.server";
import { startOutboxWorker } from "~/lib/jobs/outbox.server";
import { MAIL_TEMPLATES } from "../../server/mail-templates";
import { createMailer } from "~/lib/mail/mailer.server";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { openHarness, type Driver, type Harness } from "../support/server/harness";

// Posts that trip a spam check are held, not dropped (decision 020): answered as a success, stored in spam_posts, never
// delivered, notified or counted as leads; "Not spam" stores one as its form would have, delivered and notified once;
// the purge deletes held posts after their period. On both databases, through the form actions.

const contact = { name: "Held Person", companyName: "", message: "A real question that looked like spam" };
const sender = { product: "Replywise", siteUrl: "http://localhost:3000", companyName: "Replywise, Inc.", companyAddress: "1 Test Street" };

describe.each<Driver>(["pglite", "postgres"])("spam on %s", (driver) => {
  let h: Harness;
  let smtp: SmtpSink;

  const query = async (text: string) => {
    const result = (await h.handle.db.execute(sql.raw(text))) as unknown;
    return (Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows).map((row) => ({ ...row }));
  };
  const leadsOf = async (email: string) =>
    (await query(`SELECT id FROM contact_requests WHERE email = '${email}'`)).length +
    (await query(`SELECT id FROM newsletter_subscribers WHERE email = '${email}'`)).length;
  const jobsOf = async (email: string) => query(`SELECT kind, status FROM outbox WHERE recipient = '${email}' ORDER BY id`);
  const heldOf = async (email: string) =>
    (await query(`SELECT id, form, reasons FROM spam_posts WHERE email = '${email}' ORDER BY id`)) as {
      id: number;
      form: string;
      reasons: string[];
    }[];

  beforeAll(async () => {
    h = await openHarness(driver);
    smtp = await startSmtpSink();
  });
  afterAll(async () => {
    await smtp?.close();
    await h?.close();
  });

  it("holds a honeypot-filled post as spam: answered as a success, not stored as a lead, not delivered, not notified", async () => {
    const email = "filled.honeypot@example.com";
    const answer = await h.post("/forms/contact", { ...contact, email, website: "https://cheap-pills.example" });
    expect(answer).toMatchObject({ status: 200, result: { status: "success" } });
    expect(await heldOf(email)).toEqual([{ id: expect.anything(), form: "contact", reasons: ["honeypot-filled"] }]);
    const [held] = await query(`SELECT fields FROM spam_posts WHERE email = '${email}'`);
    expect(held!.fields).toMatchObject({ ...contact, email, website: "https://cheap-pills.example" });
    expect(await leadsOf(email)).toBe(0);
    expect(await jobsOf(email)).toEqual([]);
  });

  it("holds a post without the hidden field, and one sent within the minimum fill time; a post without a fill time is a lead", async () => {
    await h.post("/forms/newsletter", { email: "no.honeypot@example.com", source: "/" }, { withoutHoneypot: true });
    await h.post("/forms/contact", { ...contact, email: "too.fast@example.com", fill_ms: "640" });
    await h.post("/forms/contact", { ...contact, email: "took.time@example.com", fill_ms: "45000" });
    await h.post("/forms/contact", { ...contact, email: "no.javascript@example.com" });
    expect(await heldOf("no.honeypot@example.com")).toMatchObject([{ form: "newsletter", reasons: ["honeypot-missing"] }]);
    expect(await heldOf("too.fast@example.com")).toMatchObject([{ form: "contact", reasons: ["too-fast"] }]);
    expect(await leadsOf("too.fast@example.com")).toBe(0);
    for (const email of ["took.time@example.com", "no.javascript@example.com"]) {
      expect(await heldOf(email)).toEqual([]);
      expect(await leadsOf(email)).toBe(1);
    }
  });

  it("marking a held post as not spam stores it as the form would have, delivered and notified once", async () => {
    const email = "really.a.lead@example.com";
    await h.post("/forms/contact", { ...contact, email, website: "autofilled by a browser extension" });
    const [held] = await heldOf(email);
    const forms = leadFormsOf(requestContext(h.services, "192.0.2.44"));

    expect(await releaseSpam(h.handle.db, Number(held!.id), forms, "ops@example.com")).toEqual({ status: "released" });
    // Again, as a second operator (or a double click) would: nothing more.
    expect(await releaseSpam(h.handle.db, Number(held!.id), forms, "other@example.com")).toEqual({ status: "gone" });
    expect(await heldOf(email)).toEqual([]);
    const [lead] = await query(`SELECT name, message FROM contact_requests WHERE email = '${email}'`);
    expect(lead).toEqual({ name: contact.name, message: contact.message });
    expect(await jobsOf(email)).toEqual([
      { kind: "mail:request-received", status: "pending" },
      { kind: "mail:team-notification", status: "pending" },
      { kind: "webhook:contact_request", status: "pending" },
    ]);

    const mailer = createMailer({
      smtpUrl: smtp.url,
      fileDir: mkdtempSync(path.join(tmpdir(), "replywise-spam-mail-")),
      from: "Replywise <hello@replywise.example>",
      sender,
      templates: MAIL_TEMPLATES,
    });
    const worker = startOutboxWorker(
      h.handle.db,
      createDelivery(mailer, null),
      { maxAttempts: 1, retrySeconds: 1, pollSeconds: 60 },
      {
        info: () => {},
        warn: () => {},
      },
    );
    try {
      await worker.drain();
    } finally {
      await worker.stop();
      mailer.close();
    }
    // The receipt to the visitor and the team's notice (replying to the visitor), once each.
    expect(smtp.to(email)).toHaveLength(1);
    expect(smtp.messages.filter((mail) => mail.parsed.replyTo?.text.includes(email))).toHaveLength(1);
    const [audit] = await query(`SELECT actor, detail FROM audit_log WHERE action = 'not-spam'`);
    expect(audit).toEqual({ actor: "ops@example.com", detail: { form: "contact" } });
  });

  it("refuses to release a held post its form would refuse, and keeps it", async () => {
    await h.post("/forms/contact", { name: "", email: "not-an-address", message: "", website: "x" });
    const [held] = await heldOf("not-an-address");
    const released = await releaseSpam(
      h.handle.db,
      Number(held!.id),
      leadFormsOf(requestContext(h.services, "192.0.2.44")),
      "ops@example.com",
    );
    expect(released).toMatchObject({ status: "invalid", problems: expect.arrayContaining(["Please enter a valid email address"]) });
    expect(await heldOf("not-an-address")).toHaveLength(1);
  });

  it("the purge removes spam older than its period and keeps the rest", async () => {
    await h.handle.db.execute(sql`DELETE FROM spam_posts`);
    const days = (n: number) => sql`now() - make_interval(days => ${n})`;
    await h.handle.db.execute(sql`INSERT INTO spam_posts (form, reasons, fields, email, visit, created_at) VALUES
      ('contact', '["honeypot-filled"]', '{"message":"old"}', 'old.spam@example.com', '{}', ${days(RETENTION_DEFAULT_DAYS.spam + 1)}),
      ('contact', '["honeypot-filled"]', '{"message":"recent"}', 'recent.spam@example.com', '{}', ${days(RETENTION_DEFAULT_DAYS.spam - 1)})`);
    const report = await purgeExpired(h.handle.db, RETENTION_DEFAULT_DAYS, retentionPurges);
    expect(report).toMatchObject({ spam_posts: 1 });
    expect((await query("SELECT email FROM spam_posts")).map((row) => row.email)).toEqual(["recent.spam@example.com"]);
  });
});
