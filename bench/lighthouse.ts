// Lighthouse 12, mobile with default throttling, against the production build.
//   npm run lighthouse                      the main routes
//   npm run lighthouse -- / /pricing        chosen routes
//   npm run lighthouse -- --assert          exit 1 below the bars (performance 95, the rest 100; on indexable pages
//                                           also performance 99, LCP 1.5 s, TBT 50 ms, CLS 0)
//   npm run lighthouse -- --all             every prerendered page of build/ (noindex pages are scored without SEO)
//   npm run lighthouse -- --public          every public page the server answers, prerendered or rendered (the /forms/*
//                                           pages too; not the console, nor the 404 page, which Lighthouse refuses), and
//                                           two campaign pages built first through the console's forms (decision 047:
//                                           /agencies, and /webinars/spring with an experiment on its hero)
//   npm run lighthouse:public -- /agencies /webinars/spring   only those (a campaign page named is built the same way)
//   npm run lighthouse -- --runs 3          each page three times; the median run by performance is reported
//   LIGHTHOUSE_URL=https://… npm run lighthouse   an already running site instead of a local server
import "../scripts/support/app-globals";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { builtPages, prerenderedPages } from "../scripts/support/built-pages";
import { CHROMIUM_FLAGS, CHROMIUM_PATH, startServer } from "../tests/support/serve-build";
import { addCampaignEditor, CAMPAIGN_PAGES, seedCampaignPages } from "./campaign-fixture";

const DEFAULT_PATHS = [
  "/",
  "/features",
  "/pricing",
  "/contact",
  "/demo",
  "/roadmap",
  "/resources",
  "/blog",
  "/blog/why-speed-to-lead-wins-cold-email",
];
const BARS = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 } as const;
type Category = keyof typeof BARS;
/** The stricter bar of decision 012 for every page a search engine may index: score, and the metrics behind it. */
const INDEXABLE_BARS = { performance: 99, lcpMs: 1500, tbtMs: 50, cls: 0 } as const;
/** Every page's transfer on a first visit (HTML, CSS, fonts, images, scripts), decision 041. */
const TRANSFER_BAR_KB = 80;

const args = process.argv.slice(2);
const assert = args.includes("--assert");
const runs = Number(args[args.indexOf("--runs") + 1]) || 1;
const paths = args.filter((arg) => arg.startsWith("/"));
const prerendered = prerenderedPages();
/**
 * Every page a visitor can reach, by the address that reaches it; no console screen. Lighthouse refuses to score a 404
 * answer: so not the not-found page, and the download form's page with a resource chosen, as its link gives it.
 */
const DOWNLOAD_FORM_PAGE = "/forms/download?resource=cold-email-templates";
const known = (args.includes("--public") ? await builtPages() : prerendered)
  .filter((page) => page.route !== "404" && !page.route.startsWith("/console"))
  .map((page) => (page.route === "/forms/download" ? { ...page, route: DOWNLOAD_FORM_PAGE } : page));
const campaignPages: readonly string[] = args.includes("--public") ? CAMPAIGN_PAGES : [];
const targets =
  paths.length > 0
    ? paths
    : args.includes("--public") || args.includes("--all")
      ? [...known.map((page) => page.route), ...campaignPages]
      : DEFAULT_PATHS;
// The campaign pages live in the database: a local server gets them from an editor at its console first.
const seeded = !process.env.LIGHTHOUSE_URL && targets.some((target) => (CAMPAIGN_PAGES as readonly string[]).includes(target));
const dataDir = mkdtempSync(path.join(tmpdir(), "lighthouse-site-"));
if (seeded) await addCampaignEditor({ dataDir });

const server = process.env.LIGHTHOUSE_URL ? null : await startServer({ DATA_DIR: dataDir });
const origin = process.env.LIGHTHOUSE_URL ?? server!.url;
if (seeded) await seedCampaignPages(origin);
const outDir = path.resolve("reports/lighthouse");
mkdirSync(outDir, { recursive: true });

const rows: Record<string, Record<Category, number> & { lcpMs: number; cls: number; tbtMs: number; transferKB: number; requests: number }> =
  {};
try {
  for (const target of targets) {
    // A page reached only by a mail's link (a confirmation, an unsubscribe) answers 4xx without its token: Lighthouse
    // refuses to score that, and the page a visitor meets is the one with the token.
    const status = (await fetch(`${origin}${target}`)).status;
    if (status >= 400) {
      console.log(`  ${target}: answers ${status} without its link's token, not scored`);
      continue;
    }
    const measured: { row: (typeof rows)[string]; report: string; lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"] }[] = [];
    for (let run = 0; run < runs; run++) {
      // A fresh profile per run: no cache, no stored theme, like a first visit.
      const chrome = await launch({
        chromePath: CHROMIUM_PATH,
        chromeFlags: [...CHROMIUM_FLAGS, `--user-data-dir=${mkdtempSync(path.join(tmpdir(), "lh-profile-"))}`],
      });
      try {
        // Lighthouse sometimes fails to record the trace (NO_NAVSTART, "please run again"): that is not a score of 0.
        let result: Awaited<ReturnType<typeof lighthouse>>;
        for (let attempt = 1; ; attempt++) {
          result = await lighthouse(`${origin}${target}`, {
            port: chrome.port,
            output: "html",
            logLevel: "error",
            onlyCategories: Object.keys(BARS),
          });
          const error = result?.lhr.runtimeError;
          if (!error) break;
          if (attempt === 3) throw new Error(`${target}: Lighthouse failed three times: ${error.code} ${error.message}`);
          console.log(`  ${target}: ${error.code}, running again`);
        }
        if (!result) throw new Error(`no result for ${target}`);
        const { categories, audits } = result.lhr;
        const score = (id: Category) => Math.round((categories[id]?.score ?? 0) * 100);
        measured.push({
          lhr: result.lhr,
          report: String(result.report),
          row: {
            performance: score("performance"),
            accessibility: score("accessibility"),
            "best-practices": score("best-practices"),
            seo: score("seo"),
            lcpMs: Math.round(audits["largest-contentful-paint"]?.numericValue ?? 0),
            cls: Number((audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
            tbtMs: Math.round(audits["total-blocking-time"]?.numericValue ?? 0),
            transferKB: Number(((audits["total-byte-weight"]?.numericValue ?? 0) / 1024).toFixed(1)),
            requests: (audits["network-requests"]?.details as { items?: unknown[] } | undefined)?.items?.length ?? 0,
          },
        });
      } finally {
        chrome.kill();
      }
    }
    // The median run by performance score (then LCP), so one noisy run neither flatters nor sinks a page.
    measured.sort((a, b) => a.row.performance - b.row.performance || b.row.lcpMs - a.row.lcpMs);
    const median = measured[Math.floor((measured.length - 1) / 2)]!;
    rows[target] = median.row;
    const name = target === "/" ? "home" : target.slice(1).replace(/\//g, "_");
    writeFileSync(path.join(outDir, `${name}.html`), median.report);
    const { categories, audits } = median.lhr;
    for (const id of Object.keys(BARS) as Category[]) {
      for (const ref of categories[id]?.auditRefs ?? []) {
        const audit = audits[ref.id];
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1 && id !== "performance") {
          console.log(`  ${target} ${id}: ${audit.id} – ${audit.title}`);
        }
      }
    }
  }
} finally {
  await server?.stop();
}

console.table(rows);
writeFileSync(path.join(outDir, "summary.json"), `${JSON.stringify({ origin, measuredAt: new Date().toISOString(), rows }, null, 2)}\n`);
// A noindex page tells crawlers to stay away on purpose; SEO is not its bar.
const noindex = new Set(known.filter((page) => /<meta name="robots" content="[^"]*noindex/.test(page.html)).map((page) => page.route));
const failures = Object.entries(rows).flatMap(([target, row]) => [
  ...(Object.keys(BARS) as Category[])
    .filter((id) => row[id] < BARS[id] && !(id === "seo" && noindex.has(target)))
    .map((id) => `${target} ${id} ${row[id]} < ${BARS[id]}`),
  ...(row.transferKB > TRANSFER_BAR_KB ? [`${target} transfer ${row.transferKB} KB > ${TRANSFER_BAR_KB} KB`] : []),
  ...(noindex.has(target)
    ? []
    : [
        row.performance < INDEXABLE_BARS.performance && `${target} performance ${row.performance} < ${INDEXABLE_BARS.performance}`,
        row.lcpMs > INDEXABLE_BARS.lcpMs && `${target} LCP ${row.lcpMs} ms > ${INDEXABLE_BARS.lcpMs} ms`,
        row.tbtMs > INDEXABLE_BARS.tbtMs && `${target} TBT ${row.tbtMs} ms > ${INDEXABLE_BARS.tbtMs} ms`,
        row.cls > INDEXABLE_BARS.cls && `${target} CLS ${row.cls} > ${INDEXABLE_BARS.cls}`,
      ].filter((failure) => failure !== false)),
]);
if (failures.length > 0) {
  console.log(`Below the bar:\n  ${failures.join("\n  ")}`);
  if (assert) process.exit(1);
}
