import { rmSync } from "node:fs";
import { PGLITE_TEMPLATE, preparePgliteTemplate } from "./pglite-template";
import { startPostgres, TEST_POSTGRES_URL } from "../server/support/postgres";

/**
 * One PostgreSQL cluster for a whole test run (Vitest's server project and Playwright each call this once): every test
 * file or worker creates a database of its own on it (`createTestDatabase`). Likewise one migrated PGlite that every
 * PGlite database of the run starts as a copy of (tests/support/pglite-template.ts). Workers inherit both through
 * the environment.
 */
export default async function startRunPostgres() {
  if (process.env[TEST_POSTGRES_URL]) return () => {};
  // Side by side: PostgreSQL's initdb runs in its own process while PGlite's runs in this one.
  const [cluster, template] = await Promise.all([startPostgres(), preparePgliteTemplate()]);
  process.env[TEST_POSTGRES_URL] = cluster.url;
  process.env[PGLITE_TEMPLATE] = template;
  return () => {
    delete process.env[TEST_POSTGRES_URL];
    delete process.env[PGLITE_TEMPLATE];
    cluster.destroy();
    rmSync(template, { recursive: true, force: true });
  };
}
