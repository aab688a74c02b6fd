import { initialRoadmapItems } from "~/content/roadmap";
import { expectNoAxeViolations } from "../support/browser/axe";
import { expect, firstRow, signIn, signInToPosts, test, uniqueEmail, uniqueKey } from "../support/browser/console-fixture";
import type { Page } from "../support/browser/test";
import type { ConsoleWorld } from "../support/browser/worlds";

// Feature requests get an answer (decision 036), as the team works it in the browser: a sales account starts a planned item
// from one request and links another to it, sees who wants it ranked by their lead's stage, merges a duplicate into
// it (and is told when it did not tick the box); an editor sends the item's shipped notice, which reaches each person
// once, and its unsubscribe link withdraws the vote. On the worker's PostgreSQL console, whose roadmap is put back after.

const unique = uniqueKey;

test.afterEach(async ({ world }) => {
  await world.sql`UPDATE site_content SET published = ${world.sql.json(JSON.parse(JSON.stringify(initialRoadmapItems())))}, draft = NULL WHERE collection = 'roadmap'`;
  await world.sql`DELETE FROM roadmap_item_merges WHERE merged_by = ${world.sales.email}`;
  await world.sql`SELECT pg_notify('site_content_changed', '')`;
});

async function addRequest(world: Pick<ConsoleWorld, "sql">, title: string, stage = "new") {
  const email = uniqueEmail("asker");
  const row = await firstRow(
    world.sql<{ id: number }[]>`INSERT INTO feature_requests (name, email, feature_title, description, stage)
      VALUES ('Asker', ${email}, ${title}, 'Our reps live in it all day.', ${stage}) RETURNING id::int`,
  );
  return { id: row.id, email };
}

const roadmapSection = (page: Page) => page.getByRole("region", { name: "Roadmap" });

test("sales starts an item from a request, links another, sees who wants it by stage, and merges a duplicate", async ({ page, world }) => {
  const key = unique();
  const first = await addRequest(world, `Pipedrive sync ${key}`);
  const second = await addRequest(world, `Pipedrive deals ${key}`, "qualified");
  const duplicate = await addRequest(world, `Pipedrive import ${key}`, "won");

  await signIn(page, world.sales);
  await page.goto(`/console/leads/feature-request/${first.id}`);
  await expect(roadmapSection(page).getByText("Not on the roadmap yet.")).toBeVisible();
  await roadmapSection(page).getByRole("button", { name: "Start a planned item from this request" }).click();
  await expect(page.getByRole("status").filter({ hasText: "A planned item was added to the roadmap's draft" })).toBeVisible();
  const itemLink = roadmapSection(page).getByRole("link", { name: `Pipedrive sync ${key}` });
  await expect(itemLink).toBeVisible();
  const itemId = (await itemLink.getAttribute("href"))!.split("/").at(-1)!;

  // The second request joins the same item, chosen by name.
  await page.goto(`/console/leads/feature-request/${second.id}`);
  await roadmapSection(page)
    .getByLabel("Roadmap item")
    .selectOption({ label: `Pipedrive sync ${key} (Planned, draft)` });
  await roadmapSection(page).getByRole("button", { name: "Link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Linked: this request counts as its requester's vote" })).toBeVisible();

  // The duplicate gets an item of its own, to be merged.
  await page.goto(`/console/leads/feature-request/${duplicate.id}`);
  await roadmapSection(page).getByRole("button", { name: "Start a planned item from this request" }).click();
  await expect(roadmapSection(page).getByRole("link", { name: `Pipedrive import ${key}` })).toBeVisible();

  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Roadmap" }).click();
  const row = page.getByRole("listitem").filter({ hasText: `Pipedrive sync ${key}` });
  await expect(row).toContainText("2 people want it · 2 requests");
  await expect(row).toContainText("only in the draft");
  await row.getByRole("link", { name: `Pipedrive sync ${key}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Pipedrive sync ${key}` })).toBeVisible();
  const supporters = page.getByRole("list", { name: "Supporters" }).getByRole("listitem");
  await expect(supporters).toHaveCount(2);
  // The qualified lead first.
  await expect(supporters.nth(0)).toContainText(second.email);
  await expect(supporters.nth(0)).toContainText("Qualified");
  await expectNoAxeViolations(page);

  // Merging asks for the tick: without it (the browser's own check taken off) the server says so and merges nothing.
  const merge = page.getByRole("region", { name: "Merge a duplicate into this item" });
  await merge.getByLabel("Item to merge in").selectOption({ label: `Pipedrive import ${key} (Planned)` });
  await page.evaluate(() => document.querySelectorAll("form").forEach((form) => (form.noValidate = true)));
  await merge.getByRole("button", { name: "Merge" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Nothing was merged. Tick the box to confirm the merge." })).toBeVisible();
  expect(await world.sql`SELECT 1 FROM roadmap_item_merges WHERE into_item_id = ${itemId}`).toHaveLength(0);

  await merge.getByLabel("Item to merge in").selectOption({ label: `Pipedrive import ${key} (Planned)` });
  await merge.getByLabel(/^Merge it into/).check();
  await merge.getByRole("button", { name: "Merge" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Merged:" })).toBeVisible();
  // The won lead's request moved here, and ranks first.
  await expect(supporters).toHaveCount(3);
  await expect(supporters.nth(0)).toContainText(duplicate.email);
  await expect(supporters.nth(0)).toContainText("Won");
});

test("an editor sends a shipped item's notice; each person gets it once, and its link withdraws the vote", async ({ page, world }) => {
  const key = unique();
  const itemId = "hubspot-crm-sync";
  const asker = await addRequest(world, `HubSpot ${key}`);
  await world.sql`UPDATE feature_requests SET roadmap_item_id = ${itemId} WHERE id = ${asker.id}`;
  const voter = uniqueEmail("voter");
  await world.sql`INSERT INTO roadmap_votes (item_id, email, status, consent_text) VALUES (${itemId}, ${voter}, 'confirmed', 'c')`;
  // As publishing the item as completed drafts it (tests/roadmap-votes/roadmap-votes.test.ts).
  const subject = `Shipped: HubSpot CRM sync ${key}`;
  await world.sql`INSERT INTO newsletter_issues (topic, source_key, subject, preheader, title, excerpt, link_path)
    VALUES ('shipped', ${itemId}, ${subject}, 'It is live.', 'HubSpot CRM sync', 'Leads and meetings sync to HubSpot.', ${`/roadmap#${itemId}`})
    ON CONFLICT (topic, source_key) DO UPDATE SET subject = EXCLUDED.subject, status = 'draft', version = 1, recipient_count = NULL`;
  await world.sql`DELETE FROM roadmap_notice_deliveries WHERE issue_id IN (SELECT id FROM newsletter_issues WHERE topic = 'shipped' AND source_key = ${itemId})`;

  await signInToPosts(page, world.editor);
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Newsletter" }).click();
  const row = page.getByRole("listitem").filter({ hasText: subject });
  await expect(row).toContainText("Shipped notice");
  await row.getByRole("link", { name: subject }).click();
  await expect(page.getByText(/who asked for or voted for this item/)).toBeVisible();
  await page.getByLabel("I have reviewed this issue; send it now. This cannot be undone.").check();
  await page.getByRole("button", { name: /^Send to \d+ (person|people)$/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Sending: the copies are queued" })).toBeVisible();

  for (const address of [asker.email, voter]) {
    await expect.poll(() => world.smtp.to(address).filter((mail) => mail.parsed.subject === subject).length, { timeout: 20_000 }).toBe(1);
  }
  const [mail] = world.smtp.to(voter);
  expect(mail!.parsed.text).toContain("one email when it ships, and nothing else");
  const withdraw = /https?:\/\/[^\s"<>]+\/roadmap\/withdraw\?token=[\w.-]+/.exec(String(mail!.parsed.html))![0].replace(/&amp;/g, "&");
  const url = new URL(withdraw);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole("heading", { level: 1, name: "Stop hearing about this item" })).toBeVisible();
  expect(await world.sql`SELECT 1 FROM roadmap_votes WHERE email = ${voter}`).toHaveLength(1);
  await page.getByRole("button", { name: "Withdraw my vote" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "You're withdrawn" })).toBeVisible();
  expect(await world.sql`SELECT 1 FROM roadmap_votes WHERE email = ${voter}`).toHaveLength(0);
  expect(await world.sql`SELECT item_id FROM roadmap_withdrawals WHERE email = ${voter}`).toEqual([{ item_id: itemId }]);
});
