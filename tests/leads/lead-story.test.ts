import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../support/serve-build";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { calBody, postCal } from "../support/server/bookings";
import { header } from "../support/server/copies";
import { storyOf, textOf } from "../support/server/lead-story";
import { addOperators, OPERATOR_PASSWORD, operatorSession, sessionCookie, type OperatorPost } from "../support/server/operators";
import { OUTBOX_WATCH_ENV, outboxSettled } from "../support/server/outbox-watch";
import { createTestDatabase, type TestDatabase } from "../support/server/postgres";

// One person, one story (decision 045), through the built server on both databases: a person who wrote, downloaded,
// subscribed and left, voted with a buying note, booked, moved and cancelled a demo, and whom the team moved, gave an
// owner and noted, has all of it on their lead's page, newest first, every mail in plain words; the roadmap item shows
// their note; the outbox says who each mail went to; and every time reads in the operator's own time zone.

const CAL_SECRET = "cal-webhook-secret-0123456789abcdef";
const SALES = { email: "story.sales@replywise.example", password: OPERATOR_PASSWORD, role: "sales" as const };
const OWNER = { email: "story.owner@replywise.example", password: OPERATOR_PASSWORD, role: "sales" as const };
const NOTE = "We would buy the Pro plan if this existed";
const ITEM = "hubspot-crm-sync";
const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();

describe.each(["pglite", "postgres"] as const)("a lead's story on %s", (driver) => {
  let pg: TestDatabase | null = null;
  let smtp: SmtpSink;
  let server: RunningServer;
  let cookie: string;
  let post: OperatorPost;
  const email = `ada.${driver}@example.com`;

  const page = async (target: string) => {
    const response = await fetch(`${server.url}${target}`, { headers: { Cookie: cookie } });
    expect(response.status, target).toBe(200);
    return response.text();
  };
  const form = (target: string, fields: Record<string, string>) =>
    fetch(`${server.url}${target}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ website: "", ...fields }),
    });
  /** The first link to `route` in the newest mail to the person whose subject matches. */
  async function linkIn(subject: RegExp, route: string): Promise<string> {
    let found: string | undefined;
    await expect
      .poll(
        () => {
          const mail = smtp.to(email).findLast((message) => subject.test(message.parsed.subject ?? ""));
          found = mail ? new RegExp(`https?://[^\\s"<>]*${route}\\?token=[^\\s"<>]+`).exec(mail.parsed.text ?? "")?.[0] : undefined;
          return found;
        },
        { timeout: 20_000, interval: 100 },
      )
      .toBeTruthy();
    const url = new URL(found!.replaceAll("&amp;", "&"));
    return `${url.pathname}${url.search}`;
  }
  /** The confirmation page's button, as a browser posts it. */
  const click = (link: string) =>
    fetch(`${server.url}${link}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
    });

  beforeAll(async () => {
    smtp = await startSmtpSink();
    if (driver === "postgres") pg = await createTestDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), "replywise-lead-story-"));
    await addOperators(pg ? { databaseUrl: pg.url } : { dataDir }, [SALES, OWNER]);
    server = await startServer({
      ...(pg ? { DATABASE_URL: pg.url } : { DATA_DIR: dataDir }),
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL: "team@replywise.example",
      CAL_WEBHOOK_SECRET: CAL_SECRET,
      OUTBOX_POLL_SECONDS: "0.1",
      OUTBOX_RETRY_SECONDS: "0.5",
      FORM_MIN_FILL_SECONDS: "0",
      TRUST_PROXY: "loopback",
      ...OUTBOX_WATCH_ENV,
    });
    cookie = await sessionCookie(server.url, SALES.email);
    post = await operatorSession(server.url, SALES.email);
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    await pg?.destroy();
  });

  it("tells every signal from the address on the lead's page, newest first, each mail in plain words", async () => {
    // What the person does, in this order.
    expect((await form("/forms/newsletter", { email, source: "/resources" })).status).toBe(200);
    const confirmed = await click(await linkIn(/^Confirm your subscription/, "/newsletter/confirm"));
    expect(confirmed.status).toBe(303);
    expect((await form("/forms/download", { name: "Ada Lovelace", email, resourceId: "cold-email-templates" })).status).toBe(200);
    expect((await form("/forms/roadmap-vote", { itemId: ITEM, email, name: "Ada Lovelace", note: NOTE })).status).toBe(200);
    expect((await click(await linkIn(/^Confirm your vote/, "/roadmap/vote/confirm"))).status).toBe(303);
    expect(
      (await form("/forms/contact", { name: "Ada Lovelace", email, message: "Can you keep forty inboxes under five minutes?" })).status,
    ).toBe(200);
    const uid = `story-${driver}-1`;
    const booking = { uid, email, name: "Ada Lovelace", start: "2030-03-04T15:00:00Z" };
    expect((await postCal(server.url, calBody("booking-created", { ...booking, at: ago(30) }), CAL_SECRET)).status).toBe(200);
    const moved = { ...booking, uid: `story-${driver}-2`, rescheduleUid: uid, start: "2030-03-06T09:30:00Z", at: ago(20) };
    expect((await postCal(server.url, calBody("booking-rescheduled", moved), CAL_SECRET)).status).toBe(200);
    expect((await postCal(server.url, calBody("booking-cancelled", { ...moved, at: ago(10) }), CAL_SECRET)).status).toBe(200);
    // The welcome's one-click unsubscribe, as a mail client posts it.
    await expect.poll(() => smtp.to(email).some((mail) => /^Welcome/.test(mail.parsed.subject ?? "")), { timeout: 20_000 }).toBe(true);
    const welcome = smtp.to(email).find((mail) => /^Welcome/.test(mail.parsed.subject ?? ""))!;
    // The link names the site's configured address (SITE_URL); the test's server listens elsewhere.
    const unsubscribe = new URL(/<([^>]+)>/.exec(header(welcome, "List-Unsubscribe")!)![1]!);
    const unsubscribed = await fetch(`${server.url}${unsubscribe.pathname}${unsubscribe.search}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(unsubscribed.status).toBe(200);

    // What the team does on the contact request.
    const list = await page(`/console/leads?type=contact&q=${encodeURIComponent(email)}`);
    const id = Number(/href="\/console\/leads\/contact\/(\d+)"/.exec(list)![1]);
    const lead = `/console/leads/contact/${id}`;
    const ownerId = /<option value="(\d+)">story\.owner@replywise\.example<\/option>/.exec(await page(lead))![1]!;
    expect((await post(lead, { intent: "move", from: "new", stage: "contacted" })).status).toBe(303);
    expect((await post(lead, { intent: "owner", "expected-owner": "", owner: ownerId })).status).toBe(303);
    expect((await post(lead, { intent: "note", note: "Send the agency pricing." })).status).toBe(303);
    await outboxSettled(server, { timeout: 30_000 });

    const html = await page(lead);
    const story = storyOf(html);
    const kinds = story.map((entry) => entry.kind);
    for (const kind of [
      "lead:contact",
      "lead:download",
      "newsletter:signed-up",
      "newsletter:confirmed",
      "newsletter:unsubscribed",
      "vote:cast",
      "vote:confirmed",
      "booking:booked",
      "booking:rescheduled",
      "booking:cancelled",
      "team:stage",
      "team:owner",
      "team:note",
      "mail:team-notification",
      "mail:request-received",
      "mail:download-link",
      "mail:newsletter-confirmation",
      "mail:newsletter-welcome",
      "mail:roadmap-vote-confirmation",
    ]) {
      expect(kinds, kind).toContain(kind);
    }
    // Newest first, whatever feature told it.
    const times = story.map((entry) => entry.at.getTime());
    expect(times.every((time) => Number.isFinite(time))).toBe(true);
    expect(times).toEqual(times.toSorted((a, b) => b - a));
    const said = (kind: string) => story.filter((entry) => entry.kind === kind).map((entry) => entry.text);
    expect(said("vote:cast")).toEqual([expect.stringContaining("From them: Voted for HubSpot CRM sync")]);
    expect(said("vote:cast")[0]).toContain(NOTE);
    expect(said("team:stage")).toEqual([
      expect.stringMatching(/^The team: Moved to Contacted .* from New, by story\.sales@replywise\.example/),
    ]);
    expect(said("team:owner")).toEqual([expect.stringMatching(/^The team: Given to story\.owner@replywise\.example .* by story\.sales@/)]);
    expect(said("team:note")[0]).toContain("Send the agency pricing.");
    expect(said("booking:rescheduled")[0]).toMatch(/^From them: Moved the demo .* to Mar 6, 2030, 09:30/);
    // Every mail in the team's words, and the team's alert never reads as sent to the person.
    expect(said("mail:team-notification")[0]).toMatch(/^The site: We told the team /);
    expect(said("mail:team-notification")[0]).toContain(`to the team, about ${email}`);
    expect(said("mail:request-received")[0]).toMatch(/^The site: Confirmation sent /);
    expect(said("mail:request-received")[0]).toContain(`to ${email}`);
    expect(textOf(html)).not.toMatch(/mail:[a-z-]+|webhook:[a-z_]+/);
    expect(textOf(html)).not.toContain("Nothing else from this address");
    // What they wrote leads; the team's forms follow it.
    expect(html.indexOf("What they wrote")).toBeGreaterThan(0);
    expect(html.indexOf("What they wrote")).toBeLessThan(html.indexOf("Everything from this address"));
    expect(html.indexOf("Everything from this address")).toBeLessThan(html.indexOf('name="intent" value="move"'));

    // The roadmap item shows the supporter with their note.
    const item = textOf(await page(`/console/roadmap/${ITEM}`));
    expect(item).toContain(`Ada Lovelace ${email}`);
    expect(item).toContain(`Their note: ${NOTE}`);

    // The outbox says what each mail is and to whom it went.
    const outbox = textOf(await page("/console/outbox"));
    expect(outbox).toContain(`We told the team to the team, about ${email}`);
    expect(outbox).toContain(`Confirmation sent to ${email}`);
    expect(outbox).not.toMatch(/mail:[a-z-]+/);
  });

  it("writes every console time relative to now in the operator's own zone, chosen on the account page; an unknown zone changes nothing", async () => {
    // A lead and its mails, so every page below has times to show.
    expect((await form("/forms/contact", { name: "Zone Reader", email: `zones.${driver}@example.com`, message: "Hello" })).status).toBe(
      200,
    );
    await outboxSettled(server, { timeout: 30_000 });
    const zoneOf = async () => /title="[^"]*\(([^)]+)\)"/.exec(await page("/console/leads"))?.[1];
    expect(await zoneOf()).toBe("UTC");
    expect(textOf(await page("/console/leads"))).toMatch(/\d+ min ago|just now/);

    const refused = await post("/console/account", { intent: "time-zone", "time-zone": "Mars/Olympus_Mons" });
    expect(refused.status).toBe(400);
    expect(textOf(await refused.text())).toContain(
      "Choose a time zone from the list: that one is not known, so your times stay as they were.",
    );
    expect(await zoneOf()).toBe("UTC");
    // Signed out, or with a forged anti-forgery token, the choice is refused and nothing changes.
    const bare = (headers: Record<string, string>, csrf: string) =>
      fetch(`${server.url}/console/account`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", ...headers },
        body: new URLSearchParams({ csrf, intent: "time-zone", "time-zone": "Europe/Paris" }),
      });
    expect((await bare({}, "none")).headers.get("location")).toMatch(/^\/console\/sign-in/);
    expect((await bare({ Cookie: cookie }, "forged")).status).toBe(403);
    expect(await zoneOf()).toBe("UTC");

    const saved = await post("/console/account", { intent: "time-zone", "time-zone": "Asia/Tokyo" });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/console/account?saved=time-zone");
    expect(textOf(await page("/console/account?saved=time-zone"))).toContain("Times in the console are now written in Asia/Tokyo.");
    for (const target of ["/console/leads", "/console/outbox", "/console/account"]) {
      expect(/title="[^"]*\(([^)]+)\)"/.exec(await page(target))?.[1], target).toBe("Asia/Tokyo");
    }
    // Only this operator's: another account still reads UTC.
    const other = await sessionCookie(server.url, OWNER.email);
    const theirs = await (await fetch(`${server.url}/console/leads`, { headers: { Cookie: other } })).text();
    expect(/title="[^"]*\(([^)]+)\)"/.exec(theirs)?.[1]).toBe("UTC");
  });
});
