import type { Page } from "@playwright/test";

/** Stores a theme choice before any page script runs, as a returning visitor would have it. */
export async function storeTheme(page: Page, theme: "light" | "dark") {
  await page.addInitScript((value) => window.localStorage.setItem("theme", value), theme);
}

export async function htmlThemeClass(page: Page) {
  return page.evaluate(() =>
    document.documentElement.classList.contains("dark") ? "dark" : document.documentElement.classList.contains("light") ? "light" : "none",
  );
}

/**
 * Switches the open page to a theme as the toggle does (the class, the color scheme and the stored choice), without a
 * second navigation and without the toggle's transition, so axe reads the colours as they settle. Works on every page,
 * with a dialog open or not.
 */
export async function switchTheme(page: Page, theme: "light" | "dark") {
  await page.evaluate((value) => {
    const root = document.documentElement;
    root.classList.remove("light", "dark");
    root.classList.add(value);
    root.style.colorScheme = value;
    localStorage.setItem("theme", value);
  }, theme);
}
