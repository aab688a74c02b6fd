// Every public page at phone and desktop width, light and dark, into reports/screenshots/.
//   npm run screenshots                 all pages of app/content/paths.ts
//   npm run screenshots -- /pricing     chosen pages
import type { Page } from "@playwright/test";
import { publicPages } from "../app/content/paths";
import { takeScreenshots } from "./take-screenshots";

const chosen = process.argv.slice(2).filter((arg) => arg.startsWith("/"));
const targets = chosen.length > 0 ? chosen : publicPages.map((page) => page.path);

/**
 * Brings in what the page leaves for later: scrolls through it so lazy images load, and renders the sections a visitor's
 * browser paints only near the screen (content-visibility: auto, app.css), which a full-page capture would show empty;
 * then back to the top.
 */
async function renderWholePage(page: Page) {
  await page.evaluate(async () => {
    for (const element of document.querySelectorAll<HTMLElement>("main > *, footer")) {
      if (getComputedStyle(element).contentVisibility === "auto") element.style.contentVisibility = "visible";
    }
    for (let y = 0; y < document.body.scrollHeight; y += 500) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState("networkidle");
}

await takeScreenshots({ outDir: "reports/screenshots" }, async (page, { url, shot }) => {
  for (const target of targets) {
    await page.goto(`${url}${target}`, { waitUntil: "networkidle" });
    await renderWholePage(page);
    await shot(target === "/" ? "home" : target.slice(1).replace(/\//g, "_"));
  }
});
