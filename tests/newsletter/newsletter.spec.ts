import { expectNoAxeViolations } from "../support/browser/axe";
import { switchTheme } from "../support/browser/theme";
import { expect, firstRow, signInAs, test, uniqueEmail, uniqueKey } from "../support/browser/console-fixture";
import { EDITOR_TIME_ZONE } from "../support/browser/worlds";
import { formatInZone, zonedInputValue } from "~/lib/console/time-zone";

// The newsletter as an editor works it (docs/decisions/025): a draft issue waits in the console; they correct it (and
// are told what is wrong), send themselves a test, schedule it or send it now, and watch it go out; the public archive
// then shows it. Sales never reaches it. On PostgreSQL, beside the console, so the test can see the rows.

const unique = uniqueKey;

test.describe("the newsletter in the console", () => {
  test("an editor corrects a draft, tests it, sends it, sees it go out, and the archive shows it", async ({ page, world }) => {
    const key = unique();
    const subject = `New free resource: Playbook ${key}`;
    await world.sql`INSERT INTO newsletter_issues (topic, source_key, subject, preheader, title, excerpt, link_path)
      VALUES ('resource', ${key}, ${subject}, 'Twelve answers.', ${`Playbook ${key}`}, 'Twelve answers to the replies cold email gets.', '/resources')`;
    const reader = uniqueEmail("reader");
    await world.sql`INSERT INTO newsletter_subscribers (email, source, status, consent_text) VALUES (${reader}, '/resources', 'confirmed', 'x')`;

    await signInAs(page, world.editor);
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Newsletter" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Newsletter" })).toBeVisible();
    const row = page.getByRole("listitem").filter({ hasText: subject });
    await expect(row.getByText("Draft", { exact: true })).toBeVisible();
    await row.getByRole("link", { name: subject }).click();
    await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
    await expectNoAxeViolations(page);

    // Wrong input is refused with a message on the field, and what was typed stays.
    await page.getByLabel("Subject").fill("");
    await page.getByLabel("Link").fill("https://elsewhere.example/page");
    await page.getByLabel("Text").fill("Twelve answers, <b>tested</b>.");
    await page.evaluate(() => document.querySelectorAll("form").forEach((form) => (form.noValidate = true)));
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Nothing was saved. Correct the fields marked below." })).toBeVisible();
    await expect(page.getByText("Give the email a subject.")).toBeVisible();
    await expect(page.getByText("The link must be a page of this site, starting with / (for example /blog/my-post).")).toBeVisible();
    await expect(page.getByText("The text cannot contain HTML: write it as plain text.")).toBeVisible();
    await expect(page.getByLabel("Subject")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Text")).toHaveValue("Twelve answers, <b>tested</b>.");
    expect((await firstRow(world.sql`SELECT subject FROM newsletter_issues WHERE source_key = ${key}`)).subject).toBe(subject);
    await expectNoAxeViolations(page);

    // Corrected, saved, and a test sent to the editor alone.
    await page.getByLabel("Subject").fill(subject);
    await page.getByLabel("Link").fill("/resources#cold-email-templates");
    await page.getByLabel("Text").fill("Twelve answers, tested.");
    await page.getByRole("button", { name: `Save and send a test to ${world.editor.email}` }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved, and a test copy is on its way to your address." })).toBeVisible();
    // A test copy: no subscriber's unsubscribe link (the editor is none), which is what marks it as a test.
    const tests =
      await world.sql`SELECT recipient, payload->'props'->'unsubscribeUrl' AS unsubscribe FROM outbox WHERE kind = 'mail:newsletter-issue' AND payload->'props'->>'subject' = ${subject}`;
    expect(tests).toEqual([{ recipient: world.editor.email, unsubscribe: null }]);

    // Sending asks for the tick first: the browser holds the form, and the server refuses it without.
    const send = page.getByRole("button", { name: /^Send to [\d,]+ subscribers?$/ });
    const tick = page.getByLabel("I have reviewed this issue; send it now. This cannot be undone.");
    await send.click();
    expect(await tick.evaluate((box) => box.matches(":invalid"))).toBe(true);
    await page.evaluate(() => document.querySelectorAll("form").forEach((form) => (form.noValidate = true)));
    await send.click();
    await expect(
      page
        .getByRole("alert")
        .filter({ hasText: "Nothing was sent. Tick the box to confirm that this issue should go to its subscribers now." }),
    ).toBeVisible();
    expect(await world.sql`SELECT 1 FROM newsletter_issues WHERE source_key = ${key} AND status = 'draft'`).toHaveLength(1);
    await tick.check();
    await send.click();
    await expect(page.getByRole("status").filter({ hasText: "Sending: the copies are queued" })).toBeVisible();
    const { id, number, recipients } = await firstRow(
      world.sql<{ id: string; number: number; recipients: number }[]>`
        SELECT i.id, i.number, (SELECT count(*)::int FROM newsletter_deliveries d WHERE d.issue_id = i.id) AS recipients
        FROM newsletter_issues i WHERE source_key = ${key}`,
    );
    expect(recipients).toBeGreaterThanOrEqual(1);
    expect(
      await world.sql`SELECT 1 FROM newsletter_deliveries d JOIN newsletter_subscribers s ON s.id = d.subscriber_id WHERE d.issue_id = ${id} AND s.email = ${reader}`,
    ).toHaveLength(1);
    // The form is gone: what went out cannot be edited.
    await expect(page.getByLabel("Subject")).toHaveCount(0);
    await expect(async () => {
      await page.reload();
      await expect(page.getByText(/^Sending [\d,]+\/[\d,]+$/)).toHaveCount(0, { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByRole("definition").first()).toHaveText(String(recipients));

    // The archive, from the resources page's newsletter block.
    await page.goto("/resources");
    await page.getByRole("link", { name: "Read past issues" }).click();
    await expect(page).toHaveURL("/newsletter");
    await page.getByRole("link", { name: subject }).click();
    await expect(page).toHaveURL(`/newsletter/${number}`);
    await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
    await expect(page.getByText("Twelve answers, tested.")).toBeVisible();
    await expectNoAxeViolations(page);
    expect((await page.request.get("/newsletter/999999")).status()).toBe(404);
  });

  test("a schedule in the past is refused; one in the future shows on the issue and can be taken back", async ({ page, world }) => {
    const key = unique();
    const subject = `Scheduled issue ${key}`;
    await world.sql`INSERT INTO newsletter_issues (topic, source_key, subject, preheader, title, excerpt, link_path)
      VALUES ('post', ${key}, ${subject}, '', 'A post', 'What it says.', '/blog')`;
    const { id } = await firstRow(world.sql<{ id: string }[]>`SELECT id FROM newsletter_issues WHERE source_key = ${key}`);
    // The editor account, whose own zone is away from UTC (decision 046).
    await signInAs(page, world.editor);
    await page.goto(`/console/newsletter/${id}`);
    await page.getByLabel("Send at").fill("2020-01-01T09:00");
    await page.getByRole("button", { name: "Schedule", exact: true }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: `Not scheduled: choose a date and time in the future (${EDITOR_TIME_ZONE}).` }),
    ).toBeVisible();
    await expect(page.getByText(`Choose a time in the future, in ${EDITOR_TIME_ZONE}.`)).toBeVisible();

    const next = new Date(Date.now() + 86_400_000 * 3);
    await page.getByLabel("Send at").fill(zonedInputValue(next, EDITOR_TIME_ZONE));
    await page.getByRole("button", { name: "Schedule", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Scheduled." })).toBeVisible();
    // In the console's zone, beside the field and in the panel that stays in view (decision 046).
    await expect(
      page
        .getByRole("complementary", { name: "Publishing" })
        .getByText(`Scheduled for ${formatInZone(new Date(Math.floor(next.getTime() / 60_000) * 60_000), EDITOR_TIME_ZONE)}`),
    ).toBeVisible();
    await expect(page.getByLabel("Send at")).toHaveValue(zonedInputValue(next, EDITOR_TIME_ZONE));
    expect(await world.sql`SELECT kind FROM outbox WHERE kind = 'newsletter:start' AND payload->>'issueId' = ${id}`).toHaveLength(1);
    await page.getByRole("button", { name: "Take off the schedule" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Taken off the schedule: it is a draft again." })).toBeVisible();
    await expect(page.getByText("Draft", { exact: true })).toBeVisible();

    await page.getByRole("button", { name: "Delete this draft" }).click();
    await expect(page).toHaveURL("/console/newsletter?done=deleted");
    await expect(page.getByRole("status").filter({ hasText: "The draft was deleted." })).toBeVisible();
    expect(await world.sql`SELECT 1 FROM newsletter_issues WHERE source_key = ${key}`).toHaveLength(0);

    await test.step("an issue started from scratch on the list lands on its own page as a draft", async () => {
      const started = `Started issue ${key}`;
      const form = page.getByRole("form", { name: "Start an issue" });
      await form.getByLabel("Who receives it").selectOption("post");
      await form.getByLabel("Subject", { exact: true }).fill(started);
      await form.getByLabel("Title", { exact: true }).fill("A live webinar on answering replies");
      await form.getByLabel("Text", { exact: true }).fill("Thirty minutes on answering the replies cold email gets.");
      await form.getByLabel("Link", { exact: true }).fill("/demo");
      for (const theme of ["light", "dark"] as const) {
        await switchTheme(page, theme);
        await expectNoAxeViolations(page);
      }
      await form.getByRole("button", { name: "Start the issue" }).click();
      await expect(page.getByRole("heading", { level: 1, name: started })).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: "Started as a draft." })).toBeVisible();
      await expect(page.getByText("Draft", { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
  // Sales is refused every newsletter page (tests/console/access.test.ts, console-access.test.ts); axe on the issue list
  // runs with the console's other screens (console.spec.ts).
});
