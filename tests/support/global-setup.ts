import { rmSync } from "node:fs";
import { temporaryFilesInMemory } from "./memory-tmpdir";
import { PGLITE_TEMPLATE, preparePgliteTemplate } from "./pglite-template";
import { preparePostgresTemplate, startPostgres, TEST_POSTGRES_TEMPLATE, TEST_POSTGRES_URL } from "./server/postgres";

/**
 * One PostgreSQL cluster for a whole test run (Vitest's server project and Playwright each call this once): every test
 * file or worker creates a database of its own on it (`createTestDatabase`), a copy of the one the run migrated here.
 * Likewise one migrated PGlite that every PGlite database of the run starts as a copy of
 * (tests/support/pglite-template.ts). Workers inherit all three through the environment, and TMPDIR: the run's
 * temporary files live in memory where the machine allows (./memory-tmpdir.ts).
 */
export default async function startRunPostgres() {
  if (process.env[TEST_POSTGRES_URL]) return () => {};
  const removeTemporaryFiles = temporaryFilesInMemory();
  // Side by side: PostgreSQL's initdb runs in its own process while PGlite's runs in this one.
  const [[cluster, migrated], template] = await Promise.all([
    startPostgres().then(async (started) => {
      try {
        return [started, await preparePostgresTemplate(started.url)] as const;
      } catch (error) {
        started.destroy();
        throw error;
      }
    }),
    preparePgliteTemplate(),
  ]).catch((error: unknown) => {
    removeTemporaryFiles();
    throw error;
  });
  process.env[TEST_POSTGRES_URL] = cluster.url;
  process.env[TEST_POSTGRES_TEMPLATE] = migrated;
  process.env[PGLITE_TEMPLATE] = template;
  return () => {
    delete process.env[TEST_POSTGRES_URL];
    delete process.env[TEST_POSTGRES_TEMPLATE];
    delete process.env[PGLITE_TEMPLATE];
    cluster.destroy();
    rmSync(template, { recursive: true, force: true });
    removeTemporaryFiles();
  };
}
