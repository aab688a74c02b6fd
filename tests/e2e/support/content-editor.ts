// What the site-content editor's browser journeys share (/blog-admin/content, docs/decisions/035).
import type { Page } from "./test";

/** Clicks one of the editor's buttons and waits for the page the server answers the form with. */
export async function submitContentForm(page: Page, name: string) {
  const answered = page.waitForResponse(
    (response) => response.request().method() === "POST" && /\/blog-admin\/content\//.test(response.url()),
  );
  await page.getByRole("button", { name, exact: true }).click();
  await answered;
  await page.waitForLoadState();
}
