import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../support/serve-build";
import { createTestDatabase } from "../support/server/postgres";

// Nothing lost: a submission the server acknowledged is on disk, even if the process is killed the next instant.

async function submitAndKill(server: RunningServer, email: string) {
  const response = await fetch(`${server.url}/forms/contact`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    // As the form sends it, with its (empty) honeypot field.
    body: new URLSearchParams({ website: "", name: "Durable Dora", email, message: "Please keep me" }),
  });
  expect(response.status).toBe(200);
  await server.kill();
  expect(server.child.signalCode).toBe("SIGKILL");
}

describe("an acknowledged submission survives SIGKILL", () => {
  it("on PGlite, three kills in a row", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "replywise-durable-"));
    try {
      for (const round of [1, 2, 3]) {
        const server = await startServer({ DATA_DIR: dataDir });
        // The previous round's row is there after the restart (the server itself reads it back at the end).
        await submitAndKill(server, `dora${round}@example.com`);
      }
      // The server starts again on the killed data and answers; then stops cleanly so the folder can be read.
      const restarted = await startServer({ DATA_DIR: dataDir });
      expect((await fetch(`${restarted.url}/healthz`)).ok).toBe(true);
      await restarted.stop();

      const db = await PGlite.create({ dataDir: path.join(dataDir, "pglite") });
      const { rows } = await db.query<{ email: string }>("SELECT email FROM contact_requests ORDER BY id");
      await db.close();
      expect(rows.map((row) => row.email)).toEqual(["dora1@example.com", "dora2@example.com", "dora3@example.com"]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it("on PostgreSQL", async () => {
    const pg = await createTestDatabase();
    const sql = postgres(pg.url, { max: 1, onnotice: () => {} });
    try {
      const server = await startServer({ DATABASE_URL: pg.url });
      await submitAndKill(server, "dora.pg@example.com");
      const restarted = await startServer({ DATABASE_URL: pg.url });
      expect((await fetch(`${restarted.url}/healthz`)).ok).toBe(true);
      expect(await sql`SELECT name, message FROM contact_requests WHERE email = 'dora.pg@example.com'`).toEqual([
        { name: "Durable Dora", message: "Please keep me" },
      ]);
      await restarted.stop();
    } finally {
      await sql.end({ timeout: 1 });
      await pg.destroy();
    }
  }, 60_000);
});
