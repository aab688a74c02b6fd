import type { BrowserContext, Page } from "@playwright/test";
import { OUTBOUND_PATHS } from "~/content/outbound";
import { publicConfig, readEnv } from "~/lib/env.server";
import { expect, signIn, test } from "../support/browser/console-fixture";

// The server-side analytics as a visitor and the team meet them (docs/decisions/021): the visits in the console's reports,
// the team's own visits left out, every table as CSV. That no public page sets a cookie, stores anything or asks another
// host is checked in routes.spec.ts's visit of every page; a lead's stage in the funnel in console.spec.ts.

/** A browser of its own, so the team's sign-ins in other tests (same address, same agent) never make it staff. */
const visitorAgent = () =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 e2e-${Math.random().toString(36).slice(2)}`;

async function openReports(page: Page, query = "") {
  await page.goto(`/console/reports${query}`);
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
}

const campaigns = (page: Page) => page.getByRole("region", { name: "Campaigns" });

test("visits appear in the reports by page and campaign, the team's own do not, and each table downloads as CSV", async ({
  browser,
  baseURL,
  world,
}) => {
  test.setTimeout(90_000);
  const tag = `e2e-${Date.now().toString(36)}`;
  const contexts: BrowserContext[] = [];
  const open = async (userAgent: string) => {
    const context = await browser.newContext({ baseURL, userAgent });
    contexts.push(context);
    return context.newPage();
  };
  try {
    const visitor = await open(visitorAgent());
    await visitor.goto(`/pricing?utm_source=newsletter&utm_campaign=${tag}`);
    await visitor.goto("/features");
    // The link to the app leaves through the site's redirect, counted as a goal.
    const go = await visitor.request.get(OUTBOUND_PATHS.register, { maxRedirects: 0 });
    expect(go.status()).toBe(302);
    expect(go.headers().location).toBe(`${publicConfig(readEnv()).appUrl}/sign-up`);

    const operator = await open(visitorAgent());
    await signIn(operator, world.operator);
    // Signed in: this browser's visit to the site is the team's, not counted.
    await operator.goto(`/pricing?utm_campaign=${tag}-staff`);
    await operator.goto("/console/reports");

    await expect(async () => {
      await openReports(operator);
      await expect(campaigns(operator).getByRole("row", { name: new RegExp(`^${tag} 1 2 `) })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expect(campaigns(operator)).not.toContainText(`${tag}-staff`);
    const goals = operator.getByRole("region", { name: "Goals", exact: true });
    await expect(goals.getByRole("row", { name: /^Left for the app's sign-up [1-9]/ })).toBeVisible();
    await expect(operator.getByRole("img", { name: /Visitors and page views per day/ })).toBeVisible();

    const download = operator.waitForEvent("download");
    await campaigns(operator).getByRole("button", { name: "Download CSV: Campaigns" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^campaigns-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await (await file.createReadStream()).toArray();
    const csv = Buffer.concat(text).toString("utf8");
    expect(csv.split("\r\n")[0]).toBe('Campaign (utm_campaign),Visits,Page views,"Visits, previous period"');
    expect(csv).toContain(`\r\n${tag},1,2,0\r\n`);
    expect(csv).not.toContain(`${tag}-staff`);
    const [audit] = await world.sql`SELECT action, detail FROM audit_log WHERE action = 'report-export' ORDER BY id DESC LIMIT 1`;
    expect(audit).toMatchObject({ action: "report-export", detail: { table: "campaigns" } });
  } finally {
    for (const context of contexts) await context.close();
  }
});

test('clicking "Get In Touch" and "Book Demo" counts each page, and so does coming back to one', async ({ browser, baseURL, world }) => {
  const tag = `e2e-nav-${Date.now().toString(36)}`;
  const context = await browser.newContext({ baseURL, userAgent: visitorAgent() });
  try {
    const visitor = await context.newPage();
    await visitor.goto(`/resources?utm_campaign=${tag}`);
    // No public page hydrates (decision 041): each click loads a document, which the server counts as it answers it,
    // from its page cache or with a 304 to a browser that already has the page.
    const documents: string[] = [];
    visitor.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(new URL(request.url()).pathname);
    });
    const header = visitor.getByRole("banner");
    await header.getByRole("link", { name: "Get In Touch" }).click();
    await expect(visitor.getByRole("heading", { level: 1, name: "Get In Touch" })).toBeVisible();
    await header.getByRole("link", { name: "Book Demo" }).click();
    await expect(visitor).toHaveURL(/\/demo$/);
    await header.getByRole("link", { name: "Get In Touch" }).click();
    await expect(visitor).toHaveURL(/\/contact$/);
    expect(documents).toEqual(["/contact", "/demo", "/contact"]);

    const operator = await browser.newPage({ baseURL, userAgent: visitorAgent() });
    await signIn(operator, world.operator);
    await expect(async () => {
      await openReports(operator);
      await expect(campaigns(operator).getByRole("row", { name: new RegExp(`^${tag} 1 4 `) })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await operator.close();
  } finally {
    await context.close();
  }
});

test("a table longer than the page shows opens whole, every row reachable, and the utm tags each have one", async ({ page, world }) => {
  const tag = `e2e-terms-${Date.now().toString(36)}`;
  // Today's visits (read raw), each with a search term of its own: more terms than a table shows at first.
  await world.sql`INSERT INTO analytics_page_views (at, day, visitor, path, utm_source, utm_medium, utm_term, device)
    SELECT now(), (now() AT TIME ZONE 'UTC')::date, 9000000000 + n, '/pricing', 'google', 'cpc', ${tag} || '-' || lpad(n::text, 2, '0'), 'desktop'
    FROM generate_series(1, 25) AS n`;
  await signIn(page, world.operator);
  await openReports(page);
  const terms = page.getByRole("region", { name: "Search terms" });
  await expect(terms.getByRole("row", { name: new RegExp(`^${tag}-`) })).not.toHaveCount(25);
  await terms.getByRole("link", { name: /^Show all \d+ rows: Search terms$/ }).click();
  await expect(page).toHaveURL(/[?&]all=terms#report-terms$/);
  await expect(terms.getByRole("row", { name: new RegExp(`^${tag}-`) })).toHaveCount(25);
  await expect(page.getByRole("region", { name: "Channels" }).getByRole("row", { name: /^Paid [1-9]/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "Mediums" }).getByRole("row", { name: /^cpc [1-9]/ })).toBeVisible();
});
