/**
 * Node's flags for a test process that runs PGlite: its WebAssembly stays on V8's baseline compiler (Liftoff). By
 * default V8 recompiles PostgreSQL's hot functions with its optimizing compiler in the background: 0.65 s of CPU at
 * every start, as much as the rest of a start, for test servers that mostly live seconds. The run's CPU fell by more
 * than the slower code cost (decision 017). Production keeps V8's default. (`npm run test:suites` passes the flag
 * itself, for the run's PGlite template.)
 */
export const PGLITE_TEST_NODE_FLAGS = ["--liftoff-only"];

/**
 * Node's flags for a server under test and the server suites' workers: JavaScript stays on V8's interpreter and
 * baseline compiler, without its optimizing compiler (TurboFan). A test server lives seconds to a minute and answers a
 * few hundred requests; compiling its hot functions again in the background cost more CPU than the faster code saved:
 * a start on PostgreSQL 0.46 s instead of 0.53, on PGlite 0.70 s instead of 0.88, 400 pages 0.66 s instead of 0.88;
 * over the server suites, their servers 147 s instead of 170 and their workers 76 s instead of 82 (decision 017).
 * Production keeps V8's default; so do the unit tests and the tools (tsc, ESLint, Playwright's runner), which it did
 * not make cheaper.
 */
export const TEST_SERVER_NODE_FLAGS = ["--no-opt"];
