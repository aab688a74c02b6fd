// npm run size:campaign (after `npm run build`): `npm run size`'s table and font check for the campaign pages
// (docs/decisions/047), which live in the database and so are not among the built pages `npm run size` reads: the built
// server is started, the two pages of bench/campaign-fixture.ts are made through the console's forms, and each page as
// served (the experiment page once per variant) is measured as `npm run size` measures a built page. A campaign page
// ships no framework JavaScript (decision 041): 0 KB and 0 requests, only the page scripts of its forms, inline.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { checkSize } from "../scripts/size";
import { CLIENT_DIR, type BuiltPage } from "../scripts/support/built-pages";
import { firstLoadScripts } from "../scripts/support/first-load";
import { startServer } from "../tests/support/serve-build";
import { addCampaignEditor, BROWSER_USER_AGENTS, CAMPAIGN_PAGES, seedCampaignPages } from "./campaign-fixture";

const dataDir = mkdtempSync(path.join(tmpdir(), "size-campaign-"));
await addCampaignEditor({ dataDir });
const server = await startServer({ DATA_DIR: dataDir });
const pages: BuiltPage[] = [];
try {
  await seedCampaignPages(server.url);
  for (const page of CAMPAIGN_PAGES) {
    // Each user agent is another visitor: between them they see every variant of a page in an experiment.
    const renderings = new Set<string>();
    for (const userAgent of BROWSER_USER_AGENTS)
      renderings.add(await (await fetch(`${server.url}${page}`, { headers: { "user-agent": userAgent } })).text());
    [...renderings].forEach((html, index) =>
      pages.push({ route: renderings.size > 1 ? `${page} (variant ${index + 1} of ${renderings.size})` : page, html, source: "server" }),
    );
  }
} finally {
  await server.stop();
}
const ok = checkSize(pages);
// Within the budget is not enough here: a campaign page loads no script at all.
const withScripts = pages.filter(
  (page) => firstLoadScripts(page.html, (url) => readFileSync(path.join(CLIENT_DIR, ...url.split("/")), "utf8")).length > 0,
);
for (const page of withScripts) console.error(`\n${page.route}: loads framework JavaScript, which no campaign page may (decision 041)`);
if (!ok || withScripts.length > 0) process.exitCode = 1;
