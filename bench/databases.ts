import { startPostgres, type PostgresCluster } from "../tests/support/server/postgres";

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

/** One autocannon run's figures, as the load tables print them. */
export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  errors: number;
}

/** The table of load runs: a row per database and kind of request, in the order given. */
export function printLoadTable(kind: string, rows: { database: string; loads: [label: string, load: LoadFigures][] }[]): void {
  console.log(`| Database | ${kind} | req/s | p50 ms | p99 ms | 2xx | other |`);
  console.log("|---|---|---|---|---|---|---|");
  for (const { database, loads } of rows)
    for (const [label, load] of loads)
      console.log(`| ${database} | ${label} | ${load.rps} | ${load.p50} | ${load.p99} | ${load.ok} | ${load.errors} |`);
}
