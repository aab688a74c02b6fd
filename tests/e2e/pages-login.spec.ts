import { expect, test, waitForHydration } from "./support/test";
import { OUTBOUND_PATHS } from "~/content/outbound";
import { publicConfig, readEnv } from "~/lib/env.server";
import { expectNoAxeViolations } from "./support/axe";
import { storeTheme } from "./support/theme";

const appSignInUrl = `${publicConfig(readEnv()).appUrl}/sign-in`;
const SECRET = "Tr0ub4dor&3-never-leaves";
const EMAIL = "visitor@company.example";

test.describe("login page", () => {
  test("has the fields, Forgot password, Sign in and a link to the app's sign-in", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");
    await expect(page.getByLabel("Password")).toHaveAttribute("type", "password");
    await expect(page.getByRole("link", { name: /^Forgot password/ })).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
    const app = page.getByRole("link", { name: /^Sign in to the app/ });
    await expect(app).toHaveAttribute("href", appSignInUrl);
    await expect(app).toHaveAttribute("target", "_blank");
    await expect(app).toHaveAttribute("rel", /noopener/);
    await page.getByRole("link", { name: "Get started for free" }).click();
    await expect(page).toHaveURL(/\/register$/);
  });

  test("a typed password reaches no console message, no request and no storage", async ({ page, context }) => {
    const consoleMessages: string[] = [];
    const requests: string[] = [];
    page.on("console", (message) => consoleMessages.push(message.text()));
    page.on("request", (request) => requests.push(`${request.method()} ${request.url()} ${request.postData() ?? ""}`));

    await page.goto("/login");
    await page.getByLabel("Email").fill(EMAIL);
    await page.getByLabel("Password").fill(SECRET);
    await page.getByLabel("Password").press("Enter");
    await expect(page.getByText("Nothing was sent.")).toBeVisible();
    await expect(page.getByRole("link", { name: /^Sign in to the app/ })).toBeVisible();
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/login$/);
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

  test("Sign in explains the same on the page React renders after a visit from a hydrated page", async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    // No hydrated page links to /login: the way there is the sitemap page, which React renders in place too.
    await page.getByRole("contentinfo").getByRole("link", { name: "Sitemap", exact: true }).click();
    await page.getByRole("main").getByRole("link", { name: "Login", exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    // Still the first document: React rendered the login page in place, and started its page script.
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(true);
    await expect(page.getByText("Nothing was sent.")).toHaveCount(0);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Signing in happens" })).toHaveText(/^Nothing was sent\. Signing in happens/);
  });

  test("the inputs cannot be submitted even without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/login");
    const form = page.locator("form").filter({ has: page.getByLabel("Password") });
    await expect(form.locator("input[name]")).toHaveCount(0);
    await expect(form.locator("button[type=submit], input[type=submit]")).toHaveCount(0);
    await expect(form).not.toHaveAttribute("action", /./);
    await context.close();
  });
});

test("the explained state stays accessible in the dark theme", async ({ page }) => {
  await storeTheme(page, "dark");
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Nothing was sent.")).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe("get started and about pages", () => {
  test("register: Get Started opens the app, four key features and a testimonial", async ({ page }) => {
    await page.goto("/register");
    const start = page.getByRole("link", { name: /^Get Started/ }).first();
    await expect(start).toHaveAttribute("href", OUTBOUND_PATHS.register);
    await expect(start).toHaveAttribute("target", "_blank");
    await expect(start).toHaveAttribute("rel", /noopener/);
    const features = page.locator("section").filter({ has: page.getByRole("heading", { name: "Key features" }) });
    await expect(features.getByRole("heading", { name: "Key features" }).locator("..").getByRole("listitem")).toHaveCount(4);
    await expect(page.locator("blockquote")).toHaveCount(1);
  });

  test("about: Our Story and Our Mission", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 2, name: "Our Story" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Our Mission" })).toBeVisible();
    await expect(page.getByText(/founded in 2025/)).toBeVisible();
  });
});
