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
 * second navigation, and waits until the colours that follow the theme have settled: links and buttons ease their
 * colours (Tailwind's transition-colors), and axe reading them halfway finds contrasts no reader sees for long. Works on
 * every page, with a dialog open or not.
 */
export async function switchTheme(page: Page, theme: "light" | "dark") {
  await page.evaluate(async (value) => {
    const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    // Sections far below the fold are laid out only near the screen (decision 016): their colours would change, and
    // ease, only when axe's helper renders them. Rendered first, they switch with the rest.
    for (const element of document.querySelectorAll<HTMLElement>("main > section, footer")) element.style.contentVisibility = "visible";
    await frames();
    const root = document.documentElement;
    root.classList.remove("light", "dark");
    root.classList.add(value);
    root.style.colorScheme = value;
    localStorage.setItem("theme", value);
    // The transitions start at the next style update; then each runs its 150 ms (a bound, should one never end).
    await frames();
    const settled = Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    );
    await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 2_000))]);
  }, theme);
}
