import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, chownSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../../scripts/support/serve-build";

const BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";

function postgresUser(): { uid: number; gid: number } {
  const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
  const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
  return { uid, gid };
}

/** Runs a PostgreSQL binary as the `postgres` user (the server refuses to run as root). */
function asPostgres(binary: string, args: string[]) {
  const command = process.getuid?.() === 0 ? "runuser" : path.join(BIN, binary);
  const fullArgs = process.getuid?.() === 0 ? ["-u", "postgres", "--", path.join(BIN, binary), ...args] : args;
  const result = spawnSync(command, fullArgs, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${binary} failed: ${result.stderr || result.stdout}`);
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

/** A throwaway PostgreSQL 15 cluster in a temp dir, on a free port, trusting local connections. */
export async function startPostgres(): Promise<PostgresCluster> {
  const dir = mkdtempSync(path.join(tmpdir(), "replywise-pg-"));
  chmodSync(dir, 0o700);
  if (process.getuid?.() === 0) {
    const { uid, gid } = postgresUser();
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, "data");
  const port = await freePort();
  asPostgres("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=on -c max_connections=200`;
  const start = () => asPostgres("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", "start"]);
  const stop = () => asPostgres("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
  start();
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
