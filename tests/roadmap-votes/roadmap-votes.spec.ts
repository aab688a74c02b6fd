import type { Page } from "@playwright/test";
import { expect, test, uniqueEmail } from "../support/browser/forms-fixture";
import type { ReceivedMail, SmtpSink } from "../support/smtp-sink";

// "I want this too" on /roadmap (decision 036): a plain form, with and without JavaScript; the vote counts once the link in
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

test("vote with and without JavaScript, confirm by the e-mailed link, see the count change; twice counts once, unconfirmed never", async ({
  page,
  browser,
  db,
}) => {
  // The same plain form in both: the fixture's page runs the site's scripts, a context of its own runs none.
  const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL: db.server.url });
  try {
    for (const [tab, itemId] of [
      [await noScript.newPage(), "chat-tool-integration"],
      [page, "hubspot-crm-sync"],
    ] as const) {
      await test.step(`${itemId}, JavaScript ${tab === page ? "on" : "off"}`, async () => {
        const before = await countOn(tab, itemId);
        await expect(card(tab, itemId).getByText("One email when this item ships, nothing else.")).toBeAttached();
        const email = uniqueEmail("vote");
        await vote(tab, itemId, { email, name: "Ann", note: "We live in HubSpot." });
        await expect(tab.getByRole("status")).toContainText("Almost there: check your inbox");
        // Unconfirmed: not counted.
        await mailTo(db.smtp, email);
        expect(await countOn(tab, itemId)).toBe(before);
        expect(await db.sql`SELECT status FROM roadmap_votes WHERE email = ${email}`).toEqual([{ status: "pending" }]);

        await confirmByMail(tab, db.smtp, email);
        expect(await countOn(tab, itemId)).toBe(before + 1);

        // Again with the same address (another case): the same answer, no second vote, no second e-mail.
        await vote(tab, itemId, { email: email.toUpperCase() });
        await expect(tab.getByRole("status")).toContainText("Almost there: check your inbox");
        expect(await countOn(tab, itemId)).toBe(before + 1);
        expect(await db.sql`SELECT status FROM roadmap_votes WHERE lower(email) = ${email}`).toEqual([{ status: "confirmed" }]);
        await mailTo(db.smtp, email, 1);
      });
    }
  } finally {
    await noScript.close();
  }
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
