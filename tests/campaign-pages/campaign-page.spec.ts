import { expect, signIn, signInToPosts, test, uniqueEmail, uniqueKey } from "../support/browser/console-fixture";
import type { Locator, Page } from "../support/browser/test";
import { INBOX_SERVER_ENV } from "../support/browser/worlds";
import { startServer } from "../support/serve-build";

// A campaign page as an editor builds it in the browser (docs/decisions/047): five blocks added from the editor's
// choice, one a download form, a field or two changed, one block moved, a refused publication's summary, a preview at
// the page's own address, then published; a second instance on the same PostgreSQL serves it within seconds, a visitor
// there downloads from it with no framework JavaScript, and the lead names the page as where the visit landed. What the
// server alone decides (addresses, copy rules, the page cache, experiments) is tested through HTTP in
// tests/campaign-pages/*.test.ts.

/** What the visitor chooses to download: a published resource other than the block's first choice. */
const RESOURCE = "Follow-Up Message Framework";
const FORM_HEADING = "Get the follow-up framework our agencies use";
const DESCRIPTION = "Replywise answers your agency's cold email replies in minutes and books the meetings for every client you run.";

/** Clicks one of the editor's buttons (by its name, or a block's own) and waits for the page the server answers the form with. */
async function press(page: Page, button: string | Locator) {
  const answered = page.waitForResponse((response) => response.request().method() === "POST" && /\/console\/pages/.test(response.url()));
  await (typeof button === "string" ? page.getByRole("button", { name: button, exact: true }) : button).click();
  await answered;
  await page.waitForLoadState();
}

/** The editor's status line after a change (the page has other live regions). */
const status = (page: Page, text: string | RegExp) => page.getByRole("main").getByRole("status").filter({ hasText: text });

test("an editor builds a page of five blocks with a download form, previews and publishes it; a second instance serves it, a visitor downloads from it", async ({
  page,
  browser,
  world,
}, testInfo) => {
  // The second instance starts while the editor works: on the same database, it learns of the publication by NOTIFY.
  const starting = startServer({ DATABASE_URL: world.pg.url, ...INBOX_SERVER_ENV });
  const key = uniqueKey();
  const path = `/agencies-${key}`;
  const headline = `Replies answered for agencies in minutes, ${key}`;
  const fetchStatus = async (origin: string) => (await fetch(`${origin}${path}`)).status;

  try {
    await test.step("the editor creates the page and adds five blocks, one a download form", async () => {
      await signInToPosts(page, world.editor);
      await page.getByRole("link", { name: "Site content", exact: true }).click();
      await page.getByRole("link", { name: "Campaign pages", exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Campaign pages" })).toBeVisible();
      const form = page.getByRole("form", { name: "New page" });
      await form.getByLabel("Address").fill(path);
      await form.getByLabel("Title").fill("Replywise for agencies");
      await form.getByRole("button", { name: "Create page" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Replywise for agencies" })).toBeVisible();
      await expect(page.locator("[data-publish-state]")).toContainText(`${path} answers 404 until it is published`);

      for (const type of ["hero", "feature-grid", "statistics", "download-form", "faq"]) {
        await page.getByLabel("Add a block").selectOption(type);
        await press(page, "Add block");
        await expect(status(page, "Block added")).toBeVisible();
      }
      await expect(page.locator("[data-block] > legend")).toHaveText([
        "1. Hero",
        "2. Feature grid",
        "3. Statistics",
        "4. Download form",
        "5. FAQ",
      ]);
    });

    await test.step("changes two fields, moves the FAQ above the form, and every change is kept", async () => {
      await page.getByRole("group", { name: "1. Hero" }).getByLabel("Headline").fill(headline);
      await page.getByRole("group", { name: "4. Download form" }).getByLabel("Resource").selectOption({ label: RESOURCE });
      await press(page, page.getByRole("group", { name: "5. FAQ" }).getByRole("button", { name: "Move up: FAQ", exact: true }));
      await expect(status(page, "Block moved")).toBeVisible();
      await expect(page.locator("[data-block] > legend")).toHaveText([
        "1. Hero",
        "2. Feature grid",
        "3. Statistics",
        "4. FAQ",
        "5. Download form",
      ]);
      await expect(page.getByRole("group", { name: "1. Hero" }).getByLabel("Headline")).toHaveValue(headline);
      await expect(page.getByRole("group", { name: "5. Download form" }).getByLabel("Resource")).toHaveValue(/follow-up/);
    });

    await test.step("publishing without a description is refused: the summary takes focus, its link leads to the field, nothing typed is lost", async () => {
      // Typed and not saved yet: the refusal keeps it, and so does following the summary's link.
      const formHeading = page.getByRole("group", { name: "5. Download form" }).getByLabel("Heading");
      await formHeading.fill(FORM_HEADING);
      await press(page, "Publish now");
      const summary = page.locator("[data-error-summary]");
      await expect(summary).toBeFocused();
      await expect(summary).toContainText("Not published");
      await summary.getByRole("link", { name: "Description" }).click();
      const description = page.getByLabel("Description", { exact: true });
      await expect(description).toBeFocused();
      await expect(description).toHaveAccessibleDescription(/^Between 50 and 160 characters/);
      await expect(summary).toBeVisible();
      await expect(formHeading).toHaveValue(FORM_HEADING);
    });

    await test.step("a preview link shows the draft at the page's address, which still answers 404", async () => {
      await page.getByLabel("Description", { exact: true }).fill(DESCRIPTION);
      await press(page, "Save and make a preview link");
      const link = status(page, "Its preview").getByRole("link");
      const preview = new URL((await link.getAttribute("href"))!);
      expect(preview.pathname).toBe(path);
      await page.goto(`${preview.pathname}${preview.search}`);
      await expect(page.getByRole("heading", { level: 1, name: headline })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: FORM_HEADING })).toBeVisible();
      await expect(page.getByRole("form", { name: `Download ${RESOURCE}` })).toBeVisible();
      const second = await starting;
      expect([await fetchStatus(world.server.url), await fetchStatus(second.url)]).toEqual([404, 404]);
      await page.goBack();
    });

    const second = await starting;
    await test.step("published, the second instance serves it within 5 s", async () => {
      await expect(page.getByRole("heading", { level: 1, name: "Replywise for agencies" })).toBeVisible();
      const clicked = Date.now();
      await press(page, "Publish now");
      await expect(status(page, `Published: live at ${path}`)).toBeVisible();
      await expect.poll(() => fetchStatus(second.url), { timeout: 5_000 - (Date.now() - clicked), intervals: [50] }).toBe(200);
      testInfo.annotations.push({ type: "served by the second instance", description: `${Date.now() - clicked} ms after the click` });
    });

    const email = uniqueEmail("campaign.visitor");
    await test.step("a visitor downloads from it there: the form is sent in place, and no framework script loads", async () => {
      // A browser of its own, with no session and a user agent no operator signed in with (decision 021 counts it).
      const visitor = await browser.newContext({
        baseURL: second.url,
        userAgent: `${testInfo.project.use.userAgent} visitor-${key}`,
      });
      try {
        const visit = await visitor.newPage();
        await visit.goto(path);
        await expect(visit.getByRole("heading", { level: 1, name: headline })).toBeVisible();
        expect(await visit.locator('script[src], link[rel="modulepreload"]').count()).toBe(0);
        const form = visit.getByRole("form", { name: `Download ${RESOURCE}` });
        await form.getByLabel("Name", { exact: true }).fill("Ada Campaign");
        await form.getByLabel("Email", { exact: true }).fill(email);
        const downloading = visit.waitForEvent("download");
        await form.getByRole("button", { name: "Get Resource" }).click();
        expect((await downloading).suggestedFilename()).toMatch(/^follow-up-framework\./);
        await expect(visit.getByRole("heading", { name: "Thank you!" })).toBeVisible();
        expect(new URL(visit.url()).pathname).toBe(path);
      } finally {
        await visitor.close();
      }
    });

    await test.step("the download's lead names the campaign page as its landing page", async () => {
      const sales = await browser.newContext({ baseURL: world.server.url });
      try {
        const leadsPage = await sales.newPage();
        await signIn(leadsPage, world.sales);
        await leadsPage.getByLabel("Search").fill(email);
        await leadsPage.getByRole("button", { name: "Apply filters" }).click();
        const leads = leadsPage.getByRole("list", { name: "Leads" });
        await expect(leads.getByRole("listitem")).toHaveCount(1);
        await expect(leads).toContainText(`landed on ${path}`);
        await leads.getByRole("link", { name: "Ada Campaign" }).click();
        await expect(leadsPage.getByRole("region", { name: "Where the visit came from" })).toContainText(`Landing page${path}`);
      } finally {
        await sales.close();
      }
    });
  } finally {
    await (await starting.catch(() => undefined))?.stop();
  }
});
