import { faq } from "~/content/faq";
import { OUTBOUND_PATHS } from "~/content/outbound";
import { featureCards } from "~/content/features";
import { initialAvailability } from "~/content/roadmap";
import { publicConfig, readEnv } from "~/lib/env.server";
import { expectNoAxeViolations } from "../support/browser/axe";
import { expectScenesShownAndHidden, sceneAnimations, scenesIn } from "../support/browser/scenes";
import { expect, test, type Page } from "../support/browser/test";
import { switchTheme } from "../support/browser/theme";

// What the public pages do in a browser: the FAQ's keyboard, the product scenes and their motion, the live chat's hours,
// the resources' anchors and columns, the login page's explanation, the demo's calendar. What they say and where their
// links lead is read from the served HTML (tests/site/pages.test.ts); what a phone's width changes is in
// phone-layout.spec.ts.

const config = publicConfig(readEnv());
const bookingOrigin = new URL(config.bookingScriptUrl).origin;

test("home and features: the FAQ opens and closes by keyboard; the product scenes show, hidden from assistive technology, and move only when allowed", async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: "no-preference" });
  await page.goto("/");
  const section = page.getByRole("region", { name: "Frequently Asked Questions" });
  const answer = section.getByText(faq[0]!.answer);
  await expect(answer).toBeHidden();
  await section.locator("summary").first().focus();
  await page.keyboard.press("Enter");
  await expect(answer).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press("Space");
  await expect(answer).toBeHidden();

  const hero = page.locator("section").filter({ has: page.getByRole("heading", { level: 1 }) });
  await expectScenesShownAndHidden(scenesIn(hero), ["inbox"]);
  await expect(scenesIn(hero)).toContainText("Meeting booked");
  await expectScenesShownAndHidden(scenesIn(page.getByRole("region", { name: "How It Works" })), ["webhook", "reply", "sequence"]);
  // The pictures add no names, headings or list items to the page's outline.
  await expect(hero.getByRole("listitem")).toHaveCount(3);
  await expect(page.getByRole("heading", { name: "Meeting booked" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  expect(await sceneAnimations(page)).toBeGreaterThan(0);
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.reload();
  expect(await sceneAnimations(page)).toBe(0);

  await page.goto("/features");
  const features = featureCards(initialAvailability);
  const grid = page.getByRole("region", { name: "Features" });
  await expectScenesShownAndHidden(
    scenesIn(grid),
    features.map((feature) => feature.scene),
  );
  expect(await sceneAnimations(page)).toBe(0);
  await expectNoAxeViolations(page);
});

test("contact: live chat shows Online now during Pacific office hours, and Offline now outside them", async ({ page }) => {
  // Tuesday 10:30 in Los Angeles (17:30 UTC in July).
  await page.clock.setFixedTime(new Date("2025-07-15T17:30:00Z"));
  await page.goto("/contact");
  await expect(page.getByRole("status").filter({ hasText: /now/ })).toHaveText("Online now");
  // Tuesday 18:00 in Los Angeles.
  await page.clock.setFixedTime(new Date("2025-07-16T01:00:00Z"));
  await page.reload();
  await expect(page.getByRole("status").filter({ hasText: /now/ })).toHaveText("Offline now");
});

test("resources: the hero's anchors scroll to each section, the newsletter follows the grids, and the grids have 1, 2 or 3 columns by width", async ({
  page,
}) => {
  const columns = (grid: string) =>
    page
      .getByTestId(grid)
      .locator(":scope > li")
      .evaluateAll((items) => new Set(items.map((item) => Math.round(item.getBoundingClientRect().left))).size);
  await page.goto("/resources");
  const nav = page.getByRole("navigation", { name: "Resource sections" });
  for (const [id, title] of [
    ["templates", "Cold Email Templates"],
    ["guides", "Deliverability Guides"],
    ["tools", "Practical Tools"],
  ] as const) {
    await nav.getByRole("link", { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`#${id}$`));
    await expect(page.getByRole("heading", { level: 2, name: title })).toBeInViewport();
  }
  const toolsBottom = (await page.getByTestId("tools-grid").boundingBox())!;
  const newsletterTop = (await page.getByRole("region", { name: "Get new resources first" }).boundingBox())!;
  expect(newsletterTop.y).toBeGreaterThan(toolsBottom.y + toolsBottom.height);
  // The page's cards at each width (the layout follows the viewport without a reload).
  for (const [width, count] of [
    [1280, 3],
    [800, 2],
    [390, 1],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    for (const grid of ["templates-grid", "guides-grid", "tools-grid"])
      await expect.poll(() => columns(grid), `${grid} at ${width} px`).toBe(count);
  }
});

test("login: Sign in explains itself, on the served page and on the page React renders; a typed password goes nowhere", async ({
  page,
  context,
}) => {
  const SECRET = "Tr0ub4dor&3-never-leaves";
  const EMAIL = "visitor@company.example";
  const consoleMessages: string[] = [];
  const requests: string[] = [];
  page.on("console", (message) => consoleMessages.push(message.text()));
  page.on("request", (request) => requests.push(`${request.method()} ${request.url()} ${request.postData() ?? ""}`));

  // The served page runs its one behaviour from an inline script (decision 031).
  await page.goto("/login");
  await page.getByLabel("Email").fill(EMAIL);
  await page.getByLabel("Password").fill(SECRET);
  await page.getByLabel("Password").press("Enter");
  await expect(page.getByText("Nothing was sent.")).toBeVisible();
  await expect(page.getByRole("link", { name: /^Sign in to the app/ })).toBeVisible();
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The explained state stays accessible in the dark theme.
  await switchTheme(page, "dark");
  await expectNoAxeViolations(page);
  // Navigate away and back so any deferred write would have happened.
  await page.getByRole("link", { name: "Get started for free" }).click();
  await expect(page).toHaveURL(/\/register$/);

  const storage = await page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } }));
  const cookies = JSON.stringify(await context.cookies());
  for (const haystack of [...consoleMessages, ...requests, storage, cookies]) {
    expect(haystack).not.toContain(SECRET);
    expect(haystack).not.toContain(encodeURIComponent(SECRET));
    expect(haystack).not.toContain(EMAIL);
  }
  expect(requests.filter((request) => request.startsWith("POST"))).toEqual([]);
});

/** The booking service's embed script, served here: it marks the element it fills with what it read. */
async function stubEmbed(page: Page, delayMs = 0) {
  await page.route(`${config.bookingScriptUrl}*`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.fulfill({
      contentType: "text/javascript",
      body: `document.querySelectorAll("[data-booking-embed]").forEach(function (el) {
          var marker = document.createElement("p");
          marker.id = "fake-booking-widget";
          marker.textContent = "Calendar for " + el.getAttribute("data-view") + " " + el.getAttribute("data-duration");
          el.appendChild(marker);
        });`,
    });
  });
}

test("demo: nothing of the booking service loads before the click; its calendar, its loading state, and the fallback when it cannot load", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const seen: string[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith(bookingOrigin)) seen.push(request.url());
  });
  const box = page.locator("[data-embed-state]");
  const load = page.getByRole("button", { name: "Load booking calendar" });

  await test.step("nothing loads before the click; the placeholder is 700 px", async () => {
    await page.goto("/demo");
    await expect(box).toHaveAttribute("data-embed-state", "idle");
    expect((await box.boundingBox())?.height).toBe(700);
    await page.waitForLoadState("networkidle");
    expect(seen).toEqual([]);
  });

  await test.step("without routing, this offline machine gets the fallback", async () => {
    await load.click();
    await expect(page.getByRole("alert")).toContainText("The calendar could not load", { timeout: 15_000 });
  });

  await test.step("when the script cannot load, a direct link to the booking page replaces it, at the same height", async () => {
    await page.route(`${config.bookingScriptUrl}*`, (route) => route.abort("internetdisconnected"));
    await page.reload();
    await load.click();
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("The calendar could not load");
    // Through the site's redirect, which counts the click: its target is read in tests/site/pages.test.ts.
    const link = alert.getByRole("link", { name: /^Open the booking page/ });
    await expect(link).toHaveAttribute("href", OUTBOUND_PATHS.book);
    await expect(link).toHaveAttribute("target", "_blank");
    expect((await box.boundingBox())?.height).toBe(700);
    await expectNoAxeViolations(page);
    await page.unrouteAll();
  });

  await test.step("while the calendar loads the button says so and cannot be pressed again; then it fills the 700 px in month view for 30 minutes", async () => {
    await stubEmbed(page, 1500);
    await page.reload();
    seen.length = 0;
    await load.click();
    await expect(page.getByRole("button", { name: "Loading calendar..." })).toBeDisabled();
    await expect(box).toHaveAttribute("data-embed-state", "loading");
    await expect(box).toHaveAttribute("data-embed-state", "ready");
    await expect(page.locator("#fake-booking-widget")).toHaveText("Calendar for month 30");
    await expect(page.getByRole("region", { name: "Booking calendar" })).toHaveAttribute("data-url", /view=month/);
    expect((await box.boundingBox())?.height).toBe(700);
    expect(seen.filter((url) => url.startsWith(config.bookingScriptUrl))).toHaveLength(1);
  });
});
