// Every public page at phone and desktop width, light and dark, into reports/screenshots/.
//   npm run screenshots                 all pages of app/content/paths.ts
//   npm run screenshots -- /pricing     chosen pages
import { publicPages } from "../app/content/paths";
import { renderWholePage, takeScreenshots } from "./take-screenshots";

const chosen = process.argv.slice(2).filter((arg) => arg.startsWith("/"));
const targets = chosen.length > 0 ? chosen : publicPages.map((page) => page.path);

await takeScreenshots({ outDir: "reports/screenshots" }, async (page, { url, shot }) => {
  for (const target of targets) {
    await page.goto(`${url}${target}`, { waitUntil: "networkidle" });
    await renderWholePage(page);
    await shot(target === "/" ? "home" : target.slice(1).replace(/\//g, "_"));
  }
});
