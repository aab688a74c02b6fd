/**
 * Node's flags for a test process that runs PGlite: its WebAssembly stays on V8's baseline compiler (Liftoff). By
 * default V8 recompiles PostgreSQL's hot functions with its optimizing compiler in the background: 0.65 s of CPU at
 * every start, as much as the rest of a start, for test servers that mostly live seconds. The run's CPU fell by more
 * than the slower code cost (decision 017). Production keeps V8's default. (`npm run test:suites` passes the flag
 * itself, for the run's PGlite template.)
 */
export const PGLITE_TEST_NODE_FLAGS = ["--liftoff-only"];
