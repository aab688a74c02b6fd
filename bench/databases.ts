import { startPostgres, type PostgresCluster } from "../tests/server/support/postgres";

/**
 * Runs a benchmark on PGlite, then on PostgreSQL 15: `freshDatabase` gives the server's environment for a database of
 * its own (PGlite: startServer's own data folder; PostgreSQL: a cluster started for it and removed at the end).
 */
export async function onBothDatabases<Row>(
  bench: (database: "PGlite" | "PostgreSQL 15", freshDatabase: () => Promise<Record<string, string>>) => Promise<Row>,
): Promise<Row[]> {
  const clusters: PostgresCluster[] = [];
  try {
    return [
      await bench("PGlite", async () => ({})),
      await bench("PostgreSQL 15", async () => {
        const cluster = await startPostgres();
        clusters.push(cluster);
        return { DATABASE_URL: cluster.url };
      }),
    ];
  } finally {
    for (const cluster of clusters) cluster.destroy();
  }
}
