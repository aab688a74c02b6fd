import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookSignature } from "~/lib/webhook-signature.server";
import { startServer, type RunningServer } from "../support/serve-build";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { OUTBOX_WATCH_ENV, outboxSettled } from "../support/server/outbox-watch";
import { createTestDatabase, type TestDatabase } from "../support/server/postgres";

// Bounces and complaints (docs/decisions/024), against the built server and a real SMTP server on loopback, on both
// databases: the provider's signed notices put an address on the do-not-mail list, a forged, stale or replayed one
// changes nothing, the mail server's own refusals do the same, and only a double opt-in the person starts again reaches
// a suppressed address; confirming it takes the address off the list.

const SECRET = "bounce-notices-secret-0123456789abcdef";
const TEAM = "team@replywise.example";

const now = () => Math.floor(Date.now() / 1000);

function notify(server: RunningServer, event: Record<string, unknown>, { secret = SECRET, at = now(), body = JSON.stringify(event) } = {}) {
  return signedPost(server, body, webhookSignature(secret, body, at));
}

async function signedPost(server: RunningServer, body: string, signature: string | null) {
  const response = await fetch(`${server.url}/webhooks/email-events`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(signature ? { "Replywise-Signature": signature } : {}) },
    body,
  });
  return { status: response.status, text: await response.text() };
}

let posted = 0;

/** A contact request (each one different: the same post twice is one lead). */
async function postContact(server: RunningServer, email: string) {
  await postForm(server, "contact", { name: "A visitor", email, message: `Can you answer our replies? (${++posted})` });
}

/**
 * A lead from another form, which mails the address again: a form acknowledges an address once an hour (decision 007),
 * so a second message to one address comes from a feature request, a third from a download.
 */
async function postAnother(server: RunningServer, form: "feature-request" | "download", email: string) {
  const fields: Record<string, string> =
    form === "download"
      ? { name: "A visitor", email, resourceId: "outreach-checklist" }
      : { name: "A visitor", email, featureTitle: `Sync (${++posted})`, description: "Push meetings." };
  await postForm(server, form, fields);
}

async function postForm(server: RunningServer, form: string, fields: Record<string, string>) {
  const response = await fetch(`${server.url}/forms/${form}.data`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ website: "", ...fields }),
  });
  expect(response.status).toBe(200);
}

/**
 * Waits until the team has `count` notifications of leads whose address passes `about`, then until the outbox has
 * nothing left to try, so anything that should not come has come. Counted by the lead's address (the notice's
 * Reply-To), not in total: an earlier test's notice may still be on its way.
 */
async function settle(server: RunningServer, smtp: SmtpSink, about: (address: string) => boolean, count: number) {
  const heard = () => smtp.to(TEAM).filter((mail) => about(mail.parsed.replyTo?.value[0]?.address ?? "")).length;
  await expect.poll(heard, { timeout: 20_000, interval: 100 }).toBe(count);
  await outboxSettled(server, { timeout: 20_000 });
}

describe.each(["pglite", "postgres"] as const)("bounces and complaints on %s", (driver) => {
  const gone = `gone.${driver}@example.com`;
  const full = `full.${driver}@example.com`;
  // One mail server and one site per database for the three tests (each has addresses of its own): a server start
  // cost seconds under load. The mail server refuses two addresses, for good and for now.
  let pg: TestDatabase | null = null;
  let smtp: SmtpSink;
  let server: RunningServer;
  beforeAll(async () => {
    if (driver === "postgres") pg = await createTestDatabase();
    smtp = await startSmtpSink({
      refuse: { [gone]: { code: 550, message: "5.1.1 No such user here" }, [full]: { code: 452, message: "4.2.2 Mailbox full" } },
    });
    server = await startServer({
      ...(pg ? { DATABASE_URL: pg.url } : {}),
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL: TEAM,
      EMAIL_EVENTS_SECRET: SECRET,
      SOFT_BOUNCE_LIMIT: "2",
      RATE_LIMIT_MAX: "1000",
      OUTBOX_POLL_SECONDS: "0.2",
      OUTBOX_RETRY_SECONDS: "0.5",
      ...OUTBOX_WATCH_ENV,
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    await pg?.destroy();
  });

  it("applies signed notices once, refuses forged, stale and replayed ones, and mails nobody on the list", async () => {
    const tag = `${driver}.notices`;
    const at = (name: string) => `${name}.${tag}@example.com`;
    const hard = { id: `${tag}-1`, type: "bounce", bounceType: "hard", email: at("hard"), detail: "550 5.1.1 user unknown" };
    const hardBody = JSON.stringify(hard);
    const hardSignature = webhookSignature(SECRET, hardBody, now());
    expect(await signedPost(server, hardBody, hardSignature)).toEqual({ status: 200, text: "Applied.\n" });
    expect((await notify(server, { id: `${tag}-2`, type: "complaint", email: at("complained") })).status).toBe(200);
    // Soft bounces suppress at the limit (2 here), not before.
    for (const id of ["3", "4"])
      expect((await notify(server, { id: `${tag}-${id}`, type: "bounce", bounceType: "soft", email: at("soft") })).status).toBe(200);
    expect((await notify(server, { id: `${tag}-5`, type: "bounce", bounceType: "soft", email: at("once") })).status).toBe(200);

    // Refused, and nothing changes: forged, unsigned, stale, the same request again, the same notice signed anew.
    const forged = { id: `${tag}-6`, type: "complaint", email: at("forged") };
    expect(await notify(server, forged, { secret: "an-attacker-guess-0123456789abcdef" })).toEqual({
      status: 401,
      text: "Refused: a wrong signature (Replywise-Signature).\n",
    });
    expect((await signedPost(server, JSON.stringify(forged), null)).status).toBe(401);
    expect((await notify(server, forged, { at: now() - 3600 })).text).toBe("Refused: a stale timestamp (Replywise-Signature).\n");
    expect(await signedPost(server, hardBody, hardSignature)).toEqual({
      status: 401,
      text: "Refused: this notice was received already.\n",
    });
    expect((await notify(server, { ...hard, email: at("forged") })).status).toBe(401);
    // A body this endpoint cannot read, signed: said, not applied.
    expect(await notify(server, {}, { body: "not json" })).toEqual({ status: 400, text: "The body is not JSON.\n" });
    expect((await notify(server, { id: `${tag}-7`, type: "bounce", email: at("forged") })).status).toBe(400);

    for (const name of ["hard", "complained", "soft", "once", "forged"]) await postContact(server, at(name));
    await settle(server, smtp, (address) => address.endsWith(`.${tag}@example.com`), 5);
    // The team hears of every lead; only the addresses off the list get their receipt.
    for (const name of ["hard", "complained", "soft"]) expect(smtp.to(at(name)), name).toHaveLength(0);
    for (const name of ["once", "forged"]) expect(smtp.to(at(name)), name).toHaveLength(1);
    expect(server.output()).not.toContain(`.${tag}@example.com`);
  }, 90_000);

  it("a double opt-in the person starts again still reaches them, and confirming it takes them off the list", async () => {
    const email = `again.${driver}@example.com`;
    expect((await notify(server, { id: `${driver}-again`, type: "complaint", email })).status).toBe(200);
    const signUp = await fetch(`${server.url}/forms/newsletter.data`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ website: "", email, source: "/" }),
    });
    expect(signUp.status).toBe(200);
    await expect.poll(() => smtp.to(email).length, { timeout: 20_000 }).toBe(1);
    const [confirmation] = smtp.to(email);
    expect(confirmation!.parsed.subject).toMatch(/^Confirm your subscription/);
    const link = /https?:\/\/[^\s"<>]+\/newsletter\/confirm\?token=[\w.-]+/
      .exec(String(confirmation!.parsed.html))![0]
      .replace(/&amp;/g, "&");
    const { pathname, search } = new URL(link);
    const confirmed = await fetch(`${server.url}${pathname}${search}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: "",
    });
    const page = await confirmed.text();
    expect(confirmed.status, server.output().slice(-3000)).toBe(200);
    expect(confirmed.redirected).toBe(true);
    expect(/<title>(.*?)<\/title>/.exec(page)?.[1]).toBe("You&#x27;re subscribed | Replywise");
    // Off the list: the welcome, and a receipt for the next contact request.
    await postContact(server, email);
    await expect.poll(() => smtp.to(email).map((mail) => mail.parsed.subject), { timeout: 20_000 }).toHaveLength(3);
  }, 90_000);

  it("the mail server's refusals: for good suppresses at once with no retry, for now counts once a message up to the limit", async () => {
    const offeredTo = (address: string) => smtp.offered.filter((to) => to === address).length;
    await postContact(server, gone);
    await settle(server, smtp, (address) => address === gone, 1);
    // Tried once, never again: the outbox holds no job that could try it again.
    expect(offeredTo(gone)).toBe(1);
    await postAnother(server, "feature-request", gone);
    await settle(server, smtp, (address) => address === gone, 2);
    expect(offeredTo(gone)).toBe(1);

    // Two messages refused for now: each counts once, whatever its retries; the second reaches the limit, and then
    // neither is tried again.
    await postContact(server, full);
    await postAnother(server, "feature-request", full);
    await settle(server, smtp, (address) => address === full, 2);
    const tried = offeredTo(full);
    expect(tried).toBeGreaterThanOrEqual(2);
    await postAnother(server, "download", full);
    await settle(server, smtp, (address) => address === full, 3);
    expect(offeredTo(full)).toBe(tried);
    expect(smtp.to(gone)).toHaveLength(0);
    expect(server.output()).not.toContain(gone);
  }, 90_000);
});
