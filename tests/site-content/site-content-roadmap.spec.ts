import { getCapability } from "~/content/capabilities";
import { plans } from "~/content/plans";
import { initialRoadmapItems } from "~/content/roadmap";
import { expect, signInToPosts, test } from "../support/browser/console-fixture";
import { expectNoAxeViolations } from "../support/browser/axe";
import type { Page } from "../support/browser/test";
import { switchTheme } from "../support/browser/theme";
import { offeredPrices, openCollection, submitContentForm } from "../support/browser/content-editor";

// The plans and the roadmap as an editor changes them in the browser (/console/content, docs/decisions/035): a price
// seen on /pricing and in its Product data; a roadmap item moved from planned to completed, then sold on /features,
// /pricing (once a plan lists it) and marked completed on /roadmap; a plan selling a planned capability refused beside
// its list. On the worker's PostgreSQL server, whose content is put back after each test. The second instance and both
// databases: tests/site-content/site-content-roadmap.test.ts.

const LEMLIST = getCapability("lemlist").label;
const SLACK = getCapability("slack-notifications").label;
const lemlistItem = initialRoadmapItems().find((item) => item.capability === "lemlist")!;

test.afterEach(async ({ world }) => {
  await world.sql`UPDATE site_content SET published = ${world.sql.json(JSON.parse(JSON.stringify(plans)))}, draft = NULL WHERE collection = 'plans'`;
  await world.sql`UPDATE site_content SET published = ${world.sql.json(JSON.parse(JSON.stringify(initialRoadmapItems())))}, draft = NULL WHERE collection = 'roadmap'`;
  await world.sql`SELECT pg_notify('site_content_changed', '')`;
});

/** Adds a line to Starter's list in the plans' editor. */
async function addToStarter(page: Page, line: string) {
  const list = page.getByRole("group", { name: "1. Starter" }).getByLabel("What it includes (one a line)");
  await list.fill(`${await list.inputValue()}\n${line}`);
  return list;
}

test("moving a roadmap item to completed sells its capability on /features, /pricing and /roadmap", async ({ page, world }) => {
  // Seen at once on a second instance too: tests/site-content/site-content-roadmap.test.ts, on both databases.
  await page.goto("/features");
  const featuresPoint = page.locator("#feature-grid li li").filter({ hasText: LEMLIST });
  await expect(featuresPoint).toContainText("Planned");

  await signInToPosts(page, world.editor);
  await page.goto("/console/content/roadmap");
  // Planned since September 2025, over a year: the editor is told beside the status (decision 035, 2026-11-29).
  const status = page.getByRole("group", { name: new RegExp(lemlistItem.name) }).getByLabel("Status");
  await expect(status).toHaveAccessibleDescription(
    `“${lemlistItem.name}” has been Planned since September 2025, over a year: update its status, or its month if it was planned again since.`,
  );
  for (const theme of ["light", "dark"] as const) {
    await switchTheme(page, theme);
    await expectNoAxeViolations(page);
  }
  await status.selectOption("Completed");
  await submitContentForm(page, "Publish now");
  await expect(page.getByRole("status").filter({ hasText: "Published" })).toBeVisible();
  await expect(status).not.toHaveAccessibleDescription(/has been Planned/);
  await checkEverywhere(page);
});

/** The first instance: the capability sold on every page, then a plan may list it. */
async function checkEverywhere(page: Page) {
  const featuresPoint = page.locator("#feature-grid li li").filter({ hasText: LEMLIST });

  await page.goto("/roadmap");
  await expect(page.locator(`[id="${lemlistItem.id}"]`)).toContainText("Completed");
  await page.goto("/features");
  await expect(featuresPoint).toHaveText(LEMLIST);
  await page.goto("/");
  await expect(page.locator("#integrations li").filter({ hasText: "lemlist" })).toContainText("Available");

  // Now a plan may sell it: /pricing lists it on the card, checked.
  await page.goto("/console/content/plans");
  await addToStarter(page, LEMLIST);
  await submitContentForm(page, "Publish now");
  await expect(page.getByRole("status").filter({ hasText: "Published" })).toBeVisible();
  await page.goto("/pricing");
  await expect(page.getByRole("group", { name: "Starter" }).getByRole("listitem").filter({ hasText: LEMLIST })).toHaveText(LEMLIST);
}

test("a plan selling a planned capability is refused beside its list, /pricing unchanged; a price changed is on /pricing and in its Product data", async ({
  page,
  world,
}) => {
  await signInToPosts(page, world.editor);
  await openCollection(page, "Plans");
  const list = await addToStarter(page, SLACK);
  await submitContentForm(page, "Publish now");
  await expect(page.getByRole("alert").filter({ hasText: "Not published" })).toBeVisible();
  await expect(
    page.getByText(`"${SLACK}" is planned on the roadmap: a plan can sell it once its roadmap item is Completed.`),
  ).toBeVisible();
  await expect(list).toHaveAttribute("aria-invalid", "true");
  await expect(list).toHaveValue(new RegExp(`${SLACK}$`));

  await page.goto("/pricing");
  await expect(page.getByRole("group", { name: "Starter" })).not.toContainText(SLACK);

  // The price: published from the same form, with two decimals on the page and in its Product data (both databases and
  // a second instance: tests/site-content/site-content-roadmap.test.ts).
  await page.goto("/console/content/plans");
  const professional = page.getByRole("group", { name: "2. Professional" });
  await test.step("the price's hint and the cost per credit follow what is typed, before anything is saved", async () => {
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
    await professional.getByLabel("Price a month (US dollars)").fill("64.5");
    await expect(professional.getByText("Shown with two decimals: 64.5 reads $64.50.")).toBeVisible();
    // 64.50 / 250 credits, to the cent.
    await expect(professional.getByRole("status", { name: "Cost per credit" })).toHaveText("$0.26");
    await professional.getByLabel("Credits a month").fill("300");
    await expect(professional.getByRole("status", { name: "Cost per credit" })).toHaveText("$0.22");
    await professional.getByLabel("Credits a month").fill("250");
    for (const theme of ["light", "dark"] as const) {
      await switchTheme(page, theme);
      await expectNoAxeViolations(page);
    }
  });
  await submitContentForm(page, "Publish now");
  await expect(page.getByRole("status").filter({ hasText: "Published: live on /pricing" })).toBeVisible();
  await page.goto("/pricing");
  await expect(page.getByRole("group", { name: "Professional" }).getByText("$64.50", { exact: true })).toBeVisible();
  await expect(page.getByRole("group", { name: "Professional" }).getByText("$0.26", { exact: true })).toBeVisible();
  expect((await offeredPrices(page)).Professional).toBe("64.50");
});
