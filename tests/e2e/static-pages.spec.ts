import { expect, test, type Page } from "./support/test";
import { htmlThemeClass } from "./support/theme";

// Pages served without hydration (decision 012): no app script at all, and the frame still works through its inline script.

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

test.describe("a page without hydration", () => {
  // Login and the demo run their one behaviour from an inline page script (decision 031); the blog lists are in blog.spec.ts.
  for (const path of ["/privacy", "/", "/login", "/demo", "/demo/booked"]) {
    test(`asks for no script and never hydrates (${path})`, async ({ page }) => {
      const scripts: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.push(request.url());
      });
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      expect(scripts).toEqual([]);
      await expect(page.locator('script[type="module"], link[rel="modulepreload"]')).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(false);
    });
  }

  test("switches the theme and keeps the choice", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/features");
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    expect(await htmlThemeClass(page)).toBe("dark");
    await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
  });

  test("opens the menu, closes it on Escape and gives focus back", { tag: "@mobile" }, async ({ page }) => {
    test.skip(!isMobile(page), "the menu button shows on small screens only");
    await page.goto("/about");
    const button = page.getByRole("button", { name: "Open menu" });
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await button.click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute("aria-expanded", "false");
  });

  test("leads on with plain links, and a hydrated page leads to it without a reload", async ({ page }) => {
    await page.goto("/pricing");
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy", exact: true }).click();
    await expect(page).toHaveURL("/privacy");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // /contact hydrates (its form); /login, the page this used before, no longer does (decision 031).
    await page.goto("/contact");
    await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms", exact: true }).click();
    await expect(page).toHaveURL("/terms");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
  });
});
