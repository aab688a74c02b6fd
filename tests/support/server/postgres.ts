import { execFile, execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, chownSync, mkdtempSync, rmSync } from "node:fs";
import { connect, createServer as createNetServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { openDatabase } from "../../../app/lib/db/client.server";
import { migrate } from "../../../app/lib/db/migrate.server";
import { freePort } from "../serve-build";

const BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";

/** Where a test run's one cluster listens; set by the runners' global setup (tests/support/global-setup.ts). */
export const TEST_POSTGRES_URL = "TEST_POSTGRES_URL";

/** The run's migrated database on that cluster, which `createTestDatabase` copies; set by the same global setup. */
export const TEST_POSTGRES_TEMPLATE = "TEST_POSTGRES_TEMPLATE";

function postgresUser(): { uid: number; gid: number } {
  const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
  const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
  return { uid, gid };
}

/** A PostgreSQL binary's command line, run as the `postgres` user (the server refuses to run as root). */
function postgresCommand(binary: string, args: string[]): [string, string[]] {
  if (process.getuid?.() !== 0) return [path.join(BIN, binary), args];
  return ["runuser", ["-u", "postgres", "--", path.join(BIN, binary), ...args]];
}

function asPostgres(binary: string, args: string[]) {
  const result = spawnSync(...postgresCommand(binary, args), { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${binary} failed: ${result.stderr || result.stdout}`);
}

/** The same without blocking: a run's setup makes its PGlite template meanwhile. */
function asPostgresInBackground(binary: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) =>
    execFile(...postgresCommand(binary, args), { encoding: "utf8" }, (error, stdout, stderr) =>
      error ? reject(new Error(`${binary} failed: ${stderr || stdout || error.message}`)) : resolve(),
    ),
  );
}

export interface PostgresCluster {
  url: string;
  port: number;
  /** Stops the server, keeping the data (to test a database that went away). */
  stop(): void;
  start(): void;
  /** Stops the server and deletes the cluster. */
  destroy(): void;
}

/**
 * A throwaway PostgreSQL 15 cluster in a temp dir, on a free port, trusting local connections. Tests share one per run
 * (`createTestDatabase`); the benchmarks start their own.
 */
export async function startPostgres(): Promise<PostgresCluster> {
  const dir = mkdtempSync(path.join(tmpdir(), "replywise-pg-"));
  chmodSync(dir, 0o700);
  if (process.getuid?.() === 0) {
    const { uid, gid } = postgresUser();
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, "data");
  const port = await freePort();
  await asPostgresInBackground("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  // Every test file's server opens a pool of its own on this one cluster.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=on -c max_connections=500`;
  const startArgs = ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", "start"];
  const start = () => asPostgres("pg_ctl", startArgs);
  const stop = () => asPostgres("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
  await asPostgresInBackground("pg_ctl", startArgs);
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop() {
      if (running) stop();
      running = false;
    },
    start() {
      if (!running) start();
      running = true;
    },
    destroy() {
      try {
        if (running) stop();
      } finally {
        running = false;
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** A database of its own on the run's cluster, for one test file or one worker. */
export interface TestDatabase {
  url: string;
  /**
   * Takes the database away from its clients, as an outage would: new connections are refused and open ones ended.
   * Only this database: the other test files on the cluster go on.
   */
  stop(): Promise<void>;
  /** Lets connections in again. */
  start(): Promise<void>;
  /** Ends its connections and drops it. */
  destroy(): Promise<void>;
}

/**
 * Migrates a database of the cluster once for the whole run (the runners' global setup), for `createTestDatabase` to
 * copy: a copy costs what an empty database does, and the migrations cost a few hundred milliseconds of both CPUs
 * each time (decision 017). Nobody connects to it afterwards, as PostgreSQL requires of a template.
 */
export async function preparePostgresTemplate(clusterUrl: string): Promise<string> {
  const name = "replywise_migrated";
  const sql = postgres(clusterUrl, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(`CREATE DATABASE "${name}"`);
  } finally {
    await sql.end({ timeout: 1 });
  }
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  try {
    await migrate(handle.db);
  } finally {
    await handle.close();
  }
  return name;
}

let admin: postgres.Sql | null = null;
let open = 0;
let created = 0;

/**
 * Creates a database on the cluster the test runner started (one cluster per run: initdb and a server start cost
 * seconds each, a CREATE DATABASE a few milliseconds): a copy of the run's migrated one, or with `empty` (a test of the
 * migrations themselves, a restore, a server's first start) an empty one.
 */
export async function createTestDatabase({ empty = false }: { empty?: boolean } = {}): Promise<TestDatabase> {
  const clusterUrl = process.env[TEST_POSTGRES_URL];
  if (!clusterUrl)
    throw new Error(`${TEST_POSTGRES_URL} is not set: run the tests through vitest or playwright, whose global setup starts PostgreSQL`);
  admin ??= postgres(clusterUrl, { max: 1, onnotice: () => {} });
  const sql = admin;
  const name = `test_${process.pid}_${++created}_${randomBytes(4).toString("hex")}`;
  const template = empty ? undefined : process.env[TEST_POSTGRES_TEMPLATE];
  await sql.unsafe(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`);
  open++;
  const allowConnections = (allowed: boolean) => sql.unsafe(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS ${allowed}`);
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async stop() {
      await allowConnections(false);
      await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ${name}`;
    },
    async start() {
      await allowConnections(true);
    },
    async destroy() {
      await sql.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      if (--open === 0 && admin === sql) {
        admin = null;
        await sql.end({ timeout: 1 });
      }
    },
  };
}

/**
 * The outbox lease for two server instances on one database: above the mailer's timeouts (10 s to connect, 30 s idle),
 * as production's 120 s is. Those tests prove the instances never claim the same job; a single send slower than the kill
 * tests' 2-3 s lease under load is the documented at-least-once window (decision 007), not what they test.
 */
export const TWO_INSTANCE_OUTBOX_ENV = { OUTBOX_LEASE_SECONDS: "60" };

/**
 * A port in front of a test database that can stop listening, so that clients meet what a stopped server gives them:
 * refused connections (ECONNREFUSED), not the FATAL answer of a database that is closed to connections.
 */
export async function refusingProxy(
  databaseUrl: string,
): Promise<{ url: string; refuse(): Promise<void>; accept(): Promise<void>; reset(): void }> {
  const target = new URL(databaseUrl);
  const port = await freePort();
  const sockets = new Set<Socket>();
  const clients = new Set<Socket>();
  const server = createNetServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    clients.add(client);
    client.on("close", () => clients.delete(client));
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("error", () => {}).on("close", () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  const accept = () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  await accept();
  const url = new URL(databaseUrl);
  url.port = String(port);
  return {
    url: url.toString(),
    accept,
    refuse() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      return closed;
    },
    /** Resets every client connection (a TCP RST: the driver sees ECONNRESET), keeping the listener open. */
    reset() {
      for (const client of clients) client.resetAndDestroy();
    },
  };
}
