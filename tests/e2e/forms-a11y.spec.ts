import { expect, test } from "./support/test";
import { expectNoAxeViolations } from "./support/axe";
import { storeTheme } from "./support/theme";

// The form pages (for visitors without JavaScript) and the two dialogs: no axe violations in either theme,
// and the dialogs work from the keyboard.

const formPages = ["/forms/contact", "/forms/feature-request", "/forms/newsletter", "/forms/download?resource=cold-email-templates"];

for (const theme of ["light", "dark"] as const) {
  test(`form pages have no axe violations (${theme})`, { tag: "@mobile" }, async ({ page }) => {
    await storeTheme(page, theme);
    for (const path of formPages) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });

  test(`open dialogs have no axe violations (${theme})`, { tag: "@mobile" }, async ({ page }) => {
    await storeTheme(page, theme);
    await page.goto("/roadmap");
    await page.getByRole("link", { name: "Request Feature" }).click();
    await expect(page.getByRole("dialog", { name: "Request a Feature" })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto("/resources");
    await page
      .getByRole("link", { name: /Download Resource/ })
      .first()
      .click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

test("the feature request dialog opens, traps and returns focus with the keyboard", { tag: "@mobile" }, async ({ page }) => {
  await page.goto("/roadmap");
  const trigger = page.getByRole("link", { name: "Request Feature" });
  await trigger.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Request a Feature" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Name")).toBeFocused();
  for (let i = 0; i < 12; i++) await page.keyboard.press("Tab");
  expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
});

// Issue 38: at 390 px the dialog sat 1 rem from the screen's edges and read as touching them.
test("the feature request dialog keeps a clear margin on every side of a phone's screen", { tag: "@mobile" }, async ({ page }) => {
  await page.goto("/roadmap");
  await page.getByRole("link", { name: "Request Feature" }).click();
  const dialog = page.getByRole("dialog", { name: "Request a Feature" });
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  const { width, height } = page.viewportSize()!;
  for (const margin of [box.x, box.y, width - box.x - box.width, height - box.y - box.height]) expect(margin).toBeGreaterThanOrEqual(20);
  // Taller than the screen, the form scrolls inside the dialog, to its last line.
  await dialog.evaluate((node) => node.scrollTo(0, node.scrollHeight));
  await expect(dialog.getByRole("button", { name: "Submit Request" })).toBeInViewport();
});
