import { expect, test } from "../support/browser/test";

// The dialogs' code loads on first use (decision 006). On a slow connection the first click after hydration still
// opens the dialog: it waits for the code instead of falling back to the link's page.

test.describe("dialogs on a slow connection", () => {
  test.beforeEach(async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    // About "slow 3G": 400 kbit/s down, 400 ms of latency.
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 400,
      downloadThroughput: 50_000,
      uploadThroughput: 50_000,
    });
  });

  test("the feature request dialog and a download dialog each open on the first click", async ({ page }) => {
    test.setTimeout(150_000);
    await page.goto("/roadmap", { timeout: 60_000 });
    await page.getByRole("link", { name: "Request Feature" }).click();
    await expect(page.getByRole("dialog", { name: "Request a Feature" })).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(/\/roadmap$/);

    await page.goto("/resources", { timeout: 60_000 });
    await page
      .getByRole("link", { name: /Download Resource/ })
      .first()
      .click();
    await expect(page.getByRole("dialog")).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(/\/resources$/);
  });
});
