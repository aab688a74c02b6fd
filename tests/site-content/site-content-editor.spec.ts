import { faq } from "~/content/faq";
import { stats } from "~/content/stats";
import { expect, signInToPosts, test } from "../support/browser/console-fixture";
import type { Page } from "../support/browser/test";
import { openCollection, submitContentForm } from "../support/browser/content-editor";

// The site's structured content as an editor changes it in the browser (/console/content, docs/decisions/035): a FAQ
// answer and a statistic published and seen at once on the pages that show them (and in the home page's FAQPage data),
// and a publication refused with the reason beside the field. On the worker's PostgreSQL server, whose content is put
// back after each test for the journeys that read the pages.

test.afterEach(async ({ world }) => {
  const initialFaq = faq.map(({ question, answer }) => ({ question, answer }));
  await world.sql`UPDATE site_content SET published = ${world.sql.json(initialFaq)}, draft = NULL WHERE collection = 'faq'`;
  await world.sql`UPDATE site_content SET published = ${world.sql.json(JSON.parse(JSON.stringify(stats)))}, draft = NULL WHERE collection = 'statistics'`;
  await world.sql`SELECT pg_notify('site_content_changed', '')`;
});

/** The home page's FAQPage structured data, as a search engine reads it. */
async function faqData(page: Page) {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  const data = scripts.map((text) => JSON.parse(text) as { "@type": string; mainEntity?: { acceptedAnswer: { text: string } }[] });
  return data.find((entry) => entry["@type"] === "FAQPage")!.mainEntity!;
}

test("an editor changes a FAQ answer and a statistic and sees each at once; a copy rule broken or a study without its source is refused beside the field", async ({
  page,
  world,
}) => {
  const marker = `Yes, and the zq${Date.now().toString(36)} reports per client.`;
  await signInToPosts(page, world.editor);
  await openCollection(page, "FAQ");

  const entry = page.getByRole("group", { name: faq[3].question });
  await entry.getByLabel("Answer").fill(marker);
  await submitContentForm(page, "Publish now");
  await expect(page.getByRole("status").filter({ hasText: "Published: live on /" })).toBeVisible();

  await page.goto("/");
  await expect(page.locator("#faq").getByText(marker)).toBeAttached();
  expect((await faqData(page))[3]!.acceptedAnswer.text).toBe(marker);

  await page.goto("/console/content/statistics");
  const hours = page.getByRole("group", { name: /hours saved every week/ });
  await hours.getByLabel("Figure").fill("33+");
  await submitContentForm(page, "Publish now");
  await expect(page.getByRole("status").filter({ hasText: "Published" })).toBeVisible();
  await page.goto("/features");
  await expect(page.locator("#results").getByText("33+", { exact: true })).toBeVisible();
  await page.goto("/");
  await expect(page.getByText("Our target: 33+ hours a week for a busy team.")).toBeVisible();

  // A publication that breaks a copy rule is refused with the reason beside the field, and the page is unchanged.
  await page.goto("/console/content/faq");
  const refused = page.getByRole("group", { name: faq[2].question });
  const answer = refused.getByLabel("Answer");
  await answer.fill("Every plan starts at $15 a month.");
  await submitContentForm(page, "Publish now");
  await expect(page.getByRole("alert").filter({ hasText: "Not published" })).toBeVisible();
  // Beside the field, tied to it for a screen reader, with what was typed kept.
  const reason = refused.getByText('price "$15" without two decimals: write "$15.00"');
  await expect(reason).toBeVisible();
  await expect(answer).toHaveAttribute("aria-invalid", "true");
  await expect(answer).toHaveAccessibleDescription(/without two decimals/);
  await expect(answer).toHaveValue("Every plan starts at $15 a month.");

  await page.goto("/");
  await expect(page.locator("#faq").getByText("Every plan starts at $15")).toHaveCount(0);

  // The statistics need their source before they are published.
  await page.goto("/console/content/statistics");
  const study = page.getByRole("group", { name: /higher odds of reaching an inbound web lead/ });
  await study.getByLabel("Source address").fill("");
  await submitContentForm(page, "Publish now");
  await expect(study.getByText("A study's figure needs its source: link to the study.")).toBeVisible();
});

test("a long form keeps its height as it is scrolled, so the button about to be clicked stays where it was", async ({ page, world }) => {
  await signInToPosts(page, world.editor);
  await page.goto("/console/content/plans");
  const height = () => page.evaluate(() => document.documentElement.scrollHeight);
  const before = await height();
  expect(before).toBeGreaterThan(2 * (page.viewportSize()?.height ?? 0));
  const publish = page.getByRole("button", { name: "Publish now", exact: true });
  await publish.scrollIntoViewIfNeeded();
  const box = await publish.boundingBox();
  // Two frames: what the browser lays out only near the screen has been laid out by then.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await height()).toBe(before);
  expect(await publish.boundingBox()).toEqual(box);
});
