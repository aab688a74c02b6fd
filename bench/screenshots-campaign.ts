// A campaign page and its experiment as a visitor and the team see them (decisions 047, 048): the public page with
// every kind of block, its editor, the new-experiment form and the experiment's report with a week of sample visits,
// at 390 and 1280 px, light and dark.
//   npx tsx bench/screenshots-campaign.ts  (SCREENSHOTS_OUT: where the pictures go)
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { addOperator } from "../app/lib/console/operators.server";
import { openDatabase } from "../app/lib/db/client.server";
import { migrate } from "../app/lib/db/migrate.server";
import { defineAppGlobals } from "../app/lib/env.server";
import { startServer } from "../tests/support/serve-build";
import { formFields, pageEditorSession } from "../tests/support/server/campaign-pages";
import { renderWholePage, takeScreenshots } from "./take-screenshots";

// The blocks' declarations read what Vite defines for the app.
defineAppGlobals();
const { BLOCK_TYPES } = await import("../app/features/campaign-pages");

const OPERATOR = { email: "ops@example.com", password: "screenshots passphrase" };
const PATH = "/agencies";

const dataDir = mkdtempSync(path.join(tmpdir(), "replywise-campaign-shots-"));
let handle = await openDatabase({ dataDir });
await migrate(handle.db);
await addOperator(handle.db, OPERATOR.email, OPERATOR.password, "admin");
await handle.close();

// The page, built and published through the editor's own form, and an experiment on its hero.
const server = await startServer({ DATA_DIR: dataDir });
let pageId = 0;
let experimentId = 0;
try {
  const editor = await pageEditorSession(server.url, OPERATOR.email, OPERATOR.password);
  const created = await editor.create(PATH, "Replywise for agencies");
  if (!("id" in created)) throw new Error(`page not created: ${created.refused.slice(0, 200)}`);
  pageId = created.id;
  // Every kind of block once, forms last but one: the page the views are judged on.
  const order = [...BLOCK_TYPES.filter((type) => type !== "call-to-action"), "call-to-action"];
  for (const type of order) await editor.addBlock(pageId, type);
  const published = await editor.send(pageId, "publish", {
    description: "Replywise answers your agency's cold email replies in minutes and books the meetings for every client you run.",
  });
  if (published.status !== 200) throw new Error(`not published: ${published.status}`);
  // The form's token is the reading session's; the poster sends its own.
  const { csrf: _token, ...form } = formFields(
    await (await editor.get(`/console/pages/${pageId}/experiment?block=hero-1`)).text(),
    "form[aria-label='New experiment']",
  );
  const started = await editor.post(`/console/pages/${pageId}/experiment`, {
    ...form,
    name: "Agency headline: minutes or hours",
    "variant.b.name": "Hours saved",
    "variant.b.headline": "Give every client's inbox back the hours it loses to replies",
  });
  const location = started.headers.get("location") ?? "";
  experimentId = Number(/\/console\/experiments\/(\d+)/.exec(location)?.[1]);
  if (!experimentId) throw new Error(`experiment not started: ${started.status} ${(await started.text()).slice(0, 300)}`);
} finally {
  await server.stop();
}

// A week of visits to the page since the experiment started, some of which wrote and booked demos.
handle = await openDatabase({ dataDir });
await handle.db.execute(sql`UPDATE experiments SET started_at = now() - interval '7 days' WHERE id = ${experimentId}`);
await handle.db.execute(sql`
  INSERT INTO analytics_page_views (at, day, visitor, path, referrer, device)
  SELECT now() - make_interval(mins => 10 + n * 5), (now() - make_interval(mins => 10 + n * 5))::date, 900000 + n, ${PATH},
    (ARRAY[NULL, 'www.linkedin.com', 'www.google.com'])[1 + n % 3], (ARRAY['desktop', 'mobile'])[1 + n % 2]
  FROM generate_series(1, 1900) AS n`);
await handle.db.execute(sql`
  INSERT INTO contact_requests (name, email, message, created_at, landing_page, visitor_id, stage)
  SELECT 'Agency ' || n, 'agency' || n || '@example.com', 'We run outbound for our clients.', now() - make_interval(mins => n * 40), ${PATH}, 900000 + n * 37,
    (ARRAY['new', 'qualified', 'won'])[1 + n % 3]
  FROM generate_series(1, 45) AS n`);
await handle.db.execute(sql`
  INSERT INTO demo_leads (name, email, created_at, landing_page, visitor_id, stage)
  SELECT 'Demo ' || n, 'demo' || n || '@example.com', now() - make_interval(mins => n * 50), ${PATH}, 900000 + n * 53, 'meeting-booked'
  FROM generate_series(1, 30) AS n`);
await handle.db.execute(sql`
  INSERT INTO demo_bookings (lead_id, provider, booking_id, status, meeting_at, created_at)
  SELECT id, 'cal', 'sample-' || id, 'booked', created_at + interval '2 days', created_at FROM demo_leads`);
await handle.close();

await takeScreenshots(
  { outDir: process.env.SCREENSHOTS_OUT ?? "reports/screenshots/campaign", env: { DATA_DIR: dataDir } },
  async (page, { url, shot }) => {
    await page.goto(`${url}${PATH}`, { waitUntil: "networkidle" });
    await renderWholePage(page);
    await shot("campaign-page");
    await page.goto(`${url}/console/sign-in`);
    await page.getByLabel("Email address").fill(OPERATOR.email);
    await page.getByLabel("Password").fill(OPERATOR.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((address) => !address.pathname.endsWith("/sign-in"));
    for (const [name, address] of [
      ["pages", "/console/pages"],
      ["page-editor", `/console/pages/${pageId}`],
      ["experiment-new", `/console/pages/${pageId}/experiment?block=feature-grid-1`],
      ["experiment-report", `/console/experiments/${experimentId}`],
      ["experiments", "/console/experiments"],
    ] as const) {
      await page.goto(`${url}${address}`);
      await shot(name);
    }
    // A refused publication as the editor meets it: the summary in view.
    await page.goto(`${url}/console/pages/${pageId}`);
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
    await page.getByLabel("Description", { exact: true }).fill("");
    await page.getByRole("button", { name: "Publish now" }).click();
    await page.locator("[data-error-summary]").waitFor();
    await shot("page-editor-refused", { fullPage: false });
  },
);
