import { concurrently, type ConcurrentlyCommandInput } from "concurrently";
import startRunDatabases from "../tests/support/global-setup";

// `npm test` in two phases (docs/decisions/017). First the checks that need no build, the unit tests and the build,
// side by side; meanwhile the run's one PostgreSQL cluster and migrated PGlite template start (each runner's own global
// setup then finds them and starts nothing). Then, on those databases, the server suites, the browser suites and the build's size and HTML checks, side by side. The databases
// are removed however the run ends: when one command fails, concurrently stops the others, which then skip their own
// teardown. `npm run test:suites` (`--suites`) runs the second phase alone, after `npm run build`.

const FIRST_PHASE: ConcurrentlyCommandInput[] = [
  { command: "npm run typecheck", name: "typecheck" },
  { command: "npm run lint", name: "lint" },
  { command: "npm run format:check", name: "format" },
  { command: "npm run build", name: "build" },
  { command: "npm run test:unit", name: "unit" },
];

const SECOND_PHASE: ConcurrentlyCommandInput[] = [
  { command: "npm run test:server", name: "server", prefixColor: "blue" },
  { command: "npm run test:e2e", name: "e2e", prefixColor: "magenta" },
  { command: "npm run check:build", name: "check", prefixColor: "green" },
];

async function sideBySide(commands: ConcurrentlyCommandInput[], group: boolean) {
  await concurrently(commands, { group, killOthersOn: ["failure"], timings: true }).result;
}

const databases = startRunDatabases();
// Awaited after the first phase; a failure to start is reported there, not as an unhandled rejection now.
databases.catch(() => {});
let failed = false;
try {
  if (!process.argv.includes("--suites")) await sideBySide(FIRST_PHASE, true);
  await databases;
  await sideBySide(SECOND_PHASE, false);
} catch (error) {
  failed = true;
  // concurrently has said which command failed (it rejects with their close events); anything else is said here.
  if (!Array.isArray(error)) console.error(error);
} finally {
  const teardown = await databases.catch(() => null);
  await teardown?.();
}
process.exitCode = failed ? 1 : 0;
