import type { Page } from "@playwright/test";
import { expect, test, uniqueEmail } from "./support/forms-fixture";
import type { ReceivedMail, SmtpSink } from "../support/smtp-sink";

// "I want this too" on /roadmap (issue 37): a plain form, with and without JavaScript; the vote counts once the link in
// its e-mail (read from the run's SMTP sink) is confirmed with a click, once per address, never unconfirmed; a refused
// vote says why and stores nothing.

async function mailTo(smtp: SmtpSink, address: string, count = 1): Promise<ReceivedMail[]> {
  const votes = () => smtp.to(address).filter((mail) => /^Confirm your vote/.test(mail.parsed.subject ?? ""));
  await expect.poll(() => votes().length, { timeout: 20_000 }).toBe(count);
  return votes();
}

function confirmLinkIn(mail: ReceivedMail) {
  const match = /https?:\/\/[^\s"<>]+\/roadmap\/vote\/confirm\?token=[\w.-]+/.exec(String(mail.parsed.html));
  if (!match) throw new Error(`no confirmation link in ${mail.parsed.subject}`);
  const url = new URL(match[0].replace(/&amp;/g, "&"));
  return `${url.pathname}${url.search}`;
}

const card = (page: Page, itemId: string) => page.locator(`li#${itemId}`);

/** The number the item's card shows ("Be the first…" is 0). */
async function countOn(page: Page, itemId: string) {
  await page.goto(`/roadmap#${itemId}`);
  return Number(await card(page, itemId).locator("[data-vote-count]").getAttribute("data-vote-count"));
}

async function vote(page: Page, itemId: string, fields: { email: string; name?: string; note?: string }) {
  await page.goto(`/roadmap#${itemId}`);
  const item = card(page, itemId);
  await item.locator("summary").click();
  const form = item.getByRole("form");
  await form.getByLabel("Email").fill(fields.email);
  if (fields.name !== undefined) await form.getByLabel("Name").fill(fields.name);
  if (fields.note !== undefined) await form.getByLabel("Note").fill(fields.note);
  await form.getByRole("button", { name: "I want this too" }).click();
  await expect(page).toHaveURL(/\/forms\/roadmap-vote$/);
}

async function confirmByMail(page: Page, smtp: SmtpSink, email: string) {
  const [mail] = await mailTo(smtp, email);
  expect(mail!.parsed.text).toContain("one email when this item ships, nothing else");
  await page.goto(confirmLinkIn(mail!));
  await expect(page.getByRole("heading", { level: 1, name: "Confirm your vote" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm my vote" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your vote counts" })).toBeVisible();
}

for (const javaScriptEnabled of [false, true]) {
  const itemId = javaScriptEnabled ? "hubspot-crm-sync" : "chat-tool-integration";
  test.describe(`voting with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("vote, confirm by the e-mailed link, see the count change; the same address twice counts once", async ({ page, db }) => {
      const before = await countOn(page, itemId);
      await expect(card(page, itemId).getByText("One email when this item ships, nothing else.")).toBeAttached();
      const email = uniqueEmail("vote");
      await vote(page, itemId, { email, name: "Ann", note: "We live in HubSpot." });
      await expect(page.getByRole("status")).toContainText("Almost there: check your inbox");
      // Unconfirmed: not counted.
      expect(await countOn(page, itemId)).toBe(before);

      await confirmByMail(page, db.smtp, email);
      expect(await countOn(page, itemId)).toBe(before + 1);

      // Again with the same address (another case): the same answer, no second vote, no second e-mail.
      await vote(page, itemId, { email: email.toUpperCase() });
      await expect(page.getByRole("status")).toContainText("Almost there: check your inbox");
      expect(await countOn(page, itemId)).toBe(before + 1);
      expect(await db.sql`SELECT status FROM roadmap_votes WHERE lower(email) = ${email}`).toEqual([{ status: "confirmed" }]);
      await mailTo(db.smtp, email, 1);
    });
  });
}

test("an unconfirmed vote never counts", async ({ page, db }) => {
  const before = await countOn(page, "hubspot-crm-sync");
  const email = uniqueEmail("unconfirmed");
  await vote(page, "hubspot-crm-sync", { email });
  await mailTo(db.smtp, email);
  expect(await countOn(page, "hubspot-crm-sync")).toBe(before);
  expect(await db.sql`SELECT status FROM roadmap_votes WHERE email = ${email}`).toEqual([{ status: "pending" }]);
});

test("the vote's messages for a 100 KB note, markup and a bad address; nothing is stored", async ({ page, db }) => {
  const email = uniqueEmail("refused");
  await vote(page, "hubspot-crm-sync", { email, note: "<script>alert(1)</script>" });
  await expect(page.getByRole("alert").filter({ hasText: "Note cannot contain HTML: write it as plain text." })).toBeVisible();
  // The form comes back with what was typed, shown as text.
  await expect(page.getByLabel("Note")).toHaveValue("<script>alert(1)</script>");

  await vote(page, "hubspot-crm-sync", { email, note: "x".repeat(100 * 1024) });
  await expect(page.getByRole("alert")).toContainText("What you sent is too long.");

  await page.goto("/roadmap#hubspot-crm-sync");
  const item = card(page, "hubspot-crm-sync");
  await item.locator("summary").click();
  await item.getByRole("form").evaluate((form: HTMLFormElement) => (form.noValidate = true));
  await item.getByLabel("Email").fill("not an address");
  await item.getByRole("button", { name: "I want this too" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Please enter a valid email address" })).toBeVisible();

  expect(await db.sql`SELECT 1 FROM roadmap_votes WHERE email = ${email} OR email = 'not an address'`).toEqual([]);
});
