import { test as base } from "./test";
import postgres from "postgres";
import { startPostgres, type PostgresCluster } from "../../server/support/postgres";
import { startServer, type RunningServer } from "../../../scripts/support/serve-build";

interface FormsWorld {
  server: RunningServer;
  cluster: PostgresCluster;
  sql: postgres.Sql;
}

/**
 * Each worker gets its own server on its own PostgreSQL 15 cluster, so a test can read the rows a journey
 * wrote and stop the database to see the failure messages without disturbing other workers.
 */
export const test = base.extend<{ db: FormsWorld }, { forms: FormsWorld }>({
  forms: [
    // Playwright reads the fixtures a function needs from its destructured first parameter.
    async ({}, provide) => {
      const cluster = await startPostgres();
      // The journeys' own posts must not trip the abuse limits; their tests start servers of their own.
      const server = await startServer({ DATABASE_URL: cluster.url, RATE_LIMIT_MAX: "10000" });
      const sql = postgres(cluster.url, { max: 2, onnotice: () => {} });
      await provide({ server, cluster, sql });
      await sql.end({ timeout: 1 });
      await server.stop();
      cluster.destroy();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ forms }, provide) => provide(forms.server.url),
  db: async ({ forms }, provide) => {
    await provide(forms);
    // A test that stopped the database leaves it running for the next one.
    forms.cluster.start();
  },
});

export { expect } from "./test";

/** A unique address per test run, so parallel projects never see each other's rows. */
export function uniqueEmail(label: string) {
  return `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;
}
