import postgres from "postgres";
import { startServer, type RunningServer } from "../support/serve-build";
import { createTestDatabase, type TestDatabase } from "../support/server/postgres";
import { expect, test, type Locator, type Page } from "../support/browser/test";

// A post held as spam (decision 020) looks exactly like a success to whoever sent it: for a download, 'Thank you!' and
// the file, which is public anyway. Only what happens behind it differs: no lead, no email. On a server of its own with
// the time trap on (the run turns it off for the other journeys), and a database the test reads beside it.

const HELD = { email: "held.visitor@example.com", name: "Autofilled Visitor" };

// One server for the file: its tests run in order in one worker.
test.describe.configure({ mode: "default" });

let pg: TestDatabase;
let site: RunningServer;
let sql: postgres.Sql;

test.beforeAll(async () => {
  pg = await createTestDatabase();
  // Every post is "too fast": what browser autofill does in a second.
  site = await startServer({ DATABASE_URL: pg.url, FORM_MIN_FILL_SECONDS: "60", RATE_LIMIT_MAX: "10000" });
  sql = postgres(pg.url, { max: 1, onnotice: () => {} });
});
test.afterAll(async () => {
  await sql?.end({ timeout: 1 });
  await site?.stop();
  await pg?.destroy();
});

/** What the server kept of the posts from this address: held ones, and leads. */
async function keptFor(email: string) {
  const held = await sql`SELECT form, reasons FROM spam_posts WHERE email = ${email}`;
  const leads = await sql`SELECT id FROM resource_leads WHERE email = ${email}`;
  return { held: held.map((row) => ({ ...row })), leads: leads.length };
}

async function fill(scope: Locator | Page, email: string) {
  await scope.getByLabel("Name", { exact: true }).fill(HELD.name);
  await scope.getByLabel("Email", { exact: true }).fill(email);
}

test("with JavaScript, a download filled within the time trap shows 'Thank you!' and gives the file, and is held", async ({ page }) => {
  const email = `js.${HELD.email}`;
  await page.goto(`${site.url}/resources`);
  await page
    .getByRole("link", { name: /Download Resource/ })
    .first()
    .click();
  const dialog = page.getByRole("dialog");
  await fill(dialog, email);
  const download = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Get Resource" }).click();
  await expect(dialog.getByRole("heading", { name: "Thank you!" })).toBeVisible();
  await expect(dialog.getByRole("link", { name: /Download Now/ })).toHaveAttribute("href", /^\/resources\/[\w-]+\.(pdf|xlsx|mp4)$/);
  expect((await download).suggestedFilename()).toMatch(/\.(pdf|xlsx|mp4)$/);
  expect(await keptFor(email)).toEqual({ held: [{ form: "download", reasons: ["too-fast"] }], leads: 0 });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a download whose hidden field was filled shows 'Thank you!' and starts the file, and is held", async ({ page }) => {
    const email = `nojs.${HELD.email}`;
    await page.goto(`${site.url}/resources`);
    await page
      .getByRole("link", { name: /Download Resource/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/forms\/download\?resource=[\w-]+$/);
    await fill(page, email);
    // What a browser extension's autofill does to the field people never see (the time trap needs the page's script).
    // The returning visitor's form sits hidden beside it until the page's script finds a stored lead.
    await page.locator('form:not([hidden]) input[name="website"]').fill("https://autofilled.example", { force: true });
    await page.getByRole("button", { name: "Get Resource" }).click();
    await expect(page.getByRole("heading", { name: "Thank you!" })).toBeVisible();
    // One signal: the page's 'Thank you!' with the spec's sentence, no second notice above it.
    await expect(page.getByText("Your download should begin automatically.")).toBeVisible();
    await expect(page.getByRole("status")).toHaveCount(0);
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveAttribute("content", /url=\/resources\/[\w-]+/);
    expect(await keptFor(email)).toEqual({ held: [{ form: "download", reasons: ["honeypot-filled"] }], leads: 0 });
  });
});
