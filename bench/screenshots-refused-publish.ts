// A refused publish as an editor meets it (decision 046): a post without a cover, "Publish now" pressed, and the screen
// as it is then (not the full page: what is in view is the point), at 390 and 1280 px, light and dark.
//   npx tsx bench/screenshots-refused-publish.ts  (SCREENSHOTS_OUT: where the pictures go)
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { addOperator } from "../app/lib/console/operators.server";
import { openDatabase } from "../app/lib/db/client.server";
import { migrate } from "../app/lib/db/migrate.server";
import { takeScreenshots } from "./take-screenshots";

const OPERATOR = { email: "editor@example.com", password: "screenshots passphrase" };

const dataDir = mkdtempSync(path.join(tmpdir(), "replywise-refused-shots-"));
const handle = await openDatabase({ dataDir });
await migrate(handle.db);
await addOperator(handle.db, OPERATOR.email, OPERATOR.password, "editor");
await handle.close();

let post = 0;
await takeScreenshots(
  { outDir: process.env.SCREENSHOTS_OUT ?? "reports/screenshots/editor-publish/after", env: { DATA_DIR: dataDir } },
  async (page, { url, shot }) => {
    await page.goto(`${url}/console/sign-in`);
    await page.getByLabel("Email address").fill(OPERATOR.email);
    await page.getByLabel("Password").fill(OPERATOR.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((address) => !address.pathname.endsWith("/sign-in"));
    // A post with everything but its cover, saved as a draft.
    await page.goto(`${url}/console/posts/new`);
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
    post += 1;
    await page.getByLabel("Title").fill(`Follow-ups that land ${post}`);
    await page.getByLabel("Excerpt").fill("Three follow-ups that get a reply, and when to send each.");
    await page.getByLabel("Content (Markdown or HTML)").fill("## The first follow-up\n\nSend it two days after the first touch.");
    await page.getByLabel("Author").fill("Sarah Johnson");
    await page.getByLabel("Category").selectOption({ index: 1 });
    await page.getByRole("button", { name: "Save draft" }).click();
    await page.waitForURL(/\/console\/posts\/\d+/);
    await page.getByRole("button", { name: "Publish now" }).click();
    await page
      .getByText(/not published/i)
      .first()
      .waitFor();
    await shot("post-refused", { fullPage: false });
    await shot("post-refused-full");
  },
);
