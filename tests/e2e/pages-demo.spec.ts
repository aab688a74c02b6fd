import { expect, test, waitForHydration, type Page } from "./support/test";
import { OUTBOUND_PATHS } from "~/content/outbound";
import { publicConfig, readEnv } from "~/lib/env.server";
import { expectNoAxeViolations } from "./support/axe";

const config = publicConfig(readEnv());
const bookingOrigin = new URL(config.bookingScriptUrl).origin;

async function watchBookingRequests(page: Page) {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith(bookingOrigin)) seen.push(request.url());
  });
  return seen;
}

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

test.describe("demo page", () => {
  test("explains the demo and offers the phone and Get Started", async ({ page }) => {
    await page.goto("/demo");
    await expect(page.getByRole("heading", { name: "30-minute personalized demo" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Flexible scheduling" })).toBeVisible();
    await expect(page.getByText(/confirmed within 24 hours/)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Q&A session" })).toBeVisible();
    await expect(page.getByRole("link", { name: config.contactPhone })).toHaveAttribute("href", /^tel:/);
    const start = page.getByRole("link", { name: /^Get Started/ }).last();
    await expect(start).toHaveAttribute("href", OUTBOUND_PATHS.register);
    await expect(start).toHaveAttribute("target", "_blank");
    await expect(start).toHaveAttribute("rel", /noopener/);
  });

  test("nothing from the booking service loads before the click; the placeholder is 700 px", async ({ page }) => {
    const seen = await watchBookingRequests(page);
    await page.goto("/demo");
    const box = page.locator("[data-embed-state]");
    await expect(box).toHaveAttribute("data-embed-state", "idle");
    expect((await box.boundingBox())?.height).toBe(700);
    await page.waitForLoadState("networkidle");
    expect(seen).toEqual([]);
  });

  test("when the script cannot load, a direct link to the booking page replaces it, at the same height", async ({ page, request }) => {
    await page.route(`${config.bookingScriptUrl}*`, (route) => route.abort("internetdisconnected"));
    await page.goto("/demo");
    await page.getByRole("button", { name: "Load booking calendar" }).click();
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("The calendar could not load");
    const link = alert.getByRole("link", { name: /^Open the booking page/ });
    // Through the site's redirect, which counts the click (docs/decisions/021), to the month view of the 30-minute event.
    await expect(link).toHaveAttribute("href", OUTBOUND_PATHS.book);
    const target = (await request.get(OUTBOUND_PATHS.book, { maxRedirects: 0 })).headers().location ?? "";
    expect(target).toMatch(/view=month/);
    expect(target).toMatch(/duration=30/);
    expect(target.startsWith(config.bookingUrl)).toBe(true);
    await expect(link).toHaveAttribute("target", "_blank");
    expect((await page.locator("[data-embed-state]").boundingBox())?.height).toBe(700);
    await expectNoAxeViolations(page);
  });

  test("without routing, this offline machine also gets the fallback", async ({ page }) => {
    await page.goto("/demo");
    await page.getByRole("button", { name: "Load booking calendar" }).click();
    await expect(page.getByRole("alert")).toContainText("The calendar could not load", { timeout: 15_000 });
  });

  test("when the script loads, it fills the 700 px calendar area in month view for 30 minutes", async ({ page }) => {
    await stubEmbed(page);
    await page.goto("/demo");
    await page.getByRole("button", { name: "Load booking calendar" }).click();
    await expect(page.locator("[data-embed-state]")).toHaveAttribute("data-embed-state", "ready");
    await expect(page.locator("#fake-booking-widget")).toHaveText("Calendar for month 30");
    const region = page.getByRole("region", { name: "Booking calendar" });
    await expect(region).toHaveAttribute("data-url", /view=month/);
    expect((await page.locator("[data-embed-state]").boundingBox())?.height).toBe(700);
  });

  test("while the calendar loads, the button says so and cannot be pressed again", async ({ page }) => {
    const seen = await watchBookingRequests(page);
    await stubEmbed(page, 1500);
    await page.goto("/demo");
    await page.getByRole("button", { name: "Load booking calendar" }).click();
    const loading = page.getByRole("button", { name: "Loading calendar..." });
    await expect(loading).toBeDisabled();
    await expect(page.locator("[data-embed-state]")).toHaveAttribute("data-embed-state", "loading");
    await expect(page.locator("[data-embed-state]")).toHaveAttribute("data-embed-state", "ready");
    expect(seen.filter((url) => url.startsWith(config.bookingScriptUrl))).toHaveLength(1);
  });

  test("the calendar loads the same on the page React renders after a visit from a hydrated page", async ({ page }) => {
    await stubEmbed(page);
    await page.goto("/contact");
    await waitForHydration(page);
    await page.getByRole("banner").getByRole("link", { name: "Book Demo" }).first().click();
    await expect(page).toHaveURL(/\/demo$/);
    // Still the first document: React rendered the demo page in place, and started its page script.
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(true);
    await page.getByRole("button", { name: "Load booking calendar" }).click();
    await expect(page.locator("#fake-booking-widget")).toHaveText("Calendar for month 30");
    await expect(page.getByRole("region", { name: "Booking calendar" })).toHaveAttribute("data-url", /embed=inline/);
  });
});
