import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/lib/db/client.server";
import { migrate, MIGRATIONS_DIR, readMigrations } from "~/lib/db/migrate.server";
import { createTestDatabase, type TestDatabase } from "./support/postgres";

const rowsOf = async (handle: DatabaseHandle, query: string) => {
  const result = (await handle.db.execute(sql.raw(query))) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows).map((row) => ({ ...row }));
};

describe("the schema and its migrations", () => {
  it("are in step: drizzle-kit finds nothing in app/lib/db/schema/ that the migrations lack", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "replywise-drizzle-"));
    try {
      cpSync(MIGRATIONS_DIR, dir, { recursive: true });
      const config = path.join(dir, "drizzle.config.json");
      writeFileSync(
        config,
        JSON.stringify({ dialect: "postgresql", schema: "./app/lib/db/schema/index.ts", out: path.relative(process.cwd(), dir) }),
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
    pg = driver === "postgres" ? await createTestDatabase() : null;
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
