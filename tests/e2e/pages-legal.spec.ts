import { expect, test } from "./support/test";
import { OUTBOUND_PATHS } from "~/content/outbound";
import { publicConfig, readEnv } from "~/lib/env.server";

const config = publicConfig(readEnv());
// The legal pages name the configured address, or the placeholder until one is configured.
const companyAddress = readEnv().COMPANY_ADDRESS;

// The spec's dates: each page's first version, kept as the first entry of its version history.
const legal = [
  { path: "/privacy", title: "Privacy Policy", date: "March 1, 2025", iso: "2025-03-01" },
  { path: "/terms", title: "Terms of Service", date: "March 1, 2025", iso: "2025-03-01" },
  { path: "/cookies", title: "Cookie Policy", date: "January 1, 2024", iso: "2024-01-01" },
];

test.describe("legal pages", () => {
  for (const doc of legal) {
    test(`${doc.path} shows its title, the newest version as Last updated, its history from the spec's date, and no placeholders`, async ({
      page,
    }) => {
      await page.goto(doc.path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(doc.title);
      const history = page.getByRole("region", { name: "Version history" }).getByRole("listitem");
      await expect(history.first().locator("time")).toHaveAttribute("datetime", doc.iso);
      await expect(history.first()).toContainText(doc.date);
      const newest = history.last().locator("time");
      const lastUpdated = page.getByText(/^Last updated:/).locator("time");
      await expect(lastUpdated).toHaveAttribute("datetime", (await newest.getAttribute("datetime"))!);
      await expect(lastUpdated).toHaveText((await newest.textContent())!);
      const article = page.locator("article.prose-content");
      expect(await article.getByRole("heading", { level: 2 }).count()).toBeGreaterThan(3);
      await expect(article).not.toContainText("{{");
      await expect(article).toContainText("Replywise");
      await expect(article).toContainText(config.contactEmail);
      await expect(article).toContainText(config.companyName);
    });
  }

  test("privacy covers each form, retention, rights, local storage and the booking embed", async ({ page }) => {
    await page.goto("/privacy");
    const article = page.locator("article");
    for (const text of ["Contact form", "resourceLeads", "booking calendar", /retain|keep/i, /rights?/i])
      await expect(article).toContainText(text);
  });

  test("terms promise 30 days notice of material changes and name the company, its address and the governing law", async ({ page }) => {
    await page.goto("/terms");
    const article = page.locator("article");
    await expect(article).toContainText("30 days notice of material changes");
    await expect(article).toContainText(companyAddress);
    await expect(article).toContainText(`governed by the laws of ${config.governingLaw}`);
    await expect(article).not.toContainText("the jurisdiction where");
  });

  test("privacy names the company and its postal address, and promises no e-mail the site does not send", async ({ page }) => {
    await page.goto("/privacy");
    const article = page.locator("article");
    await expect(article).toContainText(`Our postal address is ${companyAddress}`);
    await expect(article).not.toContainText(/confirmation message|unsubscribe link in every/);
  });

  test("cookies name the theme and resourceLeads keys and the booking embed", async ({ page }) => {
    await page.goto("/cookies");
    const article = page.locator("article");
    await expect(article.getByRole("heading", { name: "theme", exact: true })).toBeVisible();
    await expect(article.getByRole("heading", { name: "resourceLeads", exact: true })).toBeVisible();
    await expect(article).toContainText("booking calendar");
  });
});

test.describe("sitemap page", () => {
  test("lists the main and legal pages, Dashboard as Requires Login, and the XML sitemap", async ({ page }) => {
    await page.goto("/sitemap");
    const main = page.getByRole("group", { name: "Main pages" });
    for (const label of ["Home", "Features", "Pricing", "About", "Contact", "Resources", "Book Demo", "Login", "Register"]) {
      await expect(main.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    const dashboard = main.getByRole("link", { name: /^Dashboard/ });
    await expect(dashboard).toHaveAttribute("href", `${config.appUrl}/dashboard`);
    await expect(dashboard).toHaveAttribute("target", "_blank");
    await expect(main.getByText("Requires Login")).toBeVisible();
    const legalGroup = page.getByRole("group", { name: "Legal pages" });
    for (const label of ["Privacy Policy", "Terms of Service", "Cookie Policy"]) {
      await expect(legalGroup.getByRole("link", { name: label })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "XML sitemap" })).toHaveAttribute("href", "/sitemap.xml");
    await main.getByRole("link", { name: "Pricing", exact: true }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });
});

test.describe("roadmap page", () => {
  test("months with their features and status badges", async ({ page }) => {
    await page.goto("/roadmap");
    await expect(page.getByRole("heading", { level: 2 }).filter({ hasText: /2025/ })).toHaveText(["August 2025", "September 2025"]);
    const august = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "August 2025" }) });
    await expect(august.getByRole("listitem").filter({ hasText: "Email-sending platform integration" })).toContainText("Completed");
    await expect(august.getByRole("listitem").filter({ hasText: "Chat-tool integration" })).toContainText("Planned");
    const september = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "September 2025" }) });
    await expect(september.getByRole("listitem").filter({ hasText: "Outreach platform integration" })).toContainText("Planned");
    await expect(page.getByText("Coming Soon", { exact: true })).toBeVisible();
  });

  test("continues to the current quarter and never says 'every month' or 'details soon'", async ({ page }) => {
    await page.goto("/roadmap");
    await expect(page.getByRole("heading", { level: 2 }).filter({ hasText: /2026/ }).last()).toHaveText(/(October|November|December) 2026/);
    await expect(page.locator("main")).not.toContainText(/ship every month|details soon/i);
  });

  test("Request Feature and the Stay Updated card", async ({ page }) => {
    await page.goto("/roadmap");
    await page.waitForLoadState("networkidle");
    await page.getByRole("link", { name: "Request Feature" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
    const card = page.getByRole("complementary", { name: "Stay Updated" });
    const start = card.getByRole("link", { name: /^Get Started/ });
    await expect(start).toHaveAttribute("href", OUTBOUND_PATHS.register);
    await expect(start).toHaveAttribute("target", "_blank");
    await expect(start).toHaveAttribute("rel", /noopener/);
    await card.getByRole("link", { name: "Read Our Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });
});
