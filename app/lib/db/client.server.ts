import { execFile } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { holdPgliteFolder } from "./pglite-lock.server";

/**
 * What both drivers have in common: the query builder. It carries no schema (decision 039): every query names the tables
 * it reads, each imported from the feature that owns it, so the database client knows no feature (and nothing here uses
 * drizzle's relational `db.query`).
 */
export type Database = PgDatabase<PgQueryResultHKT>;

/** The query builder inside `db.transaction(...)`: what runs with the lead, commits with it or not at all. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The database as a request sees it (app/context.ts hands it to loaders and actions). */
export interface DatabaseService {
  db: Database;
  /** Resolves once the migrations are applied; rejects while the database cannot be reached. */
  ready: () => Promise<void>;
}

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
  /**
   * The server's PGlite: a data folder that cannot be opened (damaged, or written by another PostgreSQL version) does not
   * throw; every query fails until a later attempt, at most every `PGLITE_RETRY_MS`, opens it (product decision 21).
   */
  keepTrying?: boolean;
}

const PING_TIMEOUT_MS = 2000;

/** After `retries` failed connection attempts in a row: 10 ms doubling to a second, with jitter so the pool spreads out. */
export function reconnectDelaySeconds(retries: number): number {
  return (0.5 + Math.random() / 2) * Math.min(2 ** retries / 100, 1);
}

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

/** Attempts to open a PGlite data folder that failed: from 5 s apart, doubling to a minute (each costs a second of CPU). */
const PGLITE_RETRY_MS = { first: 5_000, max: 60_000 };

type PgliteClient = Pick<PGlite, "query" | "transaction" | "listen" | "close">;

/**
 * A PGlite that opens on first use and again after a failure, for drizzle and the handle: what they call on a client,
 * each waiting for the folder to open, or failing at once while the last attempt failed less than a pause ago.
 */
function reopeningPglite(open: () => Promise<PGlite>, first: Promise<PGlite>): PgliteClient {
  let client: PGlite | undefined;
  let attempt: Promise<PGlite> | undefined;
  let pause = PGLITE_RETRY_MS.first;
  let retryAt = 0;
  let lastError: unknown;
  const track = (opening: Promise<PGlite>) => {
    attempt = opening.then(
      (opened) => (client = opened),
      (error: unknown) => {
        attempt = undefined;
        lastError = error;
        retryAt = Date.now() + pause;
        pause = Math.min(pause * 2, PGLITE_RETRY_MS.max);
        console.error(`PGlite could not open its data folder: ${error instanceof Error ? error.message : String(error)}`);
        throw error;
      },
    );
    attempt.catch(() => {});
  };
  track(first);
  const current = (): Promise<PGlite> => {
    if (client) return Promise.resolve(client);
    if (!attempt && Date.now() < retryAt) return Promise.reject(lastError);
    if (!attempt) track(open());
    return attempt!;
  };
  return {
    query: (async (...args: Parameters<PGlite["query"]>) => (await current()).query(...args)) as PGlite["query"],
    transaction: (async (callback: Parameters<PGlite["transaction"]>[0]) =>
      (await current()).transaction(callback)) as PGlite["transaction"],
    listen: (async (...args: Parameters<PGlite["listen"]>) => (await current()).listen(...args)) as PGlite["listen"],
    async close() {
      await attempt?.catch(() => {});
      await client?.close();
    },
  };
}

export async function openDatabase({
  databaseUrl,
  dataDir,
  maxConnections = POOL_SIZE,
  seed,
  keepTrying = false,
}: DatabaseOptions): Promise<DatabaseHandle> {
  if (databaseUrl) {
    const client = postgres(databaseUrl, {
      max: maxConnections,
      connect_timeout: 5,
      idle_timeout: 60,
      // A stopped database must fail a request quickly rather than hang it; postgres.js reconnects by itself.
      connection: { application_name: "replywise-web", statement_timeout: 10_000 },
      // The pause before a connection tries again grows with the failed attempts of the whole pool; postgres.js's own
      // curve reaches 20 s, so after an outage with many refused attempts, queries waited that long for a database that
      // was back. At most a second: a waiting visitor gets the page or its 503 quickly.
      backoff: reconnectDelaySeconds,
      onnotice: () => {},
      // No catalog query on each new connection: postgres.js drops its promise, so when the database refuses it (a
      // restart, a failover) the process gets an unhandled rejection no caller can catch (porsager/postgres#1192).
      // The site stores no array columns, the one thing those types are fetched for.
      fetch_types: false,
    });
    return {
      db: drizzlePostgres({ client }) as unknown as Database,
      driver: "postgres",
      ping: () => answers(client`SELECT 1`),
      async listen(channel, onNotify, onListening) {
        await client.listen(channel, onNotify, onListening);
      },
      close: () => client.end({ timeout: 5 }),
    };
  }

  let location: string | undefined;
  if (dataDir) location = path.resolve(dataDir, "pglite");
  // The folder is this process's while it is open (./pglite-lock.server.ts); another process is refused, not let in.
  let release = () => {};
  const open = async () => {
    if (location) {
      release = holdPgliteFolder(location);
      mkdirSync(location, { recursive: true });
    }
    try {
      if (location && !existsSync(path.join(location, "PG_VERSION"))) await initializeInChild(location);
      // relaxedDurability stays false (PGlite's default): every query's writes reach the files before it resolves,
      // so an acknowledged submission survives the process being killed (tests/operations/durability.test.ts).
      // pg_trgm backs the leads list's substring search (migration trigram_search); PostgreSQL ships it in contrib. It cannot
      // load lazily: every insert into a lead table updates a trigram index.
      return await PGlite.create({
        dataDir: location,
        loadDataDir: location ? undefined : seed,
        relaxedDurability: false,
        extensions: { pg_trgm },
        startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
      });
    } catch (error) {
      release();
      throw error;
    }
  };
  const first = open();
  // Settled before the server listens, so a start that can open the folder is ready as before.
  const client = keepTrying ? reopeningPglite(open, first) : await first;
  if (keepTrying) await first.catch(() => {});
  return {
    // drizzle calls only query and transaction on its client.
    db: drizzlePglite({ client: client as PGlite }) as unknown as Database,
    driver: "pglite",
    ping: () => answers(client.query("SELECT 1")),
    async listen(channel, onNotify, onListening) {
      await client.listen(channel, onNotify);
      onListening?.();
    },
    async close() {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}
