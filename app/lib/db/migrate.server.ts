import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { Database } from "./client.server";
import { schemaMigrations } from "./schema";

export const MIGRATIONS_DIR = fileURLToPath(new URL("../../../db/migrations/", import.meta.url));

// Any constant shared by every instance: instances starting together apply each file once.
const MIGRATION_LOCK = 72_011_905;

export interface Migration {
  version: string;
  statements: string[];
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{4}_[\w-]+\.sql$/.test(file))
    .sort()
    .map((file) => ({
      version: file.replace(/\.sql$/, ""),
      statements: readFileSync(`${dir}/${file}`, "utf8")
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
