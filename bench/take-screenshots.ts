import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH, startServer } from "../tests/support/serve-build";

const WIDTHS = [390, 1280] as const;
const THEMES = ["light", "dark"] as const;

export interface ShotSession {
  /** The started server's address. */
  url: string;
  /** A full-page picture of what the page shows now, as `<name>-<width>-<theme>.png`; `fullPage: false` keeps to the screen. */
  shot(name: string, options?: { fullPage?: boolean }): Promise<void>;
}

/**
 * The screenshot scripts' frame: starts the built server (with `env`) and Chromium, and runs `visit` once for each
 * width (390 and 1280 px) and theme (light, dark) in a fresh page with reduced motion; the pictures go to `outDir`.
 */
export async function takeScreenshots(
  { outDir, env = {} }: { outDir: string; env?: Record<string, string> },
  visit: (page: Page, session: ShotSession) => Promise<void>,
) {
  const dir = path.resolve(outDir);
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = await startServer(env);
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
        await visit(page, {
          url: server.url,
          async shot(name, { fullPage = true } = {}) {
            await page.screenshot({ path: path.join(dir, `${name}-${width}-${theme}.png`), fullPage });
            count += 1;
          },
        });
        await context.close();
      }
    }
    console.log(`${count} screenshots in ${path.relative(process.cwd(), dir)}/`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

/**
 * Brings in what the page leaves for later: scrolls through it so lazy images load, and renders the sections a visitor's
 * browser paints only near the screen (content-visibility: auto, app.css), which a full-page capture would show empty;
 * then back to the top.
 */
export async function renderWholePage(page: Page) {
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
