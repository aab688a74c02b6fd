import { expect, test, type Page } from "./support/test";
import { resources } from "~/content/resources";

async function columnCount(page: Page, grid: string) {
  const lefts = await page
    .getByTestId(grid)
    .locator(":scope > li")
    .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().left)));
  return new Set(lefts).size;
}

test.describe("resources page", () => {
  test("hero with anchor links to the three sections", async ({ page }) => {
    await page.goto("/resources");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Free Resources for Cold Email Outreach");
    const nav = page.getByRole("navigation", { name: "Resource sections" });
    for (const [id, title] of [
      ["templates", "Cold Email Templates"],
      ["guides", "Deliverability Guides"],
      ["tools", "Practical Tools"],
    ] as const) {
      const link = nav.getByRole("link", { name: title });
      await expect(link).toHaveAttribute("href", `#${id}`);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      const heading = page.getByRole("heading", { level: 2, name: title });
      await expect(heading).toBeInViewport();
    }
  });

  test("nine cards, each with icon, title, description, file type and size, and Download Resource", async ({ page }) => {
    await page.goto("/resources");
    const cards = page.getByTestId("resource-card");
    await expect(cards).toHaveCount(9);
    for (const resource of resources) {
      const card = cards.filter({ has: page.getByRole("heading", { name: resource.title, exact: true }) });
      await expect(card).toHaveCount(1);
      await expect(card.locator("svg").first()).toBeVisible();
      await expect(card.getByText(resource.description)).toBeVisible();
      await expect(card.getByText(resource.format, { exact: true })).toBeVisible();
      await expect(card.getByText(/^\d+(\.\d)? (B|KB|MB)$/)).toBeVisible();
      await expect(
        card.getByRole("button", { name: "Download Resource" }).or(card.getByRole("link", { name: "Download Resource" })),
      ).toBeVisible();
    }
    for (const [id, count] of [
      ["templates", 3],
      ["guides", 3],
      ["tools", 3],
    ] as const) {
      await expect(page.getByTestId(`${id}-grid`).locator(":scope > li")).toHaveCount(count);
    }
  });

  test("the newsletter block follows the resources", async ({ page }) => {
    await page.goto("/resources");
    const newsletter = page.getByRole("region", { name: "Get new resources first" });
    await expect(newsletter.locator("form")).toBeAttached();
    const toolsBottom = (await page.getByTestId("tools-grid").boundingBox())!;
    const newsletterTop = (await newsletter.boundingBox())!;
    expect(newsletterTop.y).toBeGreaterThan(toolsBottom.y + toolsBottom.height);
  });
});

test.describe("resources grid columns by width", () => {
  for (const [width, columns] of [
    [390, 1],
    [800, 2],
    [1280, 3],
  ] as const) {
    test(`${columns} column(s) at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/resources");
      for (const grid of ["templates-grid", "guides-grid", "tools-grid"]) expect(await columnCount(page, grid), grid).toBe(columns);
    });
  }
});
