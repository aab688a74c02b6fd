import { expect, pgliteTest, signInToPosts } from "./support/inbox-fixture";
import { openCollection, offeredPrices, submitContentForm } from "./support/content-editor";
import { waitForHydration } from "./support/test";

// The content editor on PGlite, the database a single server keeps in its folder (issue 36: the editor's journeys on both
// databases; the others run on PostgreSQL, where the test can read the rows). The worker's PGlite server has no SQL door
// while it runs, so the journey puts the price back through the editor.
pgliteTest("on PGlite too, an editor changes a price and sees it on /pricing and in its Product data", async ({ page, pglite }) => {
  await signInToPosts(page, pglite.editor);
  await openCollection(page, "Plans");
  const price = () => page.getByRole("group", { name: "2. Professional" }).getByLabel("Price a month (US dollars)");
  const before = await price().inputValue();
  await price().fill("64.5");
  await submitContentForm(page, "Publish now");
  await expect(page.getByRole("status").filter({ hasText: "Published: live on /pricing" })).toBeVisible();

  await page.goto("/pricing");
  await expect(page.getByRole("group", { name: "Professional" }).getByText("$64.50", { exact: true })).toBeVisible();
  expect((await offeredPrices(page)).Professional).toBe("64.50");

  await page.goto("/blog-admin/content/plans");
  await waitForHydration(page);
  await price().fill(before);
  await submitContentForm(page, "Publish now");
  await expect(page.getByRole("status").filter({ hasText: "Published: live on /pricing" })).toBeVisible();
  await page.goto("/pricing");
  expect((await offeredPrices(page)).Professional).toBe(Number(before).toFixed(2));
});
