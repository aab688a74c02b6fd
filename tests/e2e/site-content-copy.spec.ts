import { initialContent } from "~/lib/site-content/collections";
import { expect, signInToPosts, test } from "./support/inbox-fixture";
import { openCollection, submitContentForm } from "./support/content-editor";

// The testimonials and the sections' copy as an editor changes them in the browser (/blog-admin/content, docs/decisions/
// 035): a testimonial edited and a section heading changed, seen at once on the pages that show them; a heading over
// the length search engines show and a picture without its alt text refused beside their field. On the worker's
// PostgreSQL server, whose content is put back after each test. With SCREENSHOTS set, the two forms at 390 and 1280 px
// in both themes go to that folder.

const initial = initialContent();

test.afterEach(async ({ inbox }) => {
  const json = (value: unknown) => inbox.sql.json(JSON.parse(JSON.stringify(value)));
  await inbox.sql`UPDATE site_content SET published = ${json(initial.testimonials)}, draft = NULL WHERE collection = 'testimonials'`;
  await inbox.sql`UPDATE site_content SET published = ${json(initial.sections)}, draft = NULL WHERE collection = 'sections'`;
  await inbox.sql`SELECT pg_notify('site_content_changed', '')`;
});

test("an editor changes a testimonial and a section heading, and sees each on the pages at once", async ({ page, inbox }) => {
  const quote = `Replies are answered before our standup now, zq${Date.now().toString(36)}, and the calls book themselves.`;
  await signInToPosts(page, inbox.editor);
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

  await page.goto("/blog-admin/content/sections");
  const steps = page.getByRole("group", { name: /Home: how it works/ });
  await steps.getByLabel("Heading").fill("Three steps to a booked call");
  await submitContentForm(page, "Publish now");
  await expect(page.getByRole("status").filter({ hasText: "Published" })).toBeVisible();
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 2, name: "Three steps to a booked call" })).toBeVisible();
});

test("a heading longer than search engines show and a picture without alt text are refused beside their field", async ({ page, inbox }) => {
  await signInToPosts(page, inbox.editor);
  await page.goto("/blog-admin/content/sections");
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

  await page.goto("/blog-admin/content/testimonials");
  const second = page.getByRole("group", { name: `2. ${initial.testimonials[1]!.name}` });
  await second.getByLabel("Picture", { exact: true }).fill("/images/og/replywise.png");
  await submitContentForm(page, "Publish now");
  const alt = second.getByLabel("Picture description (alt text)");
  await expect(alt).toHaveAttribute("aria-invalid", "true");
  await expect(second.getByText("An image needs its alt text: describe what it shows for readers who cannot see it.")).toBeVisible();
});

test("the editor's forms of both collections, at 390 and 1280 px in both themes", async ({ page, inbox }) => {
  const folder = process.env.SCREENSHOTS;
  test.skip(!folder, "SCREENSHOTS names the folder the screenshots go to");
  await signInToPosts(page, inbox.editor);
  for (const name of ["testimonials", "sections"])
    for (const width of [390, 1280])
      for (const scheme of ["light", "dark"] as const) {
        await page.setViewportSize({ width, height: 900 });
        // The theme the site's toggle keeps (the no-flash script reads it before the first paint).
        await page.evaluate((value) => localStorage.setItem("theme", value), scheme);
        await page.goto(`/blog-admin/content/${name}`);
        if (name === "testimonials") {
          // With a refusal beside its field, as an editor meets it.
          await page.getByRole("group", { name: /^1\./ }).getByLabel("Picture", { exact: true }).fill("/images/og/replywise.png");
          await submitContentForm(page, "Publish now");
        }
        await page.screenshot({ path: `${folder}/${name}-${width}-${scheme}.png`, fullPage: width === 1280 && name === "testimonials" });
      }
});
