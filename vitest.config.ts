import { defineConfig } from "vitest/config";
import { publicConfig, readEnv } from "./app/lib/env.server.ts";
import { appAlias, appDefine } from "./vite.config.ts";
import { PGLITE_TEST_NODE_FLAGS, TEST_SERVER_NODE_FLAGS } from "./tests/support/test-node-flags.ts";
import SlowFirstSequencer from "./tests/support/slow-first-sequencer.ts";

// Two projects. `unit`: tests beside the code, no server, no database: the seconds-long inner loop
// (`npm run test:unit`). `server`: tests/<feature>/*.test.ts, against the built server, PGlite and the run's one PostgreSQL
// cluster (`npm run test:server`, after `npm run build`), and the tests beside the code that open a database
// (`*.db.test.ts`). Browser journeys are the `*.spec.ts` beside them (Playwright).
export default defineConfig({
  resolve: { alias: appAlias },
  // A test process reads the configuration as it starts, as the server does (docs/decisions/042).
  define: { ...appDefine, __PUBLIC_CONFIG__: JSON.stringify(publicConfig(readEnv())) },
  test: {
    environment: "node",
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts", "readers/**/*.test.ts"],
          exclude: ["**/*.db.test.ts"],
          // Modules imported once per worker, not once per file: 20 s of CPU instead of 30. The one module mock (sharp,
          // in cover-upload.server.test.ts) only counts calls, and that file is the only one importing sharp's users;
          // its own count assertions fail if the mock ever misses.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "server",
          include: ["tests/**/*.test.ts", "{app,server,scripts}/**/*.db.test.ts"],
          globalSetup: ["tests/support/global-setup.ts"],
          // Long enough for a server to start while the browser tests share the two cores.
          testTimeout: 90_000,
          hookTimeout: 90_000,
          // The server suites mostly wait (on servers, databases, a mail server that is away): more files at once than
          // cores keeps the run short on a 2-core machine.
          maxWorkers: 3,
          // Each worker imports the app and its drivers once for all its files, not once per file (import time 31 s to
          // 11 s, a sixth of the project's CPU): these files mock nothing and share no state but what they start.
          isolate: false,
          // The workers compile as the servers under test do (tests/support/test-node-flags.ts), PGlite included for the
          // files that open it in the worker (`*.db.test.ts`, the harness).
          execArgv: [...TEST_SERVER_NODE_FLAGS, ...PGLITE_TEST_NODE_FLAGS],
        },
      },
    ],
  },
});
