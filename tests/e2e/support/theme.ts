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
