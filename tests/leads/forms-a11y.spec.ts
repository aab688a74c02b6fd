import { expect, test } from "../support/browser/test";

// The dialogs work from the keyboard. axe on the form pages and the open dialogs, in both themes and at both widths, is
// in routes.spec.ts; the dialog's margins at a phone's width in phone-layout.spec.ts.

test("the feature request dialog opens, traps and returns focus with the keyboard", async ({ page }) => {
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
