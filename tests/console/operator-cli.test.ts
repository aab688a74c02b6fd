// `npm run operator` beside a server that has the embedded PGlite folder open: it refuses, says how to do it with the
// server running, and adds nothing; once the server is stopped, the same command works (decision 032).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/lib/db/client.server";
import { startServer, type RunningServer } from "../support/serve-build";
import { runOperator, type OperatorRun } from "../support/server/operator-command";

const PASSWORD = "operator-cli-test-password";

/** The command as an operator types it on the server's machine: the same DATA_DIR, no DATABASE_URL. */
function operator(dataDir: string, ...args: string[]): Promise<OperatorRun> {
  return runOperator({ DATA_DIR: dataDir, DATABASE_URL: "" }, PASSWORD, ...args);
}

async function operatorEmails(dataDir: string): Promise<string[]> {
  const handle = await openDatabase({ dataDir });
  try {
    const result = (await handle.db.execute(sql`SELECT email FROM operators ORDER BY email`)) as unknown as { rows: { email: string }[] };
    return result.rows.map((row) => row.email);
  } finally {
    await handle.close();
  }
}

describe("the operator command line on the server's PGlite folder", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "replywise-operator-cli-"));
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses while the server runs, says how to do it beside the server, and adds no account", async () => {
    server = await startServer({ DATA_DIR: dataDir });
    const refused = await operator(dataDir, "add", "while.running@example.com", "--role", "admin");
    expect(refused.code).toBe(1);
    expect(refused.stdout).not.toMatch(/Added|Sign in at/);
    expect(refused.stderr).toContain(`in use by process ${server.child.pid}`);
    expect(refused.stderr).toContain("DATABASE_URL");
    // The server still answers: the command never opened its folder.
    expect((await fetch(`${server.url}/healthz`)).ok).toBe(true);

    await server.stop();
    server = undefined;
    expect(await operatorEmails(dataDir)).toEqual([]);
  });

  it("works once the server has stopped, and the account is there for the next start", async () => {
    const added = await operator(dataDir, "add", "after.stop@example.com", "--role", "admin");
    expect(added.stderr).not.toContain("in use");
    expect(added.stdout).toContain("Added after.stop@example.com (admin)");
    expect(await operatorEmails(dataDir)).toEqual(["after.stop@example.com"]);
  });
});
