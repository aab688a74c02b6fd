import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "./schema";

/** What both drivers have in common: the query builder over our tables. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The query builder inside `db.transaction(...)`: what runs with the lead, commits with it or not at all. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  driver: "pglite" | "postgres";
  /** Whether a trivial query answers within a couple of seconds (the readiness check). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** `postgres://…`: a real PostgreSQL. Unset: PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite's data folder; unset keeps PGlite in memory (tests). */
  dataDir?: string | undefined;
  /** Connections per instance for PostgreSQL. */
  maxConnections?: number;
  /** For an in-memory PGlite: a dumped data folder to start from instead of an empty one (tests start migrated). */
  seed?: Blob | undefined;
}

const PING_TIMEOUT_MS = 2000;

async function answers(query: PromiseLike<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS)));
  try {
    return await Promise.race([Promise.resolve(query).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export async function openDatabase({ databaseUrl, dataDir, maxConnections = 10, seed }: DatabaseOptions): Promise<DatabaseHandle> {
  if (databaseUrl) {
    const client = postgres(databaseUrl, {
      max: maxConnections,
      connect_timeout: 5,
      idle_timeout: 60,
      // A stopped database must fail a request quickly rather than hang it; postgres.js reconnects by itself.
      connection: { application_name: "replywise-web", statement_timeout: 10_000 },
      onnotice: () => {},
    });
    return {
      db: drizzlePostgres({ client, schema }) as unknown as Database,
      driver: "postgres",
      ping: () => answers(client`SELECT 1`),
      close: () => client.end({ timeout: 5 }),
    };
  }

  let location: string | undefined;
  if (dataDir) {
    location = path.resolve(dataDir, "pglite");
    mkdirSync(location, { recursive: true });
  }
  // relaxedDurability stays false (PGlite's default): every query's writes reach the files before it resolves,
  // so an acknowledged submission survives the process being killed (tests/server/durability.test.ts).
  // pg_trgm backs the inbox's substring search (migration trigram_search); PostgreSQL ships it in contrib.
  const client = await PGlite.create({
    dataDir: location,
    loadDataDir: location ? undefined : seed,
    relaxedDurability: false,
    extensions: { pg_trgm },
  });
  return {
    db: drizzlePglite({ client, schema }) as unknown as Database,
    driver: "pglite",
    ping: () => answers(client.query("SELECT 1")),
    close: () => client.close(),
  };
}
