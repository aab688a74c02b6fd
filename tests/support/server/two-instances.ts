// Two instances of the built server on one throwaway PostgreSQL, and a client to read its rows: the setup of the tests
// that prove a change made through one instance reaches the other (publishing, site content, redirects).
import postgres from "postgres";
import { startServer, type RunningServer } from "../serve-build";
import { createTestDatabase, type TestDatabase } from "./postgres";

export interface TwoInstances {
  pg: TestDatabase;
  sql: postgres.Sql;
  a: RunningServer;
  b: RunningServer;
}

/** Starts `a`, lets `prepare` add what both need (accounts) once the schema exists, then starts `b`. */
export async function startTwoInstances(
  env: Record<string, string>,
  prepare: (databaseUrl: string) => Promise<void>,
): Promise<TwoInstances> {
  // Empty: `a`'s first start migrates it, as a new deployment's first instance does.
  const pg = await createTestDatabase({ empty: true });
  const sql = postgres(pg.url, { max: 2, onnotice: () => {} });
  const serverEnv = { DATABASE_URL: pg.url, ...env };
  const a = await startServer(serverEnv);
  await prepare(pg.url);
  const b = await startServer(serverEnv);
  return { pg, sql, a, b };
}

/** Stops whatever of the two started (a failed start leaves some unset). */
export async function stopTwoInstances({ pg, sql, a, b }: Partial<TwoInstances>): Promise<void> {
  await sql?.end({ timeout: 1 });
  await a?.stop();
  await b?.stop();
  await pg?.destroy();
}
