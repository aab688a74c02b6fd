// Every public page at phone and desktop width, light and dark, into reports/screenshots/.
//   npm run screenshots                 all pages of app/content/paths.ts
//   npm run screenshots -- /pricing     chosen pages
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { publicPages } from "../app/content/paths";
import { CHROMIUM_FLAGS, CHROMIUM_PATH, startServer } from "./support/serve-build";

const WIDTHS = [390, 1280] as const;
const THEMES = ["light", "dark"] as const;

const chosen = process.argv.slice(2).filter((arg) => arg.startsWith("/"));
const targets = chosen.length > 0 ? chosen : publicPages.map((page) => page.path);
const outDir = path.resolve("reports/screenshots");
mkdirSync(outDir, { recursive: true });

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

const server = await startServer();
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_FLAGS.filter((flag) => !flag.startsWith("--headless")),
});
try {
  for (const width of WIDTHS) {
    for (const theme of THEMES) {
      const context = await browser.newContext({ viewport: { width, height: width < 768 ? 844 : 800 }, reducedMotion: "reduce" });
      await context.addInitScript((value) => localStorage.setItem("theme", value), theme);
      const page = await context.newPage();
      for (const target of targets) {
        await page.goto(`${server.url}${target}`, { waitUntil: "networkidle" });
        await renderWholePage(page);
        const name = `${target === "/" ? "home" : target.slice(1).replace(/\//g, "_")}-${width}-${theme}.png`;
        await page.screenshot({ path: path.join(outDir, name), fullPage: true });
      }
      await context.close();
    }
  }
  console.log(`${targets.length * WIDTHS.length * THEMES.length} screenshots in ${path.relative(process.cwd(), outDir)}/`);
} finally {
  await browser.close();
  await server.stop();
}
