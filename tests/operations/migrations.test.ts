import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/lib/db/client.server";
import { migrate, MIGRATIONS_DIR, readMigrations } from "~/lib/db/migrate.server";
import { createTestDatabase, type TestDatabase } from "../support/server/postgres";
import drizzleConfig from "../../drizzle.config";

const rowsOf = async (handle: DatabaseHandle, query: string) => {
  const result = (await handle.db.execute(sql.raw(query))) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows).map((row) => ({ ...row }));
};

describe("the schema and its migrations", () => {
  it("are in step: drizzle-kit finds nothing in the tables (drizzle.config.ts) that the migrations lack", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "replywise-drizzle-"));
    try {
      cpSync(MIGRATIONS_DIR, dir, { recursive: true });
      const config = path.join(dir, "drizzle.config.json");
      writeFileSync(
        config,
        JSON.stringify({ dialect: "postgresql", schema: drizzleConfig.schema, out: path.relative(process.cwd(), dir) }),
      );
      const before = readdirSync(dir).length;
      const output = execFileSync(process.execPath, ["node_modules/drizzle-kit/bin.cjs", "generate", `--config=${config}`], {
        encoding: "utf8",
      });
      expect(output).toContain("No schema changes");
      expect(readdirSync(dir)).toHaveLength(before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("are applied in the journal's order, the hand-written first one included", () => {
    const versions = readMigrations().map((migration) => migration.version);
    expect(versions[0]).toBe("0001_init");
    expect(versions).toEqual([...versions].sort());
  });
});

describe.each(["pglite", "postgres"] as const)("an existing database on %s", (driver) => {
  let pg: TestDatabase | null = null;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    pg = driver === "postgres" ? await createTestDatabase({ empty: true }) : null;
    handle = await openDatabase({ databaseUrl: pg?.url });
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
    await pg?.destroy();
  });

  it("migrates forward from the first release's schema without losing a row, and only once", async () => {
    // The database as the first release left it: only 0001_init applied, with leads in every table.
    const [first] = readMigrations();
    expect(await migrate(handle.db, [first!])).toEqual(["0001_init"]);
    await handle.db.execute(sql`INSERT INTO contact_requests (name, email, message) VALUES ('Ada', 'ada@example.com', 'Kept')`);
    await handle.db.execute(
      sql`INSERT INTO feature_requests (name, email, feature_title, description) VALUES ('Grace', 'g@example.com', 'T', 'D')`,
    );
    await handle.db.execute(sql`INSERT INTO newsletter_subscribers (email, source) VALUES ('Ann@Example.com', '/resources')`);
    await handle.db.execute(
      sql`INSERT INTO resource_leads (name, email, resource_id, resource_title) VALUES ('Al', 'al@example.com', 'outreach-checklist', 'Checklist')`,
    );

    const applied = await migrate(handle.db);
    expect(applied).toEqual(
      readMigrations()
        .slice(1)
        .map((migration) => migration.version),
    );
    expect(await migrate(handle.db)).toEqual([]);

    expect(await rowsOf(handle, "SELECT name, message FROM contact_requests")).toEqual([{ name: "Ada", message: "Kept" }]);
    expect(await rowsOf(handle, "SELECT feature_title FROM feature_requests")).toEqual([{ feature_title: "T" }]);
    // Who subscribed before double opt-in stays subscribed, and the record says how they came in.
    expect(
      await rowsOf(handle, "SELECT email, status, consent_text LIKE '%before double opt-in%' AS noted FROM newsletter_subscribers"),
    ).toEqual([{ email: "Ann@Example.com", status: "confirmed", noted: true }]);
    expect(await rowsOf(handle, "SELECT resource_id FROM resource_leads")).toEqual([{ resource_id: "outreach-checklist" }]);
  });
});

describe.each(["pglite", "postgres"] as const)("the pipeline's migration on %s", (driver) => {
  let pg: TestDatabase | null = null;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    pg = driver === "postgres" ? await createTestDatabase({ empty: true }) : null;
    handle = await openDatabase({ databaseUrl: pg?.url });
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
    await pg?.destroy();
  });

  it("folds the status into the stage and makes the one note the first entry of the notes", async () => {
    const migrations = readMigrations();
    const pipeline = migrations.findIndex((migration) => migration.version.endsWith("_pipeline"));
    expect(pipeline).toBeGreaterThan(0);
    await migrate(handle.db, migrations.slice(0, pipeline));
    // Handled at `new` (the overlap), handled further along, never handled; a note on the first.
    await handle.db.execute(sql`INSERT INTO contact_requests (name, email, message, created_at, handled_at, handled_by, note) VALUES
      ('Handled', 'h@example.com', 'm', '2026-01-01T09:00:00Z', '2026-01-02T10:00:00Z', 'ops@example.com', 'Called <b>back</b>')`);
    await handle.db.execute(sql`INSERT INTO contact_requests (name, email, message, handled_at, handled_by, stage, stage_by) VALUES
      ('Further', 'f@example.com', 'm', '2026-01-02T10:00:00Z', 'ops@example.com', 'meeting-booked', 'sales@example.com')`);
    await handle.db.execute(
      sql`INSERT INTO resource_leads (name, email, resource_id, resource_title) VALUES ('New', 'n@example.com', 'x', 'X')`,
    );

    await migrate(handle.db);
    expect(await rowsOf(handle, "SELECT name, stage, stage_by, notes FROM contact_requests ORDER BY id")).toEqual([
      {
        name: "Handled",
        stage: "contacted",
        stage_by: "ops@example.com",
        notes: [{ at: "2026-01-02T10:00:00.000Z", by: null, text: "Called <b>back</b>" }],
      },
      { name: "Further", stage: "meeting-booked", stage_by: "sales@example.com", notes: [] },
    ]);
    expect(await rowsOf(handle, "SELECT stage, notes FROM resource_leads")).toEqual([{ stage: "new", notes: [] }]);
    const columns = await rowsOf(
      handle,
      "SELECT column_name FROM information_schema.columns WHERE table_name = 'contact_requests' AND column_name IN ('handled_at', 'handled_by', 'note')",
    );
    expect(columns).toEqual([]);
  });
});
