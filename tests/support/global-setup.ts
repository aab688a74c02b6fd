import { startPostgres, TEST_POSTGRES_URL } from "../server/support/postgres";

/**
 * One PostgreSQL cluster for a whole test run (Vitest's server project and Playwright each call this once): every test
 * file or worker creates a database of its own on it (`createTestDatabase`). Workers inherit the address through the
 * environment.
 */
export default async function startRunPostgres() {
  if (process.env[TEST_POSTGRES_URL]) return () => {};
  const cluster = await startPostgres();
  process.env[TEST_POSTGRES_URL] = cluster.url;
  return () => {
    delete process.env[TEST_POSTGRES_URL];
    cluster.destroy();
  };
}
