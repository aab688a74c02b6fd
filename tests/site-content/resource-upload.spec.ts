import { resources } from "~/content/resources";
import { smallPdf, smallPng } from "../support/resource-fixtures";
import { expect, signInToPosts, test } from "../support/browser/console-fixture";
import { waitForHydration, type Page } from "../support/browser/test";
import { submitContentForm } from "../support/browser/content-editor";

// A resource added without a developer (decision 035), as an editor does it in the browser on the worker's PostgreSQL
// server: its PDF and card added to the draft, published, its card on /resources, downloaded through the same gated
// form as the nine with the same bytes back, and its newsletter draft waiting on the Newsletter page; a PNG renamed
// .pdf refused beside the field first. The collection, the file and the draft are put back after each test.

const TITLE = "Reply Handling Playbook";
const ID = "reply-handling-playbook";

test.afterEach(async ({ world }) => {
  const initial = resources.map((resource) => ({ ...resource }));
  await world.sql`UPDATE site_content SET published = ${world.sql.json(initial)}, draft = NULL WHERE collection = 'resources'`;
  await world.sql`DELETE FROM resource_uploads WHERE file LIKE ${`${ID}%`}`;
  await world.sql`DELETE FROM newsletter_issues WHERE topic = 'resource' AND source_key LIKE ${`${ID}%`}`;
  await world.sql`DELETE FROM newsletter_sources WHERE topic = 'resource' AND source_key LIKE ${`${ID}%`}`;
  await world.sql`SELECT pg_notify('site_content_changed', '')`;
});

async function fillCard(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const form = page.getByRole("form", { name: "Add a resource" });
  await form.getByLabel("File").setInputFiles(file);
  await form.getByLabel("Title").fill(TITLE);
  await form.getByLabel("Description").fill("How to answer every kind of reply to a cold email, with the words that book the meeting.");
  await form.getByLabel("Section").selectOption("guides");
  await form.getByLabel("Icon").selectOption("compass");
  await form.getByLabel("Length").fill("1 page");
  return form;
}

test("an editor adds a PDF resource (a PNG renamed .pdf refused first), publishes it, and a visitor downloads the same file through the form", async ({
  page,
  world,
}) => {
  const pdf = await smallPdf("The reply handling playbook, uploaded in the browser.");
  await signInToPosts(page, world.editor);
  await page.goto("/console/content/resources");

  // A PNG renamed .pdf is refused beside the field, and nothing is stored.
  await fillCard(page, { name: "playbook.pdf", mimeType: "application/pdf", buffer: await smallPng() });
  await submitContentForm(page, "Add to the draft");
  await expect(page.getByRole("alert").filter({ hasText: "The resource was not added, and nothing was stored." })).toBeVisible();
  const field = page.getByRole("form", { name: "Add a resource" }).getByLabel("File");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(/is named as a PDF file, but its content is a PNG file: upload the real PDF/);
  expect(await world.sql`SELECT file FROM resource_uploads`).toEqual([]);
  expect((await world.sql`SELECT draft FROM site_content WHERE collection = 'resources'`)[0]!.draft).toBeNull();

  await fillCard(page, { name: "playbook.pdf", mimeType: "application/pdf", buffer: pdf });
  await submitContentForm(page, "Add to the draft");
  await expect(page.getByRole("status").filter({ hasText: "Resource added to the draft with its file." })).toBeVisible();
  await expect(page.getByRole("group", { name: `${resources.length + 1}. ${TITLE} (${ID}.pdf)` })).toBeVisible();

  await submitContentForm(page, "Publish now");
  await expect(page.getByRole("status").filter({ hasText: "Published: live on /resources" })).toBeVisible();

  await page.goto("/console/newsletter");
  await expect(page.getByText(`New free resource: ${TITLE}`)).toHaveCount(1);

  await page.goto("/resources");
  const card = page.getByTestId("resource-card").filter({ hasText: TITLE });
  await expect(card).toBeVisible();
  await expect(card).toContainText("PDF");
  await card.getByRole("link", { name: /Download Resource/ }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name", { exact: true }).fill("Dana Reader");
  await dialog.getByLabel("Email", { exact: true }).fill(`dana.${Date.now()}@example.com`);
  // A person takes a moment: the form's time trap holds a post filled faster than 2 s.
  await page.waitForTimeout(2100);
  const download = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Get Resource" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${ID}.pdf`);
  expect(Buffer.concat(await (await file.createReadStream()).toArray()).equals(pdf)).toBe(true);
  const [lead] =
    await world.sql`SELECT resource_id, resource_title FROM resource_leads WHERE name = 'Dana Reader' ORDER BY id DESC LIMIT 1`;
  expect(lead).toEqual({ resource_id: ID, resource_title: TITLE });

  // The editor moves it to the top, then removes it; the nine built ones offer no removal.
  await page.goto("/console/content/resources");
  await waitForHydration(page);
  await expect(page.getByText("Remove this resource")).toHaveCount(1);
  await page
    .getByRole("group", { name: `${resources.length + 1}. ${TITLE} (${ID}.pdf)` })
    .getByLabel("Position")
    .fill("1");
  await submitContentForm(page, "Publish now");
  await expect(page.getByRole("status").filter({ hasText: "Published: live on /resources" })).toBeVisible();
  await page.goto("/resources");
  // First of its section (the guides): before the guide that led it.
  const firstGuide = resources.find((resource) => resource.category === "guides")!.title;
  const titles = await page.getByTestId("resource-card").getByRole("heading").allTextContents();
  expect(titles.indexOf(TITLE)).toBe(titles.indexOf(firstGuide) - 1);

  await page.goto("/console/content/resources");
  await waitForHydration(page);
  await page
    .getByRole("group", { name: `1. ${TITLE} (${ID}.pdf)` })
    .getByLabel("Remove this resource")
    .check();
  await submitContentForm(page, "Publish now");
  await expect(page.getByRole("status").filter({ hasText: "Published: live on /resources" })).toBeVisible();
  await page.goto("/resources");
  await expect(page.getByTestId("resource-card")).toHaveCount(resources.length);
  await expect(page.getByTestId("resource-card").filter({ hasText: TITLE })).toHaveCount(0);
});
