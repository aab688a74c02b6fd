import { expect, test } from "./support/test";
import { publicConfig, readEnv } from "~/lib/env.server";

const config = publicConfig(readEnv());

test.describe("contact page", () => {
  test("three cards: e-mail, phone and live chat 9am-5pm PST", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Get In Touch");
    await expect(page.getByRole("link", { name: config.contactEmail })).toHaveAttribute("href", `mailto:${config.contactEmail}`);
    await expect(page.getByRole("link", { name: config.contactPhone })).toHaveAttribute("href", /^tel:\+?\d+$/);
    await expect(page.getByText(/9am-5pm PST/)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Send us a message" })).toBeVisible();
    await expect(page.getByRole("form", { name: "Contact form" }).or(page.locator("form")).first()).toBeAttached();
  });

  test("live chat shows Online now during Pacific office hours", async ({ page }) => {
    // Tuesday 10:30 in Los Angeles (17:30 UTC in July).
    await page.clock.setFixedTime(new Date("2025-07-15T17:30:00Z"));
    await page.goto("/contact");
    await expect(page.getByRole("status").filter({ hasText: /now/ })).toHaveText("Online now");
  });

  test("live chat shows Offline now outside them", async ({ page }) => {
    // Tuesday 18:00 in Los Angeles.
    await page.clock.setFixedTime(new Date("2025-07-16T01:00:00Z"));
    await page.goto("/contact");
    await expect(page.getByRole("status").filter({ hasText: /now/ })).toHaveText("Offline now");
  });

  test("the chat button opens e-mail to support when no chat provider is configured", async ({ page }) => {
    test.skip(config.chatUrl !== null, "a chat provider is configured");
    await page.goto("/contact");
    await expect(page.getByRole("link", { name: /^Start chat/ })).toHaveAttribute(
      "href",
      new RegExp(`^mailto:${config.supportEmail.replace(".", "\\.")}`),
    );
  });

  test("support box and demo box", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("heading", { name: "Looking for customer support?" })).toBeVisible();
    const portal = page.getByRole("link", { name: /^Visit support portal/ });
    await expect(portal).toHaveAttribute("href", config.supportPortalUrl);
    await expect(portal).toHaveAttribute("target", "_blank");
    await expect(page.getByRole("link", { name: config.supportEmail })).toHaveAttribute("href", `mailto:${config.supportEmail}`);
    await expect(page.getByRole("heading", { name: "Interested in a demo?" })).toBeVisible();
    await page.getByRole("link", { name: "Book a demo" }).click();
    await expect(page).toHaveURL(/\/demo$/);
  });
});
