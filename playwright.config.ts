import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { defineAppGlobals } from "./app/lib/env.server";
import { seedDataDir } from "./tests/support/pglite-template";
import { PGLITE_TEST_NODE_FLAGS, TEST_SERVER_NODE_FLAGS } from "./tests/support/test-node-flags";
import { CHROMIUM_FLAGS, freePort, TEST_CHROMIUM_PATH } from "./tests/support/serve-build";

// Chosen once by the runner; workers inherit these through the environment.
process.env.E2E_PORT ||= String(await freePort());
process.env.E2E_DATA_DIR ||= mkdtempSync(path.join(tmpdir(), "replywise-e2e-"));
// The shared server starts on the run's migrated PGlite when `npm run test:suites` made one before Playwright started.
seedDataDir(process.env.E2E_DATA_DIR);
// Playwright fills a form faster than any person: the time trap (decision 020) would hold the journeys' posts as spam.
// Every server of the run inherits this; the trap's own journey starts a server with it on.
process.env.FORM_MIN_FILL_SECONDS ||= "0";
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
// Each worker loads this file before the test files, which import features' public modules: what Vite defines for them.
defineAppGlobals();

if (TEST_CHROMIUM_PATH.endsWith("/chromium") && !process.env.TEST_WORKER_INDEX)
  console.warn("Browser tests on the full Chromium: `apt-get install chromium-headless-shell` runs them in about half the time.");

const chromiumLaunchOptions = {
  executablePath: TEST_CHROMIUM_PATH,
  args: CHROMIUM_FLAGS.filter((flag) => !flag.startsWith("--headless")),
};

export default defineConfig({
  // A feature's browser journeys sit beside its server tests: tests/<feature>/*.spec.ts.
  testDir: "tests",
  testMatch: "**/*.spec.ts",
  testIgnore: "**/support/**",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // No retries: a test that fails under load is fixed, not run again.
  retries: 0,
  workers: 2,
  // A journey's budget. `npm test` runs the server suites beside the browser on the same two cores, where a journey of
  // 15 s alone took past 30 s (the editor's "two editors", the newsletter's, the footer's links): 60 s keeps the bar
  // at about four times a journey's time at rest. A step that hangs still fails at the expectation's 10 s.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The budget reporter fails a run past the suite's count or minutes, or with a skipped test (docs/decisions/017).
  reporter: [["list"], ...(process.env.CI ? [] : [["html", { open: "never" }] as const]), ["./tests/support/browser/budget-reporter.ts"]],
  use: {
    baseURL,
    browserName: "chromium",
    launchOptions: chromiumLaunchOptions,
    // Recording a trace slows every action; ask for one when debugging: `npm run test:e2e -- --trace on`.
    trace: "off",
  },
  // One PostgreSQL cluster for the run; the fixtures make a database of their own on it (tests/support/server/postgres.ts).
  globalSetup: "./tests/support/global-setup.ts",
  projects: [
    // A browser's own user agent: headless Chromium names itself HeadlessChrome, which the server's analytics (rightly)
    // takes for a bot and does not count (docs/decisions/021).
    {
      name: "desktop",
      // What only a phone's width shows (@phone) runs in the mobile project alone.
      grepInvert: /@phone/,
      use: {
        viewport: { width: 1280, height: 800 },
        userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      },
    },
    // Only what a phone's width changes: @mobile where both widths are laid out differently (the header, axe on every
    // page and console screen), @phone what matters at a phone's width alone (its menu, what must fit its screen). The
    // journeys, the server and the data behave the same at any width and run on desktop only (docs/decisions/017).
    {
      name: "mobile",
      grep: /@mobile|@phone/,
      use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, browserName: "chromium" },
    },
  ],
  webServer: {
    command: ["node", ...TEST_SERVER_NODE_FLAGS, ...PGLITE_TEST_NODE_FLAGS, "server.js"].join(" "),
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: process.env.E2E_PORT,
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR,
      // Keeps the abuse limits from tripping over the suite's own traffic; their tests use their own server.
      RATE_LIMIT_MAX: "10000",
      FORM_MIN_FILL_SECONDS: process.env.FORM_MIN_FILL_SECONDS,
    },
  },
});
