import { expect, test } from "./support/test";
import { OUTBOUND_PATHS } from "~/content/outbound";

const appSignUpUrl = OUTBOUND_PATHS.register;

// The spec's figures, always written with cents (issue 12).
const expected = [
  { name: "Starter", price: "$15.00", credits: "50", perCredit: "$0.30", managers: "5", popular: false },
  { name: "Professional", price: "$60.00", credits: "250", perCredit: "$0.24", managers: "10", popular: true },
  { name: "Agencies", price: "$150.00", credits: "750", perCredit: "$0.20", managers: "30", popular: false },
];

test.describe("pricing page", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/pricing");
  });

  test("three plans with the spec's prices, credits and cost per credit", async ({ page }) => {
    for (const plan of expected) {
      const card = page.getByRole("group", { name: plan.name });
      await expect(card.getByText(plan.price, { exact: true })).toBeVisible();
      await expect(card.getByText("/month")).toBeVisible();
      await expect(card.locator("dd")).toHaveText([plan.credits, plan.perCredit, plan.managers]);
      await expect(card.locator("dt")).toHaveText(["credits", "per credit", "inbox managers"]);
      if (plan.popular) await expect(card.getByText("Popular", { exact: true })).toBeVisible();
      else await expect(card.getByText("Popular", { exact: true })).toHaveCount(0);
    }
  });

  test("every plan button reads Get 50 Free Replies and opens the app in a new tab", async ({ page }) => {
    const buttons = page.getByRole("link", { name: /^Get 50 Free Replies/ });
    await expect(buttons).toHaveCount(3);
    for (const button of await buttons.all()) {
      await expect(button).toHaveAttribute("href", appSignUpUrl);
      await expect(button).toHaveAttribute("target", "_blank");
      await expect(button).toHaveAttribute("rel", /noopener/);
    }
  });

  test("credits are explained plainly", async ({ page }) => {
    await expect(page.getByText("1 credit = 1 reply", { exact: true })).toBeVisible();
    await expect(page.getByText("Meeting invites cost 0 credits", { exact: true })).toBeVisible();
  });

  test("multi-client management is named for Professional and Agencies only", async ({ page }) => {
    await expect(page.getByRole("group", { name: "Starter" }).getByText("Multi-client management")).toHaveCount(0);
    await expect(page.getByRole("group", { name: "Professional" }).getByText("Multi-client management")).toBeVisible();
    // Agencies has it through Professional, whose features it includes.
    await expect(page.getByRole("group", { name: "Agencies" }).getByText("Everything in Professional, plus")).toBeVisible();
    await expect(page.getByText(/Enterprise/)).toHaveCount(0);
  });

  // Issue 38: Professional's own list, without Starter's, read as if it lacked follow-ups and classification.
  test("each larger plan says it includes the one below, then lists only what it adds", { tag: "@mobile" }, async ({ page }) => {
    const card = (name: string) => page.getByRole("group", { name });
    await expect(card("Starter")).not.toContainText("Everything in");
    await expect(card("Professional").getByText("Everything in Starter, plus", { exact: true })).toBeVisible();
    await expect(card("Agencies").getByText("Everything in Professional, plus", { exact: true })).toBeVisible();
    for (const name of ["Professional", "Agencies"]) {
      const added = await card(name).getByRole("listitem").allTextContents();
      const starter = await card("Starter").getByRole("listitem").allTextContents();
      expect(
        added.filter((item) => starter.includes(item)),
        name,
      ).toEqual([]);
      // The line comes first, before the list it introduces.
      const line = (await card(name)
        .getByText(/^Everything in /)
        .boundingBox())!;
      expect(line.y).toBeLessThan((await card(name).getByRole("list").boundingBox())!.y);
    }
  });

  test("no plan card sells chat notifications, which are planned", async ({ page }) => {
    for (const plan of expected) await expect(page.getByRole("group", { name: plan.name })).not.toContainText(/chat|slack/i);
    await expect(page.getByRole("group", { name: "Starter" })).toContainText("Email notifications for review");
  });

  test("the pricing FAQ answers what happens when credits run out and how inbox managers fit multi-client", async ({ page }) => {
    const section = page.getByRole("region", { name: "Pricing questions" });
    await section.getByText("What happens when my credits run out?").click();
    await expect(section.getByText(/stops sending written replies until your credits renew/)).toBeVisible();
    await section.getByText(/Starter includes up to 5 inbox managers/).click();
    await expect(section.getByText(/On Starter, every inbox manager works for your own business/)).toBeVisible();
  });

  test("Need a custom plan: Contact Sales goes to /contact", async ({ page }) => {
    await expect(page.getByRole("heading", { name: "Need a custom plan?" })).toBeVisible();
    await page.getByRole("link", { name: "Contact Sales" }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });
});

test.describe("features page", () => {
  test("six cards and the two audiences", async ({ page }) => {
    await page.goto("/features");
    await expect(page.getByRole("heading", { level: 2 }).filter({ hasNotText: /Built for|Ready|What faster/ })).toHaveText([
      "Multi-Client Inbox",
      "Webhook Integration",
      "AI Auto-Responses",
      "Automated Follow-Ups",
      "Calendar Integration",
      "Analytics",
    ]);
    await expect(page.getByRole("heading", { level: 3, name: "Sales Teams" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: "Agencies" })).toBeVisible();
    await expect(page.getByText("Multi-client management on Professional and Agencies").first()).toBeVisible();
    await expect(page.getByText(/Enterprise/)).toHaveCount(0);
  });

  test("every statistic is shown as a target or with its study as the source", async ({ page }) => {
    await page.goto("/features");
    const results = page.getByRole("region", { name: "What faster replies are worth" });
    for (const value of ["20+", "80%", "2x", "30%", "97%", "900%", "Nearly 7x"])
      await expect(results.getByText(value, { exact: true })).toBeVisible();
    await expect(results.getByText("Our target, not a measured result")).toHaveCount(5);
    await expect(results).not.toContainText(/early-access teams report/i);
    const sources = results.getByText(/^Source:/);
    await expect(sources).toHaveCount(2);
    await expect(sources.first()).toContainText("Lead Response Management Study, InsideSales.com with Dr. James Oldroyd, MIT (2007)");
    await expect(sources.nth(1)).toContainText("The Short Life of Online Sales Leads");
  });

  test("planned capabilities read Planned, not a check mark", async ({ page }) => {
    await page.goto("/features");
    const analytics = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Analytics" }) });
    await expect(analytics.getByRole("listitem").filter({ hasText: "Slack notifications for review" })).toContainText("Planned");
    const webhooks = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Webhook Integration" }) });
    await expect(webhooks.getByRole("listitem").filter({ hasText: "lemlist" })).toContainText("Planned");
    await expect(webhooks.getByRole("listitem").filter({ hasText: "Instantly" })).not.toContainText("Planned");
  });
});
