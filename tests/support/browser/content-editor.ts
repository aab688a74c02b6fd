// What the site-content editor's browser journeys share (/console/content, docs/decisions/035).
import { expect, waitForHydration, type Page } from "./test";

/**
 * Opens a collection's form from the console's menu, as an editor would. Each link may load a new document (the console
 * is server-rendered first), and what is typed before React hydrates the form is reset by the hydration: so each step
 * waits for its page's heading, then for React, before the next click or keystroke.
 */
export async function openCollection(page: Page, title: string) {
  await page.getByRole("link", { name: "Site content" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Site content" })).toBeVisible();
  await waitForHydration(page);
  await page.getByRole("link", { name: title, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await waitForHydration(page);
}

/** Clicks one of the editor's buttons and waits for the page the server answers the form with. */
export async function submitContentForm(page: Page, name: string) {
  const answered = page.waitForResponse(
    (response) => response.request().method() === "POST" && /\/console\/content\//.test(response.url()),
  );
  await page.getByRole("button", { name, exact: true }).click();
  await answered;
  await page.waitForLoadState();
}

/** The prices /pricing's Product data offers, as a search engine reads them. */
export async function offeredPrices(page: Page) {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  const product = scripts.map((text) => JSON.parse(text) as { "@type": string; offers?: { name: string; price: string }[] });
  return Object.fromEntries(product.find((entry) => entry["@type"] === "Product")!.offers!.map((offer) => [offer.name, offer.price]));
}
