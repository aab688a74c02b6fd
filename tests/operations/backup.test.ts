import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { addOperator } from "~/lib/console/operators.server";
import { openDatabase, type Database, type DatabaseHandle } from "~/lib/db/client.server";
import { rowsOf } from "~/lib/db/rows.server";
import { migrate } from "~/lib/db/migrate.server";
import { seedDataDir } from "../support/pglite-template";
import { createTestDatabase, type TestDatabase } from "../support/server/postgres";

// The backup round trip (decision 020), as an operator runs it: `npm run db:backup -- FILE` from a database with
// leads, held spam, outbox jobs, operators and audit lines, `npm run db:restore -- FILE` into an empty one, and every
// row of every table is there, identical. On PGlite (its data folder's dump) and PostgreSQL (pg_dump, pg_restore).

type Target = { env: Record<string, string>; open: () => Promise<DatabaseHandle>; destroy?: () => Promise<void> };

/**
 * A database to back up (a copy of the run's migrated one), or with `empty` one to restore into (a restore refuses one
 * that holds a database).
 */
async function target(driver: "pglite" | "postgres", { empty = false } = {}): Promise<Target> {
  if (driver === "postgres") {
    const pg: TestDatabase = await createTestDatabase({ empty });
    return {
      env: { DATABASE_URL: pg.url, DATA_DIR: mkdtempSync(path.join(tmpdir(), "replywise-backup-")) },
      open: () => openDatabase({ databaseUrl: pg.url }),
      destroy: () => pg.destroy(),
    };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "replywise-backup-"));
  // Not a PGlite made from nothing in this thread: its initdb and migrations cost seconds of CPU.
  if (!empty) seedDataDir(dataDir);
  return { env: { DATABASE_URL: "", DATA_DIR: dataDir }, open: () => openDatabase({ dataDir }) };
}

/** Every row of every table, by table, in a stable order. */
async function everyRow(db: Database) {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`),
  );
  const rows: Record<string, unknown[]> = {};
  for (const { name } of tables)
    rows[name] = rowsOf(await db.execute(sql.raw(`SELECT * FROM "${name}" ORDER BY 1`))).map((row) => ({ ...row }));
  return JSON.parse(JSON.stringify(rows)) as Record<string, unknown[]>;
}

const script = (command: "db:backup" | "db:restore", file: string, env: Record<string, string>) =>
  execFileSync("npm", ["run", "-s", command, "--", file], { env: { ...process.env, ...env }, encoding: "utf8", stdio: "pipe" });

describe.each(["pglite", "postgres"] as const)("backup and restore on %s", (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it("backs up a database with leads, outbox jobs and operators, restores it into an empty one and finds every row", async () => {
    const source = await target(driver);
    const restored = await target(driver, { empty: true });
    for (const t of [source, restored]) if (t.destroy) cleanups.push(t.destroy);

    const db = await source.open();
    let before: Record<string, unknown[]>;
    try {
      await migrate(db.db);
      await db.db.execute(
        sql`INSERT INTO contact_requests (name, email, message, utm_source) VALUES ('Ada', 'ada@example.com', 'Line one' || chr(10) || 'two', 'newsletter')`,
      );
      await db.db.execute(
        sql`INSERT INTO feature_requests (name, email, feature_title, description) VALUES ('Grace', 'grace@example.com', 'Sync', 'Push')`,
      );
      await db.db.execute(
        sql`INSERT INTO newsletter_subscribers (email, source, status) VALUES ('News@Example.com', '/blog', 'confirmed')`,
      );
      await db.db.execute(
        sql`INSERT INTO resource_leads (name, email, resource_id, resource_title) VALUES ('Kim', 'kim@example.com', 'x', 'X')`,
      );
      await db.db.execute(sql`INSERT INTO outbox (kind, recipient, payload, status, attempts, last_error) VALUES
        ('mail:request-received', 'ada@example.com', '{"to":"ada@example.com"}', 'pending', 0, NULL),
        ('mail:team-notification', NULL, '{"replyTo":"ada@example.com"}', 'failed', 10, 'EAUTH 535')`);
      await db.db.execute(
        sql`INSERT INTO spam_posts (form, reasons, fields, email, visit) VALUES ('contact', '["honeypot-filled"]', '{"website":"x"}', 'bot@example.com', '{}')`,
      );
      await addOperator(db.db, "ops@example.com", "a long operator passphrase", "admin");
      before = await everyRow(db.db);
    } finally {
      await db.close();
    }
    expect(before.operators).toHaveLength(1);
    expect(before.outbox).toHaveLength(2);
    expect(before.contact_requests).toHaveLength(1);

    const file = path.join(mkdtempSync(path.join(tmpdir(), "replywise-backup-file-")), "backup.dump");
    script("db:backup", file, source.env);
    script("db:restore", file, restored.env);

    const copy = await restored.open();
    try {
      expect(await everyRow(copy.db)).toEqual(before);
      // It is a working database: the next lead gets the next id.
      await copy.db.execute(
        sql`INSERT INTO contact_requests (name, email, message) VALUES ('Next', 'next@example.com', 'After the restore')`,
      );
      const ids = rowsOf<{ id: number }>(await copy.db.execute(sql`SELECT id::int FROM contact_requests ORDER BY id`)).map((row) => row.id);
      expect(ids).toEqual([1, 2]);
    } finally {
      await copy.close();
    }
    // Never over a database that holds one.
    expect(() => script("db:restore", file, restored.env)).toThrow(/already holds a database|is not empty/);
    // Three runs of an npm script (npm, tsx and a database each) beside the browser tests took over the default 90 s.
  }, 180_000);
});
