import { expectNoAxeViolations } from "../support/browser/axe";
import { expect, signInAs, test, uniqueKey } from "../support/browser/console-fixture";
import type { Page } from "../support/browser/test";

// The redirect manager as an editor uses it (docs/decisions/034): add a redirect and follow it, be refused a loop with
// the reason beside the field, see the hits counted, and redirect a missing page from the candidates in one click.
// On PostgreSQL, beside the console.

const unique = uniqueKey;

async function addRedirect(page: Page, source: string, target: string) {
  const form = page.getByRole("form", { name: "New redirect" });
  await form.getByLabel("Old path").fill(source);
  await form.getByLabel("Target").fill(target);
  await form.getByLabel("Kind").selectOption("301");
  await form.getByRole("button", { name: "Add redirect" }).click();
}

test.describe("the redirect manager", () => {
  test("an editor adds a redirect and follows it, is refused a loop, and sees the hit counted", async ({ page, world }) => {
    const key = unique();
    const [from, other] = [`/e2e-old-${key}`, `/e2e-other-${key}`];
    await signInAs(page, world.editor);
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Redirects" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Redirects" })).toBeVisible();
    await expectNoAxeViolations(page);

    await addRedirect(page, from, "/pricing");
    await expect(page.getByRole("status")).toContainText("Added.");
    const row = page.getByRole("list", { name: "Redirects" }).getByRole("listitem").filter({ hasText: from });
    await expect(row).toContainText("→ /pricing");
    await expect(row).toContainText("0 hits");

    // Followed as a visitor would: the old address lands on the pricing page.
    await page.goto(from);
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    // from → /pricing exists; other → from is rewritten to /pricing (no chain).
    await page.goto("/console/redirects");
    await addRedirect(page, other, from);
    await expect(page.getByRole("status")).toContainText("was itself redirected");
    await expect(page.getByRole("list", { name: "Redirects" }).getByRole("listitem").filter({ hasText: other })).toContainText(
      "→ /pricing",
    );
    // loop-a → loop-b, then loop-b → loop-a: refused, the reason beside the field, what was typed kept.
    const [loopA, loopB] = [`/e2e-loop-a-${key}`, `/e2e-loop-b-${key}`];
    await addRedirect(page, loopA, loopB);
    await expect(page.getByRole("status")).toContainText("Added.");
    await addRedirect(page, loopB, loopA);
    await expect(page.getByRole("alert").first()).toContainText("Nothing was added");
    const target = page.getByRole("form", { name: "New redirect" }).getByLabel("Target");
    await expect(target).toHaveAttribute("aria-invalid", "true");
    await expect(target).toHaveAccessibleDescription(new RegExp(`This would make a loop: ${loopB} → ${loopA} → ${loopB}\\.$`));
    await expect(target).toHaveValue(loopA);
    await expectNoAxeViolations(page);

    // The hit of the visit above, written in a batch within seconds.
    await expect(async () => {
      await page.goto("/console/redirects");
      // A short wait per look: the page is the server's and never updates itself, so each try must load it again.
      await expect(page.getByRole("list", { name: "Redirects" }).getByRole("listitem").filter({ hasText: from })).toContainText("1 hit", {
        timeout: 1000,
      });
    }).toPass({ timeout: 10_000 });
  });

  test("a missing page people ask for is suggested, and redirected from the suggestion", async ({ page, world }) => {
    const missing = `/e2e-missing-${unique()}`;
    // A visitor of its own: the server keeps a few missing paths a visitor a day, and this worker's other journeys ask
    // for some with the same browser (decision 034).
    const visit = await page.request.get(missing, {
      headers: { "User-Agent": `Mozilla/5.0 (X11; Linux x86_64) Firefox/131.0 ${unique()}` },
    });
    expect(visit.status()).toBe(404);
    await signInAs(page, world.editor);
    const candidate = page.getByRole("list", { name: "Missing pages" }).getByRole("listitem").filter({ hasText: missing });
    await expect(async () => {
      await page.goto("/console/redirects");
      await expect(candidate).toContainText("1 request", { timeout: 1000 });
    }).toPass({ timeout: 10_000 });
    // The suggestion's link names its path after the words it shows (axe: label-content-name-mismatch).
    await expectNoAxeViolations(page);
    await candidate.getByRole("link", { name: `Redirect this (${missing})` }).click();
    const form = page.getByRole("form", { name: "New redirect" });
    await expect(form.getByLabel("Old path")).toHaveValue(missing);
    await expect(form.getByLabel("Target")).toBeFocused();
    await form.getByLabel("Target").fill("/features");
    await form.getByRole("button", { name: "Add redirect" }).click();
    await expect(page.getByRole("status")).toContainText("Added.");
    await expect(candidate).toHaveCount(0);
    const followed = await page.request.get(missing, { maxRedirects: 0 });
    expect([followed.status(), followed.headers().location]).toEqual([301, "/features"]);
  });
});
