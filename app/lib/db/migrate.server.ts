import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { pgTable, timestamp, varchar } from "drizzle-orm/pg-core";
import type { Database } from "./client.server";

/** drizzle-kit writes the files and their order (meta/_journal.json); the server and the scripts run from the repo root. */
export const MIGRATIONS_DIR = path.resolve("db/migrations");

// Any constant shared by every instance: instances starting together apply each file once. drizzle-orm's own migrator
// has no lock, so a second instance starting at the same moment fails on "relation already exists".
const MIGRATION_LOCK = 72_011_905;

/** One row per applied file, by its drizzle-kit tag. */
const schemaMigrations = pgTable("schema_migrations", {
  version: varchar("version", { length: 200 }).primaryKey(),
  appliedAt: timestamp("applied_at", { withTimezone: true }).notNull().defaultNow(),
});

export interface Migration {
  version: string;
  statements: string[];
}

interface Journal {
  entries: { idx: number; tag: string }[];
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const journal = JSON.parse(readFileSync(path.join(dir, "meta", "_journal.json"), "utf8")) as Journal;
  return [...journal.entries]
    .sort((a, b) => a.idx - b.idx)
    .map(({ tag }) => ({
      version: tag,
      statements: readFileSync(path.join(dir, `${tag}.sql`), "utf8")
        .split("--> statement-breakpoint")
        .map((statement) => statement.trim())
        .filter(Boolean),
    }));
}

/** Applies the files not applied yet, in order, each in its own transaction; returns the versions applied. */
export async function migrate(db: Database, migrations = readMigrations()): Promise<string[]> {
  const applied: string[] = [];
  for (const migration of migrations) {
    const done = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
      await tx.execute(
        sql`CREATE TABLE IF NOT EXISTS schema_migrations (version varchar(200) PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
      );
      const existing = await tx.select({ version: schemaMigrations.version }).from(schemaMigrations);
      if (existing.some((row) => row.version === migration.version)) return false;
      for (const statement of migration.statements) await tx.execute(sql.raw(statement));
      await tx.insert(schemaMigrations).values({ version: migration.version });
      return true;
    });
    if (done) applied.push(migration.version);
  }
  return applied;
}
