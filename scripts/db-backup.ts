import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import postgres from "postgres";
import { holdPgliteFolder } from "../app/lib/db/pglite-lock.server";
import { readEnv } from "../app/lib/env.server";

// npm run db:backup -- FILE    a consistent copy of the whole database (every table: leads, outbox, operators, audit...)
// npm run db:restore -- FILE   that copy into an empty database: DATABASE_URL's, or a DATA_DIR that holds no PGlite yet
// Reads DATABASE_URL / DATA_DIR like the server. PostgreSQL: pg_dump's custom format and pg_restore, from PG_BIN, else
// /usr/lib/postgresql/15/bin, else the PATH (use the server's major version or newer); runs beside the server.
// PGlite: its own dump of the data folder (a gzipped tar); one process at a time, so stop the server first (it refuses).
// How often and where to keep them: docs/operating.md, "Backups".

const PG_BIN = [process.env.PG_BIN, "/usr/lib/postgresql/15/bin"].find((dir) => dir && existsSync(path.join(dir, "pg_dump")));
const tool = (name: string) => (PG_BIN ? path.join(PG_BIN, name) : name);

function run(name: string, args: string[]) {
  const result = spawnSync(tool(name), args, { encoding: "utf8" });
  if (result.error) throw new Error(`${name} could not run (${result.error.message}); set PG_BIN to PostgreSQL's bin folder`);
  if (result.status !== 0) throw new Error(`${name} failed: ${result.stderr.trim()}`);
}

const pgliteDir = (dataDir: string) => path.resolve(dataDir, "pglite");

export async function backup(file: string, env = readEnv()) {
  if (env.DATABASE_URL) {
    run("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", "--file", file, `--dbname=${env.DATABASE_URL}`]);
    return;
  }
  const dir = pgliteDir(env.DATA_DIR);
  if (!existsSync(path.join(dir, "PG_VERSION"))) throw new Error(`No PGlite database in ${dir}`);
  // Refused while the server has the folder open (docs/decisions/032).
  const release = holdPgliteFolder(dir);
  try {
    const db = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
    try {
      const dump = await db.dumpDataDir("gzip");
      writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await db.close();
    }
  } finally {
    release();
  }
}

export async function restore(file: string, env = readEnv()) {
  if (!existsSync(file)) throw new Error(`No backup at ${file}`);
  if (env.DATABASE_URL) {
    // Into an empty database only: restoring over live rows would mix two states of the leads.
    const sql = postgres(env.DATABASE_URL, { max: 1, onnotice: () => {} });
    try {
      const [row] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`;
      if (row!.n > 0)
        throw new Error("The database named by DATABASE_URL is not empty: restore into a new database, then point the site at it");
    } finally {
      await sql.end({ timeout: 1 });
    }
    run("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", `--dbname=${env.DATABASE_URL}`, file]);
    return;
  }
  const dir = pgliteDir(env.DATA_DIR);
  if (existsSync(dir) && readdirSync(dir).length > 0)
    throw new Error(`${dir} already holds a database: restore into a DATA_DIR without one`);
  const release = holdPgliteFolder(dir);
  try {
    const db = await PGlite.create({ dataDir: dir, extensions: { pg_trgm }, loadDataDir: new Blob([readFileSync(file)]) });
    await db.close();
  } finally {
    release();
  }
}

async function main([command, file]: string[]) {
  if ((command !== "backup" && command !== "restore") || !file) {
    console.error("Usage: npm run db:backup -- FILE | npm run db:restore -- FILE");
    process.exit(2);
  }
  try {
    await (command === "backup" ? backup(file) : restore(file));
    console.log(command === "backup" ? `Backed up into ${file}.` : `Restored ${file}.`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main(process.argv.slice(2));
