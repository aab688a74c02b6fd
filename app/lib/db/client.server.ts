import { execFile } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
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
  /**
   * Calls `onNotify` on every NOTIFY on the channel, from any instance, and `onListening` whenever the listener is
   * (re)connected: notifications sent while it was away are lost, so a listener re-reads what it caches then.
   */
  listen(channel: string, onNotify: () => void, onListening?: () => void): Promise<void>;
  close(): Promise<void>;
}

/** Connections per instance for PostgreSQL, unless `maxConnections` says otherwise. */
export const POOL_SIZE = 10;

export interface DatabaseOptions {
  /** `postgres://…`: a real PostgreSQL. Unset: PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite's data folder; unset keeps PGlite in memory (tests). */
  dataDir?: string | undefined;
  /** Connections per instance for PostgreSQL (default `POOL_SIZE`). */
  maxConnections?: number;
  /** For an in-memory PGlite: a dumped data folder to start from instead of an empty one (tests start migrated). */
  seed?: Blob | undefined;
}

const PING_TIMEOUT_MS = 2000;

/**
 * Memory (decision 020): PostgreSQL's default 128 MB of shared buffers are zeroed when PGlite starts, so all of it is
 * resident from the first second; a site's leads need a fraction of that, and the operating system caches the files.
 */
const PGLITE_SETTINGS = ["-c", "shared_buffers=16MB"];

/**
 * Creates a new PGlite data folder in a short-lived child process: initdb runs in a WebAssembly instance of its own
 * that the server process would otherwise keep about 400 MB of after it is done.
 */
async function initializeInChild(location: string) {
  const script = `import { PGlite } from "@electric-sql/pglite"; const db = await PGlite.create({ dataDir: process.argv[1] }); await db.close();`;
  await new Promise<void>((resolve, reject) => {
    execFile(process.execPath, ["--input-type=module", "-e", script, location], { cwd: process.cwd() }, (error, _stdout, stderr) =>
      error ? reject(new Error(`PGlite could not create its data folder: ${stderr.trim() || error.message}`)) : resolve(),
    );
  });
}

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

export async function openDatabase({ databaseUrl, dataDir, maxConnections = POOL_SIZE, seed }: DatabaseOptions): Promise<DatabaseHandle> {
  if (databaseUrl) {
    const client = postgres(databaseUrl, {
      max: maxConnections,
      connect_timeout: 5,
      idle_timeout: 60,
      // A stopped database must fail a request quickly rather than hang it; postgres.js reconnects by itself.
      connection: { application_name: "replywise-web", statement_timeout: 10_000 },
      onnotice: () => {},
      // No catalog query on each new connection: postgres.js drops its promise, so when the database refuses it (a
      // restart, a failover) the process gets an unhandled rejection no caller can catch (porsager/postgres#1192).
      // The site stores no array columns, the one thing those types are fetched for.
      fetch_types: false,
    });
    return {
      db: drizzlePostgres({ client, schema }) as unknown as Database,
      driver: "postgres",
      ping: () => answers(client`SELECT 1`),
      async listen(channel, onNotify, onListening) {
        await client.listen(channel, onNotify, onListening);
      },
      close: () => client.end({ timeout: 5 }),
    };
  }

  let location: string | undefined;
  if (dataDir) {
    location = path.resolve(dataDir, "pglite");
    mkdirSync(location, { recursive: true });
    if (!existsSync(path.join(location, "PG_VERSION"))) await initializeInChild(location);
  }
  // relaxedDurability stays false (PGlite's default): every query's writes reach the files before it resolves,
  // so an acknowledged submission survives the process being killed (tests/server/durability.test.ts).
  // pg_trgm backs the inbox's substring search (migration trigram_search); PostgreSQL ships it in contrib. It cannot
  // load lazily: every insert into a lead table updates a trigram index.
  const client = await PGlite.create({
    dataDir: location,
    loadDataDir: location ? undefined : seed,
    relaxedDurability: false,
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
  });
  return {
    db: drizzlePglite({ client, schema }) as unknown as Database,
    driver: "pglite",
    ping: () => answers(client.query("SELECT 1")),
    async listen(channel, onNotify, onListening) {
      await client.listen(channel, onNotify);
      onListening?.();
    },
    close: () => client.close(),
  };
}
