import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { initialContent } from "~/features/site-content";
import { readEnv } from "~/lib/env.server";
import { webhookSignature } from "~/lib/webhook-signature.server";
import { startServer, type RunningServer } from "../support/serve-build";
import { seedDataDir } from "../support/pglite-template";
import { mailServices, rootKeyOf } from "../../server/services";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { copiesOf, expectOneEach as expectEach, header, sendKilledHalfway } from "../support/server/copies";
import { reader, seedNewsletter, type NewsletterSeed } from "../support/server/newsletter";
import { OPERATOR_PASSWORD, operatorSession } from "../support/server/operators";
import { OUTBOX_WATCH_ENV } from "../support/server/outbox-watch";
import { createTestDatabase, TWO_INSTANCE_OUTBOX_ENV, type TestDatabase } from "../support/server/postgres";
import postgres from "postgres";

// The newsletter's sending (docs/decisions/025), against the built server and a real SMTP server on loopback: an issue
// reaches each confirmed subscriber once, with the headers the law and the mail providers ask for, and nobody else;
// across a SIGKILL halfway, a mail server away while every waiting copy fails twice, and two instances on one database,
// nobody gets two.

const EDITOR = "editor@replywise.example";
const SECRET_KEY = "newsletter-test-secret-key-0123456789abcdef";
const EVENTS_SECRET = "newsletter-events-secret-0123456789abcdef";
const READERS = 200;

/** The seed, on a fresh PGlite folder (from the run's migrated template) or PostgreSQL database. */
function seed(target: { databaseUrl?: string; dataDir: string }, others: NonNullable<NewsletterSeed["others"]> = []) {
  if (!target.databaseUrl) seedDataDir(target.dataDir);
  return seedNewsletter(target, { readers: READERS, others, editor: EDITOR });
}

const issueCopies = (smtp: SmtpSink) => copiesOf(smtp, "newsletter-");
const readers = Array.from({ length: READERS }, (_, i) => reader(i));
/** Each reader got exactly one copy, and nobody else got one. */
const expectOneEach = (site: RunningServer, smtp: SmtpSink, count: number, timeout: number) =>
  expectEach(site, smtp, "newsletter-", readers.slice(0, count), timeout);

async function sendNow(server: RunningServer, issueId: number) {
  const post = await operatorSession(server.url, EDITOR, OPERATOR_PASSWORD, `/console/newsletter/${issueId}`);
  const response = await post(`/console/newsletter/${issueId}`, { intent: "send", version: "1", confirm: "yes" });
  expect(response.status).toBe(303);
  return post;
}

/** The suite for one database; one file per database runs it, so the two run side by side. */
export function newsletterSendSuite(driver: "pglite" | "postgres") {
  describe(`the newsletter's sending on ${driver}`, () => {
    const cleanup: (() => Promise<unknown> | void)[] = [];
    afterAll(async () => {
      for (const step of cleanup.reverse()) await step();
    });

    /** A fresh database and data folder, seeded: the server's variables for it. */
    async function database(extra?: Parameters<typeof seed>[1]) {
      const dataDir = mkdtempSync(path.join(tmpdir(), `replywise-newsletter-${driver}-`));
      cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
      let pg: TestDatabase | null = null;
      if (driver === "postgres") {
        pg = await createTestDatabase();
        cleanup.push(() => pg!.destroy());
      }
      const seeded = await seed({ ...(pg ? { databaseUrl: pg.url } : {}), dataDir }, extra);
      const env: Record<string, string> = {
        ...(pg ? { DATABASE_URL: pg.url } : {}),
        DATA_DIR: dataDir,
        SECRET_KEY,
        EMAIL_EVENTS_SECRET: EVENTS_SECRET,
        // 200 copies in 2 s: paced (decision 025), yet no test waits long for the last.
        NEWSLETTER_RATE_PER_MINUTE: "6000",
        OUTBOX_POLL_SECONDS: "0.1",
        OUTBOX_RETRY_SECONDS: "0.5",
        OUTBOX_MAX_ATTEMPTS: "12",
        OUTBOX_LEASE_SECONDS: "2",
        ...OUTBOX_WATCH_ENV,
      };
      return { env, seeded, pg };
    }

    async function server(env: Record<string, string>, smtp: SmtpSink) {
      const started = await startServer({ ...env, SMTP_URL: smtp.url });
      cleanup.push(() => started.stop());
      return started;
    }

    it("reaches the 200 confirmed readers once each, with its headers, and nobody else: not pending, unsubscribed, bounced, complained, nor whoever unsubscribes once it is queued; a test reaches only the editor", async () => {
      const others = [
        ...Array.from({ length: 10 }, (_, i) => ({ email: `pending.${i}@example.com`, status: "pending" as const })),
        ...Array.from({ length: 10 }, (_, i) => ({ email: `gone.${i}@example.com`, status: "unsubscribed" as const })),
        { email: "bounced@example.com", status: "confirmed" as const },
        { email: "complained@example.com", status: "confirmed" as const },
        // The last in line: unsubscribes the moment the issue is queued, long before its turn.
        { email: "late@example.com", status: "confirmed" as const },
      ];
      const { env, seeded } = await database(others);
      const smtp = await startSmtpSink();
      cleanup.push(() => smtp.close());
      const site = await server(env, smtp);

      // The provider's signed notices put two addresses on the do-not-mail list.
      for (const [type, email] of [
        ["bounce", "bounced@example.com"],
        ["complaint", "complained@example.com"],
      ] as const) {
        const body = JSON.stringify({ id: `${type}-1`, type, email, ...(type === "bounce" ? { bounceType: "hard" } : {}) });
        const response = await fetch(`${site.url}/webhooks/email-events`, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            "Replywise-Signature": webhookSignature(EVENTS_SECRET, body, Math.floor(Date.now() / 1000)),
          },
          body,
        });
        expect(response.status, type).toBe(200);
      }

      const post = await operatorSession(site.url, EDITOR, OPERATOR_PASSWORD, `/console/newsletter/${seeded.issueId}`);
      const fields = {
        subject: "New free resource: The Reply Playbook",
        preheader: "Twelve answers to the replies cold email gets.",
        title: "The Reply Playbook",
        excerpt: "Twelve answers, tested.",
        linkPath: "/resources#reply-playbook",
      };
      expect((await post(`/console/newsletter/${seeded.issueId}`, { ...fields, intent: "test", version: "1" })).status).toBe(303);
      await expect.poll(() => smtp.to(EDITOR).length, { timeout: 20_000 }).toBe(1);
      const test = smtp.to(EDITOR)[0]!;
      expect(test.parsed.subject).toBe("[Test] New free resource: The Reply Playbook");
      expect(test.envelopeTo).toEqual([EDITOR]);
      expect(smtp.messages).toHaveLength(1);

      // Saved and tested: version 2. Sent; and at once the last reader unsubscribes with the one-click link.
      expect((await post(`/console/newsletter/${seeded.issueId}`, { intent: "send", version: "2", confirm: "yes" })).status).toBe(303);
      const { newsletter } = mailServices(readEnv({ ...env, SITE_URL: site.url }), rootKeyOf(readEnv(env)), {
        current: async () => initialContent(),
      });
      const lateUrl = newsletter.links.unsubscribeUrl({ id: seeded.ids.get("late@example.com")!, email: "late@example.com" });
      const oneClick = await fetch(lateUrl.replace(/^https?:\/\/[^/]+/, site.url), {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(oneClick.status).toBe(200);

      const copies = await expectOneEach(site, smtp, READERS, 60_000);
      for (const email of others.map((row) => row.email)) expect(smtp.to(email), email).toHaveLength(0);
      // Every copy: one-click unsubscribe in the headers and the footer, the postal address, a traceable Message-ID.
      for (const mail of copies) {
        expect(header(mail, "List-Unsubscribe")).toMatch(/<http[^>]+\/newsletter\/unsubscribe\?token=[^>]+>/);
        expect(header(mail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
        expect(mail.parsed.messageId).toMatch(new RegExp(`^<newsletter-${seeded.issueId}-\\d+@`));
        expect(mail.parsed.text).toMatch(/Unsubscribe https?:\/\/\S+\/newsletter\/unsubscribe\?token=/);
        expect(mail.parsed.text).toContain("THE REPLY PLAYBOOK");
      }
      const subscriberId = Number(/^<newsletter-\d+-(\d+)@/.exec(copies[0]!.parsed.messageId!)![1]);
      expect(copies[0]!.envelopeTo).toEqual([[...seeded.ids].find(([, id]) => id === subscriberId)![0]]);
      // The company's postal address, as configured (the default here).
      expect(copies[0]!.parsed.text).toContain(readEnv({}).COMPANY_ADDRESS);

      // The team sees it sent, with its counts; the archive shows it to everyone.
      const page = await (await fetch(`${site.url}/console/newsletter/${seeded.issueId}`, { headers: await cookieOf(site) })).text();
      expect(page).toContain(">Sent<");
      expect(page).toMatch(/Recipients<\/dt><dd[^>]*>201</);
      expect(page).toMatch(/Unsubscribed since<\/dt><dd[^>]*>1</);
      const archive = await fetch(`${site.url}/newsletter`);
      expect(await archive.text()).toContain("New free resource: The Reply Playbook");
      const issue = await fetch(`${site.url}/newsletter/1`);
      expect(issue.status).toBe(200);
      expect(await issue.text()).toContain("Twelve answers, tested.");
      expect((await fetch(`${site.url}/newsletter/2`)).status).toBe(404);
      // Nothing a subscriber typed, and no address, in the server's log.
      expect(site.output()).not.toMatch(/reader\.\d+@example\.com|late@example\.com/);
    }, 150_000);

    it("killed (SIGKILL) halfway through a send, the rest go out after the restart, and nobody gets two", async () => {
      const { env, seeded } = await database();
      const { smtp, site } = await sendKilledHalfway({
        env,
        killAt: READERS / 2,
        send: (site) => sendNow(site, seeded.issueId),
        copies: issueCopies,
        cleanup,
      });
      await expectOneEach(site, smtp, READERS, 60_000);
    }, 150_000);

    // What the database does not change runs once: a copy's job waiting out the outage is the same outbox on both (and
    // mail-faults has a shorter outage on each).
    if (driver === "postgres") {
      it("with the mail server away mid-send until every waiting copy has failed twice, every copy arrives once after it returns", async () => {
        const { env, seeded, pg } = await database();
        const smtp = await startSmtpSink();
        cleanup.push(() => smtp.close());
        const site = await server(env, smtp);
        await sendNow(site, seeded.issueId);
        await expect.poll(() => issueCopies(smtp).length, { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(50);
        await smtp.stop();
        const during = issueCopies(smtp).length;
        // The outage lasts until each copy still to send has been tried and retried, and failed both times: a longer
        // one only repeats those retries, further apart.
        const sql = postgres(pg!.url, { max: 1, onnotice: () => {} });
        cleanup.push(() => sql.end({ timeout: 1 }));
        const waiting = async () =>
          (
            await sql<{ waiting: number; retried: number }[]>`
            SELECT count(*)::int AS waiting, count(*) FILTER (WHERE status = 'pending' AND attempts >= 2)::int AS retried
            FROM outbox WHERE status IN ('pending', 'sending')`
          )[0]!;
        await expect.poll(waiting, { timeout: 60_000, interval: 100 }).toEqual({ waiting: READERS - during, retried: READERS - during });
        expect(issueCopies(smtp)).toHaveLength(during);
        expect(during).toBeLessThan(READERS);
        await smtp.start();
        await expectOneEach(site, smtp, READERS, 60_000);
      }, 180_000);

      it("with two instances on one database, each copy goes out once, and the other instance's archive shows the issue", async () => {
        const { env, seeded } = await database();
        const smtp = await startSmtpSink();
        cleanup.push(() => smtp.close());
        const pair = { ...env, ...TWO_INSTANCE_OUTBOX_ENV, NEWSLETTER_RATE_PER_MINUTE: "0" };
        const a = await server(pair, smtp);
        const b = await server(pair, smtp);
        // B has the empty archive in its page cache before the send.
        expect(await (await fetch(`${b.url}/newsletter`)).text()).toContain("No issue has gone out yet");
        await sendNow(a, seeded.issueId);
        await expect
          .poll(async () => (await (await fetch(`${b.url}/newsletter`)).text()).includes("New free resource: The Reply Playbook"), {
            timeout: 5000,
          })
          .toBe(true);
        await expectOneEach(a, smtp, READERS, 60_000);
      }, 150_000);
    }
  });
}

/** A signed-in editor's cookie, for a plain page read. */
async function cookieOf(site: RunningServer) {
  const signIn = await fetch(`${site.url}/console/sign-in`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: site.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: EDITOR, password: OPERATOR_PASSWORD }),
  });
  return { Cookie: (signIn.headers.get("set-cookie") ?? "").split(";")[0]! };
}
