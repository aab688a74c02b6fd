import type postgres from "postgres";
import { expect, firstRow, signIn, test, uniqueEmail } from "../support/browser/console-fixture";

// The sales pipeline in the browser (decision 029), with JavaScript off as the console runs (it never hydrates): the stage
// as the one state in the list, the board moved by its forms and by keyboard alone, owners, the follow-up reminder
// read where it arrives (an SMTP server on loopback) and the notes timeline.

test.use({ javaScriptEnabled: false });

async function contactLead(world: { sql: postgres.Sql }, name: string, fields: { stage?: string } = {}) {
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, "."));
  const row = await firstRow(world.sql<{ id: number }[]>`INSERT INTO contact_requests (name, email, message, stage)
    VALUES (${name}, ${email}, 'Pricing for 40 inboxes?', ${fields.stage ?? "new"}) RETURNING id::int`);
  return { id: row.id, email };
}

test("the list shows each lead's stage (never 'Handled') and filters by stage and owner", async ({ page, world }) => {
  const tag = `Stage${Date.now().toString(36)}`;
  const booked = await contactLead(world, `${tag} Booked`, { stage: "meeting-booked" });
  await contactLead(world, `${tag} Fresh`);
  await signIn(page, world.operator);
  await page.getByLabel("Search").fill(tag);
  await page.getByRole("button", { name: "Apply filters" }).click();
  const leads = page.getByRole("list", { name: "Leads" });
  await expect(leads.getByRole("listitem").filter({ hasText: `${tag} Booked` })).toContainText("Meeting booked");
  await expect(leads).not.toContainText("Handled");

  await page.getByLabel("Stage").selectOption("meeting-booked");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(leads.getByRole("listitem")).toHaveCount(1);
  // Without a search text the filter is in the address: a link to it shows the same leads.
  await page.getByRole("link", { name: "Clear" }).click();
  await page.goto("/console/leads?stage=meeting-booked&owner=nobody");
  await expect(page.getByLabel("Stage")).toHaveValue("meeting-booked");
  await expect(leads.getByRole("link", { name: `${tag} Booked` })).toBeVisible();
  await world.sql`UPDATE contact_requests SET owner_id = (SELECT id FROM operators WHERE email = ${world.operator.email}) WHERE id = ${booked.id}`;
  await page.goto("/console/leads?owner=mine&stage=meeting-booked");
  await expect(leads.getByRole("link", { name: `${tag} Booked` })).toBeVisible();
  await expect(leads.getByRole("listitem").filter({ hasText: `${tag} Booked` })).toContainText(`Owner: ${world.operator.email}`);
});

test.describe("the board", () => {
  test("moves a card with its form, and by keyboard alone; each move is audited; a stale move says who moved it", async ({
    page,
    world,
  }) => {
    const lead = await contactLead(world, `Board ${Date.now().toString(36)}`);
    const name = (await firstRow(world.sql<{ name: string }[]>`SELECT name FROM contact_requests WHERE id = ${lead.id}`)).name;
    await signIn(page, world.operator);
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Board" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Board" })).toBeVisible();
    const column = (stage: string) => page.getByRole("group", { name: new RegExp(`^${stage} [\\d,]+ leads$`) });
    await expect(column("New").getByRole("link", { name })).toBeVisible();
    // The columns scroll sideways inside the board; the page itself never does (its hidden labels included).
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // With the card's form, behind "Move or assign": choose a stage, press Move.
    await page.locator("summary", { hasText: `Move or assign ${name}` }).click();
    await page.getByLabel(`Move to for ${name}`).selectOption("contacted");
    await page.getByRole("button", { name: `Move for ${name}` }).click();
    await expect(page.getByRole("status").filter({ hasText: "moved to" })).toHaveText(`${name} moved to Contacted.`);
    await expect(page).toHaveURL(new RegExp(`/console/board\\?moved=contact-${lead.id}#card-contact-${lead.id}$`));
    await expect(column("Contacted").getByRole("link", { name })).toBeVisible();

    // By keyboard alone: from the card's link, Tab to "Move or assign", Enter opens it, Tab to its stage, the arrow to
    // the next one, Tab to Move, Enter.
    await column("Contacted").getByRole("link", { name }).focus();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await expect(page.getByLabel(`Move to for ${name}`)).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByLabel(`Move to for ${name}`)).toHaveValue("qualified");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: `Move for ${name}` })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "moved to" })).toHaveText(`${name} moved to Qualified.`);
    await expect(column("Qualified").getByRole("link", { name })).toBeVisible();
    expect(
      await world.sql`SELECT detail->>'stage' AS stage FROM audit_log WHERE action = 'lead-stage' AND (detail->>'id')::int = ${lead.id} ORDER BY id`,
    ).toEqual([{ stage: "contacted" }, { stage: "qualified" }]);

    // Another operator moves it meanwhile: this page's move is refused in words, and the board shows where it is now.
    await world.sql`UPDATE contact_requests SET stage = 'won', stage_by = ${world.sales.email} WHERE id = ${lead.id}`;
    await page.locator("summary", { hasText: `Move or assign ${name}` }).click();
    await page.getByLabel(`Move to for ${name}`).selectOption("lost");
    await page.getByRole("button", { name: `Move for ${name}` }).click();
    await expect(page.getByRole("alert")).toHaveText(
      `Not moved: ${world.sales.email} moved this lead to Won meanwhile. It is shown where it is now; move it again if you still want to.`,
    );
    await expect(column("Won").getByRole("link", { name })).toBeVisible();
    expect(await world.sql`SELECT stage FROM contact_requests WHERE id = ${lead.id}`).toEqual([{ stage: "won" }]);
  });

  test("a sales account gives itself a lead from the board, and finds it under Mine", async ({ page, world }) => {
    const lead = await contactLead(world, `Owned ${Date.now().toString(36)}`);
    const name = (await firstRow(world.sql<{ name: string }[]>`SELECT name FROM contact_requests WHERE id = ${lead.id}`)).name;
    await signIn(page, world.sales);
    await page.goto("/console/board?owner=nobody");
    // The owner's form opens from the card's "Move or assign", by keyboard as by pointer.
    const owner = page.getByLabel(`Owner for ${name}`);
    await expect(owner).toBeHidden();
    await page.locator("summary", { hasText: `Move or assign ${name}` }).focus();
    await page.keyboard.press("Enter");
    await owner.selectOption({ label: world.sales.email });
    await page.getByRole("button", { name: `Assign for ${name}` }).click();
    await expect(page.getByRole("status").filter({ hasText: "owner saved" })).toHaveText(`${name}: owner saved.`);
    await page.goto("/console/board?owner=mine");
    await expect(page.getByRole("link", { name })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: name }).getByTitle(world.sales.email)).toHaveText(
      world.sales.email.split("@")[0]!,
    );
    expect(
      await world.sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'lead-owner' AND (detail->>'id')::int = ${lead.id}`,
    ).toEqual([{ n: 1 }]);
  });
});

test.describe("the board with its page script", () => {
  test.use({ javaScriptEnabled: true });

  test("fits every stage at 1280 px without scrolling, keeps the audience off, and moves a card by drag and drop and by keyboard", async ({
    page,
    world,
  }) => {
    const lead = await contactLead(world, `Drag ${Date.now().toString(36)}`);
    const name = (await firstRow(world.sql<{ name: string }[]>`SELECT name FROM contact_requests WHERE id = ${lead.id}`)).name;
    const reader = uniqueEmail("audience");
    await world.sql`INSERT INTO newsletter_subscribers (email, source, consent_text) VALUES (${reader}, '/blog', 'x')`;
    await signIn(page, world.operator);
    await page.goto("/console/board");
    const column = (stage: string) => page.getByRole("group", { name: new RegExp(`^${stage} [\\d,]+ leads$`) });
    await test.step("every stage's column in view at 1280 px, nothing scrolls sideways", async () => {
      expect(page.viewportSize()!.width).toBe(1280);
      for (const stage of ["New", "Contacted", "Qualified", "Meeting booked", "Won", "Lost", "Spam"]) {
        const box = (await column(stage).boundingBox())!;
        expect(box.x, stage).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, stage).toBeLessThanOrEqual(1280);
        expect(box.width, stage).toBeGreaterThan(stage === "Spam" ? 30 : 100);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expect(page.getByRole("region", { name: "Pipeline board" })).not.toContainText(reader);
    });
    await test.step("a card dragged onto a column moves there", async () => {
      await page.locator(`#card-contact-${lead.id}`).dragTo(column("Qualified"));
      await expect(page.getByRole("status").filter({ hasText: "moved to" })).toHaveText(`${name} moved to Qualified.`);
      await expect(column("Qualified").getByRole("link", { name })).toBeVisible();
    });
    await test.step("by keyboard: Space picks the card up, the arrow chooses Meeting booked, Space drops it", async () => {
      // After a move the card has the focus again.
      await expect(page.locator(`#card-contact-${lead.id}`)).toBeFocused();
      await page.keyboard.press("Space");
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("Space");
      await expect(page.getByRole("status").filter({ hasText: "moved to" })).toHaveText(`${name} moved to Meeting booked.`);
      await expect(column("Meeting booked").getByRole("link", { name })).toBeVisible();
    });
    expect(
      await world.sql`SELECT detail->>'stage' AS stage FROM audit_log WHERE action = 'lead-stage' AND (detail->>'id')::int = ${lead.id} ORDER BY id`,
    ).toEqual([{ stage: "qualified" }, { stage: "meeting-booked" }]);
  });
});

test("a follow-up day emails its owner once, and the page says so; without an owner it says nobody will be reminded", async ({
  page,
  world,
}) => {
  const lead = await contactLead(world, `Follow ${Date.now().toString(36)}`);
  const name = (await firstRow(world.sql<{ name: string }[]>`SELECT name FROM contact_requests WHERE id = ${lead.id}`)).name;
  const today = new Date().toISOString().slice(0, 10);
  await signIn(page, world.operator);
  await page.goto(`/console/leads/contact/${lead.id}`);
  await page.getByLabel("Follow-up day", { exact: true }).fill(today);
  await page.getByRole("button", { name: "Save follow-up" }).click();
  await expect(page.getByRole("status")).toContainText("Follow-up set for");
  await expect(page.getByText(/This lead has no owner, so nobody gets a reminder/)).toBeVisible();

  // Given an owner, today's reminder is armed for 8:00 in their time zone (UTC here); the clock is moved there by making its job due now.
  await page.getByRole("combobox", { name: "Owner" }).selectOption({ label: world.sales.email });
  await page.getByRole("button", { name: "Assign" }).click();
  await expect(page.getByRole("status")).toHaveText(`${world.sales.email} owns this lead now.`);
  const reminders = () => world.smtp.to(world.sales.email).filter((mail) => mail.parsed.subject === `Follow up today: ${name}`);
  await world.sql`UPDATE outbox SET run_after = now() WHERE kind = 'lead:follow-up' AND (payload->>'id')::int = ${lead.id}`;
  await expect.poll(() => reminders().length, { timeout: 20_000 }).toBe(1);
  expect(String(reminders()[0]!.parsed.html)).toContain(`/console/leads/contact/${lead.id}`);
  // Saving the same day again, and waiting a few polls of the outbox, sends nothing more.
  await page.getByRole("button", { name: "Save follow-up" }).click();
  await page.waitForTimeout(2000);
  expect(reminders()).toHaveLength(1);
  await page.reload();
  await expect(page.getByText(new RegExp(`the reminder has gone out to ${world.sales.email.replace(".", "\\.")}`))).toBeVisible();
});
