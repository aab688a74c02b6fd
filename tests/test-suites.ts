import { concurrently } from "concurrently";
import startRunDatabases from "./support/global-setup";

// `npm run test:suites`: the server tests and the browser tests side by side, on one PostgreSQL cluster and one migrated
// PGlite template for both (each runner's own global setup then finds them and starts nothing), and both removed however
// the run ends: when one suite fails, concurrently stops the other, which then skips its own teardown.

const teardown = await startRunDatabases();
const { result } = concurrently(
  [
    { command: "npm run test:server", name: "server", prefixColor: "blue" },
    { command: "npm run test:e2e", name: "e2e", prefixColor: "magenta" },
  ],
  { killOthersOn: ["failure"], timings: true },
);
let failed = false;
try {
  await result;
} catch {
  failed = true;
} finally {
  await teardown();
}
process.exitCode = failed ? 1 : 0;
