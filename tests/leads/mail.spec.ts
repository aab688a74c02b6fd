import { createHmac } from "node:crypto";
import type { Page } from "@playwright/test";
import { newsletterLinks } from "~/features/newsletter/index.server";
import { createSigner } from "~/lib/secrets.server";
import { expect, SECRET_KEY, test, uniqueEmail, WEBHOOK_SECRET } from "../support/browser/forms-fixture";
import type { ReceivedMail, SmtpSink } from "../support/smtp-sink";

// The emails the site announces, read where they arrive: a real SMTP server started by the test run on loopback.

const toast = (page: Page, title: string) => page.locator("[data-toast]").filter({ hasText: title });

/** A link's page lays its button out under the heading on one centre line, not in a narrow left column. */
async function expectButtonUnderHeading(page: Page, button: string) {
  const centre = async (box: { x: number; width: number } | null) => box!.x + box!.width / 2;
  const heading = await centre(await page.getByRole("heading", { level: 1 }).boundingBox());
  expect(Math.abs((await centre(await page.getByRole("button", { name: button }).boundingBox())) - heading)).toBeLessThan(2);
}

async function mailTo(smtp: SmtpSink, address: string, subject: RegExp, count = 1): Promise<ReceivedMail[]> {
  await expect
    .poll(() => smtp.to(address).filter((mail) => subject.test(mail.parsed.subject ?? "")).length, { timeout: 20_000 })
    .toBe(count);
  return smtp.to(address).filter((mail) => subject.test(mail.parsed.subject ?? ""));
}

const linkIn = (mail: ReceivedMail, path: string) => {
  const match = new RegExp(`https?://[^\\s"<>]+${path.replace("/", "\\/")}\\?token=[\\w.-]+`).exec(String(mail.parsed.html));
  if (!match) throw new Error(`no ${path} link in ${mail.parsed.subject}`);
  return new URL(match[0].replace(/&amp;/g, "&"));
};

const insertedId = async (rows: Promise<readonly Record<string, unknown>[]>) => Number((await rows)[0]!.id);

/** The server's own way of making links, with its key: to make links it would make, and forge ones it would not. */
const links = (siteUrl: string) =>
  newsletterLinks(
    siteUrl,
    createSigner(Buffer.from(SECRET_KEY), "newsletter-confirm"),
    createSigner(Buffer.from(SECRET_KEY), "newsletter-unsubscribe"),
  );

test.describe("newsletter double opt-in", () => {
  test("sign up, read the email, follow the link, confirm with a click; the row is confirmed and the welcome says how to leave", async ({
    page,
    db,
  }) => {
    const email = uniqueEmail("optin");
    await page.goto("/resources");
    const form = page.getByRole("form", { name: "Newsletter signup" });
    await expect(form.getByRole("link", { name: "Privacy policy" })).toHaveAttribute("href", "/privacy");
    await form.getByLabel("Email address").fill(email);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(toast(page, "Subscription successful!")).toContainText("Check your inbox for a confirmation email and follow its link");
    expect(
      await db.sql`SELECT status, source, consent_text, consent_address_hash FROM newsletter_subscribers WHERE email = ${email}`,
    ).toEqual([
      {
        status: "pending",
        source: "/resources",
        consent_text: "One email when we publish a new resource or blog post. Unsubscribe in one click, any time. Privacy policy: /privacy",
        consent_address_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    ]);

    const [confirmation] = await mailTo(db.smtp, email, /^Confirm your subscription/);
    expect(confirmation!.parsed.text).toContain("Confirm my subscription");
    expect(confirmation!.parsed.text).toContain("Replywise, Inc.");
    const confirmUrl = linkIn(confirmation!, "/newsletter/confirm");

    // Opening the link (as a mail scanner would) changes nothing.
    await page.goto(`${confirmUrl.pathname}${confirmUrl.search}`);
    await expect(page.getByRole("heading", { level: 1, name: "Confirm your subscription" })).toBeVisible();
    expect(await db.sql`SELECT status FROM newsletter_subscribers WHERE email = ${email}`).toEqual([{ status: "pending" }]);
    await expectButtonUnderHeading(page, "Confirm subscription");
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "You're subscribed" })).toBeVisible();
    // The tab says so too, and a reload confirms nothing twice (the click's answer was a redirect to a GET).
    await expect(page).toHaveTitle("You're subscribed | Replywise");
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "You're subscribed" })).toBeVisible();
    const [row] = await db.sql`SELECT status, confirmed_at FROM newsletter_subscribers WHERE email = ${email}`;
    expect(row).toMatchObject({ status: "confirmed", confirmed_at: expect.any(Date) });

    // The link again: nothing changes, and the page says so.
    await page.goto(`${confirmUrl.pathname}${confirmUrl.search}`);
    await expect(page.getByRole("heading", { level: 1, name: "You're already subscribed" })).toBeVisible();

    const [welcome] = await mailTo(db.smtp, email, /^Welcome to the Replywise newsletter/);
    // RFC 8058: the unsubscribe link in the headers, and the promise that a single POST to it is enough.
    const headers = welcome!.raw.split("\r\n\r\n")[0]!.replace(/\r\n\s+/g, " ");
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(headers).toMatch(/^List-Unsubscribe: <https?:\/\/[^>]+\/newsletter\/unsubscribe\?token=[\w.-]+>/m);
    expect(welcome!.parsed.text).toMatch(/Unsubscribe/);
    // What their consent covers, in the words they agreed to (docs/decisions/025).
    expect(welcome!.parsed.text).toContain("a new template, guide, tool or blog post");
  });

  test("signing up again says the same and sends at most one confirmation an hour", async ({ page, db }) => {
    const email = uniqueEmail("twice");
    for (let i = 0; i < 2; i++) {
      await page.goto("/resources");
      const form = page.getByRole("form", { name: "Newsletter signup" });
      await form.getByLabel("Email address").fill(email);
      await form.getByRole("button", { name: "Subscribe" }).click();
      await expect(toast(page, "Subscription successful!")).toBeVisible();
    }
    await mailTo(db.smtp, email, /^Confirm your subscription/);
    await page.waitForTimeout(1500);
    expect(db.smtp.to(email)).toHaveLength(1);
  });

  test("one-click unsubscribe by POST (RFC 8058) and by the page, idempotent", async ({ page, db, baseURL }) => {
    const email = uniqueEmail("leaving");
    const id = await insertedId(
      db.sql`INSERT INTO newsletter_subscribers (email, source, status) VALUES (${email}, '/', 'confirmed') RETURNING id`,
    );
    const unsubscribeUrl = new URL(links(baseURL!).unsubscribeUrl({ id, email }));
    const target = `${baseURL}${unsubscribeUrl.pathname}${unsubscribeUrl.search}`;

    const oneClick = await fetch(target, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect(await db.sql`SELECT status FROM newsletter_subscribers WHERE id = ${id}`).toEqual([{ status: "unsubscribed" }]);
    expect((await fetch(target, { method: "POST", body: "List-Unsubscribe=One-Click" })).status).toBe(200);

    // By the page, for another subscriber: one button, with or without JavaScript.
    const other = uniqueEmail("leaving.page");
    const otherId = await insertedId(
      db.sql`INSERT INTO newsletter_subscribers (email, source, status) VALUES (${other}, '/', 'confirmed') RETURNING id`,
    );
    const pageUrl = new URL(links(baseURL!).unsubscribeUrl({ id: otherId, email: other }));
    await page.goto(`${pageUrl.pathname}${pageUrl.search}`);
    await expect(page.getByText(`${other.slice(0, 1)}•••@example.com`)).toBeVisible();
    expect(await db.sql`SELECT status FROM newsletter_subscribers WHERE id = ${otherId}`).toEqual([{ status: "confirmed" }]);
    await expectButtonUnderHeading(page, "Unsubscribe");
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "You're unsubscribed" })).toBeVisible();
    expect(await db.sql`SELECT status FROM newsletter_subscribers WHERE id = ${otherId}`).toEqual([{ status: "unsubscribed" }]);
    await page.goto(`${pageUrl.pathname}${pageUrl.search}`);
    await expect(page.getByRole("heading", { level: 1, name: "You're unsubscribed" })).toBeVisible();
  });

  test("a forged, expired or altered link gets a clear page and changes nothing", async ({ page, db, baseURL }) => {
    const email = uniqueEmail("forged");
    const id = await insertedId(
      db.sql`INSERT INTO newsletter_subscribers (email, source, status) VALUES (${email}, '/', 'pending') RETURNING id`,
    );
    const real = links(baseURL!);
    const forger = newsletterLinks(
      baseURL!,
      createSigner(Buffer.from("x".repeat(48)), "newsletter-confirm"),
      createSigner(Buffer.from("x".repeat(48)), "newsletter-unsubscribe"),
    );
    const path = (url: string) => `${new URL(url).pathname}${new URL(url).search}`;

    const cases: [string, number, string][] = [
      [path(forger.confirmUrl({ id, email })), 400, "This link is not valid"],
      [path(real.confirmUrl({ id, email }, Date.now() - 8 * 86_400_000)), 410, "This link has expired"],
      [path(real.confirmUrl({ id: Number(id), email: "someone.else@example.com" })), 410, "This sign-up no longer exists"],
      ["/newsletter/confirm?token=not-a-token", 400, "This link is not valid"],
      ["/newsletter/confirm", 400, "This link is not valid"],
      [path(forger.unsubscribeUrl({ id, email })), 400, "This link is not valid"],
    ];
    for (const [url, status, heading] of cases) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(status);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole("main").getByRole("button")).toHaveCount(0);
      expect(await fetch(`${baseURL}${url}`, { method: "POST", body: "List-Unsubscribe=One-Click" }).then((r) => r.status)).toBe(status);
    }
    expect(await db.sql`SELECT status FROM newsletter_subscribers WHERE id = ${id}`).toEqual([{ status: "pending" }]);
  });
});

test.describe("downloads and notifications", () => {
  test("a download begins by itself, the lead gets the link by email, and a returning visitor continues in one click", async ({
    page,
    db,
  }) => {
    const email = uniqueEmail("download");
    await page.goto("/resources");
    await page
      .getByRole("link", { name: /Download Resource/ })
      .first()
      .click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("link", { name: "Privacy policy" })).toBeVisible();
    await dialog.getByLabel("Name", { exact: true }).fill("Alan Turing");
    await dialog.getByLabel("Email", { exact: true }).fill(email);
    const downloading = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "Get Resource" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.(pdf|xlsx|mp4)$/);
    await expect(dialog.getByRole("heading", { name: "Thank you!" })).toBeVisible();
    await expect(dialog.getByRole("link", { name: /Download Now/ })).toBeVisible();

    const [linkMail] = await mailTo(db.smtp, email, /^Your copy of /);
    expect(String(linkMail!.parsed.html)).toContain(`/resources/${download.suggestedFilename()}`);
    expect(linkMail!.parsed.headers.has("list-unsubscribe")).toBe(false);

    // Another resource: the saved details, one click, a new lead on the server, a new download.
    await page.keyboard.press("Escape");
    await page
      .getByRole("link", { name: /Download Resource/ })
      .nth(1)
      .click();
    const again = page.getByRole("dialog");
    await expect(again.getByLabel("Name", { exact: true })).toHaveValue("");
    const second = page.waitForEvent("download");
    await again.getByRole("button", { name: `Continue as Alan Turing (${email.split("@")[0]}@…)` }).click();
    expect((await second).suggestedFilename()).not.toBe(download.suggestedFilename());
    await expect(again.getByRole("heading", { name: "Thank you!" })).toBeVisible();
    expect(await db.sql`SELECT count(*)::int AS leads FROM resource_leads WHERE email = ${email}`).toEqual([{ leads: 2 }]);
  });

  test("without JavaScript the success page starts the download", async ({ browser, db }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: db.server.url });
    const page = await context.newPage();
    await page.goto("/forms/download?resource=outreach-checklist");
    await page.getByLabel("Name", { exact: true }).fill("Grace Hopper");
    await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("nojs.download"));
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Get Resource" }).click();
    expect((await downloading).suggestedFilename()).toBe("outreach-checklist.pdf");
    await expect(page.getByRole("heading", { name: "Thank you!" })).toBeVisible();
    await context.close();
  });

  test("a contact request reaches the team with Reply-To the visitor, the visitor gets a receipt, the webhook a signed copy", async ({
    page,
    db,
  }) => {
    const email = uniqueEmail("contact.mail");
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Contact form" });
    await form.getByLabel("Full name").fill("Ada Lovelace");
    await form.getByLabel("Email address").fill(email);
    await form.getByLabel("Message").fill("Do you integrate with Smartlead?");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(toast(page, "Message sent!")).toBeVisible();

    const [receipt] = await mailTo(db.smtp, email, /^We received your message/);
    expect(receipt!.raw).not.toContain("Smartlead");
    // Other journeys on this worker write to the team too: this visitor's notification is the one that names them.
    const teamMails = () => db.smtp.to("team@replywise.example").filter((mail) => mail.parsed.text?.includes(email));
    await expect.poll(() => teamMails().length, { timeout: 20_000 }).toBe(1);
    const team = teamMails();
    expect(team[0]!.parsed.subject).toBe("New contact request from Ada Lovelace");
    expect(team[0]!.parsed.replyTo?.value).toEqual([{ name: "Ada Lovelace", address: email }]);
    expect(team[0]!.parsed.text).toContain("Do you integrate with Smartlead?");

    await expect.poll(() => db.webhook.calls.filter((call) => call.body.includes(email)).length, { timeout: 20_000 }).toBe(1);
    const call = db.webhook.calls.find((candidate) => candidate.body.includes(email))!;
    const [, timestamp, signature] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(call.headers["x-replywise-signature"])) ?? [];
    expect(signature).toBe(createHmac("sha256", WEBHOOK_SECRET).update(`${timestamp}.${call.body}`).digest("hex"));
    expect(JSON.parse(call.body)).toMatchObject({ type: "contact_request", email, message: "Do you integrate with Smartlead?" });
  });
});
