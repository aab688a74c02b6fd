import { initialContent } from "~/features/site-content";
import { expect, signInToPosts, test } from "../support/browser/console-fixture";
import { openCollection, submitContentForm } from "../support/browser/content-editor";

// The testimonials and the sections' copy as an editor changes them in the browser (/console/content, docs/decisions/
// 035): a testimonial edited and a section heading changed, seen at once on the pages that show them; a heading over
// the length search engines show and a picture without its alt text refused beside their field. On the worker's
// PostgreSQL server, whose content is put back after each test. The two forms at 390 and 1280 px in both themes, a
// refusal shown, as pictures to look at: `npm run screenshots:console` (bench/screenshots-console.ts).

const initial = initialContent();

test.afterEach(async ({ world }) => {
  const json = (value: unknown) => world.sql.json(JSON.parse(JSON.stringify(value)));
  await world.sql`UPDATE site_content SET published = ${json(initial.testimonials)}, draft = NULL WHERE collection = 'testimonials'`;
  await world.sql`UPDATE site_content SET published = ${json(initial.sections)}, draft = NULL WHERE collection = 'sections'`;
  await world.sql`SELECT pg_notify('site_content_changed', '')`;
});

test("an editor changes a testimonial and a section heading, sees each on the pages at once, and is refused a heading too long or a picture without alt text", async ({
  page,
  world,
}) => {
  const quote = `Replies are answered before our standup now, zq${Date.now().toString(36)}, and the calls book themselves.`;
  await signInToPosts(page, world.editor);
  await openCollection(page, "Testimonials");

  const first = page.getByRole("group", { name: `1. ${initial.testimonials[0]!.name}` });
  await first.getByLabel("Quote", { exact: true }).fill(quote);
  await first.getByLabel("Company").fill("Northwind Outbound");
  await submitContentForm(page, "Publish now");
  await expect(page.getByRole("status").filter({ hasText: "Published: live on / and /register" })).toBeVisible();

  await page.goto("/");
  const card = page.locator("#testimonials").getByRole("listitem").first();
  await expect(card.getByText(quote)).toBeVisible();
  await expect(card.getByText(`${initial.testimonials[0]!.role}, Northwind Outbound`)).toBeVisible();
  await page.goto("/register");
  await expect(page.getByText(quote)).toBeVisible();

  await page.goto("/console/content/sections");
  const steps = page.getByRole("group", { name: /Home: how it works/ });
  await steps.getByLabel("Heading").fill("Three steps to a booked call");
  await submitContentForm(page, "Publish now");
  await expect(page.getByRole("status").filter({ hasText: "Published" })).toBeVisible();
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 2, name: "Three steps to a booked call" })).toBeVisible();

  // A heading longer than search engines show and a picture without alt text are refused beside their field.
  await page.goto("/console/content/sections");
  const hero = page.getByRole("group", { name: /Home: the hero/ });
  const heading = hero.getByLabel("Heading");
  const long = "Human-Like Inbox Management for every one of your cold email replies";
  await heading.fill(long);
  await submitContentForm(page, "Publish now");
  await expect(page.getByRole("alert").filter({ hasText: "Not published" })).toBeVisible();
  await expect(heading).toHaveAttribute("aria-invalid", "true");
  await expect(heading).toHaveAccessibleDescription(new RegExp(`At most 60 characters.*this one has ${long.length}`));
  await expect(heading).toHaveValue(long);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(initial.sections[0]!.title);

  await page.goto("/console/content/testimonials");
  const second = page.getByRole("group", { name: `2. ${initial.testimonials[1]!.name}` });
  await second.getByLabel("Picture", { exact: true }).fill("/images/og/replywise.png");
  await submitContentForm(page, "Publish now");
  const alt = second.getByLabel("Picture description (alt text)");
  await expect(alt).toHaveAttribute("aria-invalid", "true");
  await expect(second.getByText("An image needs its alt text: describe what it shows for readers who cannot see it.")).toBeVisible();
});
