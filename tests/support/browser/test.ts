import { test as base, type Page } from "@playwright/test";
import { worlds, type Worlds } from "./worlds";

/**
 * Resolves once React has hydrated the page (app/root.tsx marks `<html data-hydrated>`) and every form in it (their
 * code loads after the page's, decision 006; LeadForm marks `data-enhanced`), or at once on a page that carries no
 * app script (decision 012): there the frame's inline script is all there is.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () =>
      (document.documentElement.hasAttribute("data-hydrated") && !document.querySelector("form[data-lead-form]:not([data-enhanced])")) ||
      !document.querySelector('script[type="module"], script[type="text/x-deferred-module"]'),
  );
}

/**
 * The site's scripts load after the first paint (docs/decisions/004), and a click that comes before them takes
 * the no-JavaScript path: a link instead of a dialog. So with JavaScript on, `page.goto` and `page.reload` return
 * once the page is hydrated. A test that blocks the scripts on purpose sets `test.use({ awaitHydration: false })`.
 * Every spec's `test` is this one or extends it with test-scoped fixtures only, so all specs of a project share worker
 * processes (./worlds.ts).
 */
export const test = base.extend<{ awaitHydration: boolean }, Worlds>({
  ...worlds,
  awaitHydration: [true, { option: true }],
  page: async ({ page, awaitHydration, javaScriptEnabled }, provide) => {
    if (awaitHydration && javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        await waitForHydration(page);
        return response;
      };
      page.reload = async (options) => {
        const response = await reload(options);
        await waitForHydration(page);
        return response;
      };
    }
    await provide(page);
  },
});

export { expect, type Locator, type Page } from "@playwright/test";
