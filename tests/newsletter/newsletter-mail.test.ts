import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterLinks } from "~/features/newsletter/index.server";
import { createSigner } from "~/lib/secrets.server";
import { startServer, type RunningServer } from "../support/serve-build";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../support/smtp-sink";
import { expectRefusedConfirmations, expectSameOpenedAndClicked, linkPageAt, pageSaying, pathOf } from "../support/server/link-pages";
import { reader, seedNewsletter } from "../support/server/newsletter";
import { addOperators, OPERATOR_PASSWORD, operatorSession } from "../support/server/operators";
import { createTestDatabase, type TestDatabase } from "../support/server/postgres";

// The newsletter's mail as its readers and its editor get it, through the built server and a real SMTP server on
// loopback (docs/decisions/025): what a sign-up answers and sends when an address comes back, what a test copy says,
// the plain-text part's links, an issue's link held to the site, and the counts once a recipient is erased. PostgreSQL,
// so the test reads the rows beside the running server.

const EDITOR = "editor@replywise.example";
const ADMIN = "ops@replywise.example";
const READERS = 3;
const SECRET_KEY = "newsletter-mail-secret-key-0123456789abcdef";

/** A header as it was sent, unfolded (mailparser folds the List-* ones into one structure). */
function header(mail: ReceivedMail, name: string): string | undefined {
  const head = mail.raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, " ");
  return new RegExp(`^${name}: (.*)$`, "im").exec(head)?.[1]?.trim();
}

describe("the newsletter's mail", () => {
  let pg: TestDatabase;
  let smtp: SmtpSink;
  let site: RunningServer;
  let sql: postgres.Sql;
  let dataDir: string;

  beforeAll(async () => {
    [pg, smtp] = await Promise.all([createTestDatabase(), startSmtpSink()]);
    dataDir = mkdtempSync(path.join(tmpdir(), "replywise-newsletter-mail-"));
    await seedNewsletter({ databaseUrl: pg.url, dataDir }, { readers: READERS, editor: EDITOR });
    await addOperators({ databaseUrl: pg.url }, [{ email: ADMIN, password: OPERATOR_PASSWORD, role: "admin" }]);
    site = await startServer({
      DATABASE_URL: pg.url,
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      SECRET_KEY,
      NEWSLETTER_RATE_PER_MINUTE: "0",
      OUTBOX_POLL_SECONDS: "0.1",
    });
    sql = postgres(pg.url, { max: 2, onnotice: () => {} });
  }, 60_000);
  afterAll(async () => {
    await sql?.end({ timeout: 1 });
    await site?.stop();
    await smtp?.close();
    await pg?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A post as the form sends it without JavaScript: the answer is the page the visitor reads. */
  const post = (target: string, fields: Record<string, string>) =>
    fetch(`${site.url}${target}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: site.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
  const signUp = async (email: string, source = "/resources") => {
    const answer = await post("/forms/newsletter", { website: "", email, source });
    expect(answer.status).toBe(200);
    return (await answer.text()).replace(/<!-- -->/g, "");
  };
  const mailsTo = (email: string, subject: RegExp) => smtp.to(email).filter((mail) => subject.test(mail.parsed.subject ?? ""));
  async function nextMail(email: string, subject: RegExp, count: number) {
    await expect.poll(() => mailsTo(email, subject).length, { timeout: 20_000 }).toBe(count);
    return mailsTo(email, subject).at(-1)!;
  }
  /** The link in a message's HTML, on this server. */
  const linkIn = (mail: ReceivedMail, pathname: string) => {
    const found = new RegExp(`https?://[^\\s"<>]+${pathname}\\?token=[\\w.-]+`).exec(String(mail.parsed.html))?.[0];
    if (!found) throw new Error(`no ${pathname} link in ${mail.parsed.subject}`);
    const url = new URL(found.replace(/&amp;/g, "&"));
    return `${url.pathname}${url.search}`;
  };
  /** A console page as a signed-in operator reads it. */
  async function pageAs(email: string, pathname: string) {
    const signIn = await post("/console/sign-in", { email, password: OPERATOR_PASSWORD });
    const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0]!;
    return (await (await fetch(`${site.url}${pathname}`, { headers: { Cookie: cookie } })).text()).replace(/<!-- -->/g, "");
  }
  const statusOf = async (email: string) => (await sql`SELECT status FROM newsletter_subscribers WHERE email = ${email}`)[0]?.status;
  const confirmations = async (email: string) =>
    Number((await sql`SELECT count(*) AS n FROM outbox WHERE recipient = ${email} AND kind = 'mail:newsletter-confirmation'`)[0]!.n);

  it("a sign-up's page says what happens: a confirmation email, not a place on the list", async () => {
    const answer = await signUp("first.time@example.com");
    expect(answer).toContain("Check your inbox for a confirmation email");
    // Double opt-in: nobody is on the list before they follow the link.
    expect(answer).not.toContain("added to our mailing list");
    await nextMail("first.time@example.com", /^Confirm/, 1);
  });

  it("an address that unsubscribed and signs up again within the hour gets the confirmation the page promises", async () => {
    const email = "comes.back@example.com";
    await signUp(email);
    expect((await post(linkIn(await nextMail(email, /^Confirm/, 1), "/newsletter/confirm"), {})).status).toBe(303);
    expect(await statusOf(email)).toBe("confirmed");
    const welcome = await nextMail(email, /^Welcome/, 1);
    const oneClick = new URL(/<([^>]+)>/.exec(header(welcome, "List-Unsubscribe")!)![1]!);
    expect((await post(`${oneClick.pathname}${oneClick.search}`, { "List-Unsubscribe": "One-Click" })).status).toBe(200);
    expect(await statusOf(email)).toBe("unsubscribed");

    // Minutes after the first sign-up (from another page: the same post twice in 30 s is a double click, stored once),
    // the page promises a confirmation email, and one comes.
    expect(await signUp(email, "/blog")).toContain("Check your inbox for a confirmation email");
    const again = await nextMail(email, /^Confirm/, 2);
    expect((await post(linkIn(again, "/newsletter/confirm"), {})).status).toBe(303);
    expect(await statusOf(email)).toBe("confirmed");

    // Pending or subscribed, the hourly limit holds: a third sign-up queues no third confirmation.
    await sql`UPDATE newsletter_subscribers SET status = 'pending' WHERE email = ${email}`;
    await signUp(email, "/newsletter");
    expect(await confirmations(email)).toBe(2);
  });

  it("a confirmation link mailed by an earlier version of the site still asks for the click, confirms and welcomes", async () => {
    // Made before the double opt-in was written once (app/lib/double-opt-in.server.ts), with this server's key: the token
    // names the subscriber as `s`, a digest of its address as `e` and the expiry as `x`. Links in mailboxes keep working.
    const email = "Mailed.Before@example.com";
    await sql`INSERT INTO newsletter_subscribers (id, email, source, status) OVERRIDING SYSTEM VALUE
      VALUES (424242, ${email}, '/resources', 'pending')`;
    const link =
      "/newsletter/confirm?token=eyJzIjo0MjQyNDIsImUiOiJhNjVkZTYxZmZmZWJkYjM1ODc4YjYwYzg4ZjlhMTY2OTBhZWNiYmJkNmRkYTFhZmQ0NGE0NjdhODE1YmY5MzgxIiwieCI6NDEwMjQ0NDgwMDAwMH0.d-2MUOtT0F8sCnVrm96XYxmlKDIr7IPYeXa4NSnRcig";
    const page = await fetch(`${site.url}${link}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("One click and M•••@example.com receives the Replywise newsletter");
    expect(await statusOf(email)).toBe("pending");
    expect((await post(link, {})).status).toBe(303);
    expect(await statusOf(email)).toBe("confirmed");
    await nextMail(email, /^Welcome/, 1);
    // Out of the audience again: the issue sent below counts its readers alone.
    await sql`UPDATE newsletter_subscribers SET status = 'unsubscribed', unsubscribed_at = now() WHERE email = ${email}`;
  });

  it("a confirmation link's page says the same in each state, opened and clicked; only the click confirms, once", async () => {
    // The server's own links, with its key: links it would make, some made long ago or for another address.
    const key = Buffer.from(SECRET_KEY);
    const links = newsletterLinks(site.url, createSigner(key, "newsletter-confirm"), createSigner(key, "newsletter-unsubscribe"));
    const email = "Link.States@example.com";
    await signUp(email);
    const id = Number((await sql`SELECT id FROM newsletter_subscribers WHERE email = ${email}`)[0]!.id);
    // A complaint from before: confirming a new sign-up proves the address reads mail, and lifts it (decision 024).
    await sql`INSERT INTO email_suppressions (email, reason, source) VALUES (${email.toLowerCase()}, 'complaint', 'webhook')`;
    const link = pathOf(links.confirmUrl({ id, email }));
    const gone: [string, string] = [
      "This sign-up no longer exists",
      "It was cancelled, or not confirmed in time and deleted. Sign up again on the resources page if you'd like the newsletter.",
    ];
    const state = async () =>
      (
        await sql`SELECT s.status, s.confirmed_at IS NOT NULL AS confirmed, count(x.email)::int AS suppressed
        FROM newsletter_subscribers s LEFT JOIN email_suppressions x ON x.email = lower(s.email) WHERE s.id = ${id} GROUP BY s.id`
      )[0];

    expect(await linkPageAt(site.url, link)).toEqual(
      pageSaying(
        200,
        "Confirm your subscription",
        "One click and L•••@example.com receives the Replywise newsletter: one practical email when we publish something new.",
        "Confirm subscription",
      ),
    );
    await expectRefusedConfirmations(
      site.url,
      links,
      { id, email },
      {
        expired: [
          "This link has expired",
          "Confirmation links work for 7 days. Sign up again on the resources page and we'll send you a new one.",
        ],
        gone,
        invalid: [
          "This link is not valid",
          "The confirmation link is incomplete or was changed. Copy the whole link from the email, or sign up again on the resources page.",
        ],
      },
    );
    expect(await state()).toEqual({ status: "pending", confirmed: false, suppressed: 1 });

    // The click: confirmed, off the do-not-mail list, welcomed; then the page by GET says so, and again says already.
    expect(await linkPageAt(site.url, link, "POST")).toEqual({ ...pageSaying(303, "", ""), location: `${link}&done=1` });
    expect(await state()).toEqual({ status: "confirmed", confirmed: true, suppressed: 0 });
    expect(await linkPageAt(site.url, `${link}&done=1`)).toEqual(
      pageSaying(200, "You're subscribed", "Thanks for confirming. The next email arrives when we publish something new."),
    );
    await expectSameOpenedAndClicked(site.url, [
      [link, pageSaying(200, "You're already subscribed", "This address was confirmed before. Nothing else to do.")],
    ]);
    await nextMail(email, /^Welcome/, 1);

    // Unsubscribed since: the link confirms nothing again.
    expect((await post(pathOf(links.unsubscribeUrl({ id, email })), { "List-Unsubscribe": "One-Click" })).status).toBe(200);
    await expectSameOpenedAndClicked(site.url, [[link, pageSaying(410, ...gone)]]);
    expect(await state()).toMatchObject({ status: "unsubscribed" });
    expect(mailsTo(email, /^Welcome/)).toHaveLength(1);
  });

  const fields = {
    subject: "New free resource: The Reply Playbook",
    preheader: "Twelve answers.",
    title: "The Reply Playbook",
    excerpt: "Twelve answers, tested.",
  };
  const issueRow = async () => (await sql`SELECT link_path, version FROM newsletter_issues WHERE id = 1`)[0]!;
  const asEditor = () => operatorSession(site.url, EDITOR, OPERATOR_PASSWORD, "/console/newsletter/1");

  it("refuses an issue's link that a browser would take off the site, and keeps a site path as a browser resolves it", async () => {
    const editor = await asEditor();
    const before = await issueRow();
    // A browser reads `/\evil.example/x` as `//evil.example/x`: another site, which the archive would link to.
    for (const linkPath of ["/\\evil.example/x", "/\\/evil.example/x", "//evil.example/x", "https://evil.example/x", "/ok\nnot"]) {
      const refused = await editor("/console/newsletter/1", { ...fields, linkPath, intent: "save", version: String(before.version) });
      expect(refused.status, linkPath).toBe(422);
      expect(await refused.text()).toContain("The link must be a page of this site");
      expect(await issueRow()).toEqual(before);
    }
    const saved = await editor("/console/newsletter/1", {
      ...fields,
      linkPath: "/blog/../resources#reply-playbook",
      intent: "save",
      version: String(before.version),
    });
    expect(saved.status).toBe(303);
    expect((await issueRow()).link_path).toBe("/resources#reply-playbook");
  });

  it("a test copy has no unsubscribe link that would answer 'not valid', and does not tell the editor they subscribed", async () => {
    const editor = await asEditor();
    const { version } = await issueRow();
    const test = await editor("/console/newsletter/1", {
      ...fields,
      linkPath: "/resources#reply-playbook",
      intent: "test",
      version: String(version),
    });
    expect(test.status).toBe(303);
    const copy = await nextMail(EDITOR, /^\[Test\]/, 1);
    expect(header(copy, "List-Unsubscribe")).toBeUndefined();
    expect(`${copy.parsed.text} ${copy.parsed.html}`).not.toContain("/newsletter/unsubscribe");
    expect(copy.parsed.text).not.toContain("because you subscribed");
    expect(copy.parsed.text).toContain("You receive this test because you sent it to yourself");
  });

  it("a copy's plain-text part ends no link with a full stop, and keeps the reader's own unsubscribe link", async () => {
    const editor = await asEditor();
    const { version } = await issueRow();
    expect((await editor("/console/newsletter/1", { intent: "send", version: String(version), confirm: "yes" })).status).toBe(303);
    for (let i = 0; i < READERS; i++) await nextMail(reader(i), /Reply Playbook/, 1);
    const copy = mailsTo(reader(0), /Reply Playbook/)[0]!;
    // Every address in the plain-text part ends at a space or a line's end, never at a full stop a client would take in.
    const urls = String(copy.parsed.text).match(/https?:\/\/\S+/g) ?? [];
    expect(urls.some((url) => url.endsWith("/newsletter/1"))).toBe(true);
    for (const url of urls) expect(url, url).not.toMatch(/[.,;:]$/);
    expect(header(copy, "List-Unsubscribe")).toMatch(/\/newsletter\/unsubscribe\?token=/);
  });

  it("a sent issue counts the recipients it was queued for, an erased one among them", async () => {
    const admin = await operatorSession(site.url, ADMIN, OPERATOR_PASSWORD, "/console/requests");
    expect((await admin("/console/requests", { intent: "erase", email: reader(0) })).status).toBe(200);
    const page = await pageAs(EDITOR, "/console/newsletter/1");
    expect(page).toContain(`for ${READERS} recipients`);
    expect(page).toMatch(new RegExp(`Recipients</dt><dd[^>]*>${READERS}<`));
    expect(page).toMatch(new RegExp(`Sent</dt><dd[^>]*>${READERS - 1}<`));
    expect(page).toMatch(/Erased since<\/dt><dd[^>]*>1</);
  });
});
