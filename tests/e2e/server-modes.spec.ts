import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { seedDataDir } from "../support/pglite-template";
import { freePort, startServer } from "../support/serve-build";
import { createTestDatabase } from "../server/support/postgres";
import { expect, test } from "./support/test";

// `npm run dev` and `npm start` are one server: the same form stores the same row through either.

test.describe.configure({ mode: "serial", timeout: 300_000 });

for (const mode of ["development", "production"] as const) {
  test(`${mode}: a contact request sent from the browser is stored, with the site's headers`, async ({ page }) => {
    const pg = await createTestDatabase();
    const sql = postgres(pg.url, { max: 1, onnotice: () => {} });
    const server = await startServer({ NODE_ENV: mode, DATABASE_URL: pg.url });
    try {
      const response = await page.goto(`${server.url}/contact`);
      expect(response?.headers()["content-security-policy"]).toContain("default-src 'self'");
      expect(response?.headers()["x-content-type-options"]).toBe("nosniff");
      await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 60_000 });

      const form = page.getByRole("form", { name: "Contact form" });
      await form.getByLabel("Full name").fill("Dev Prod");
      await form.getByLabel("Email address").fill(`${mode}@example.com`);
      await form.getByLabel("Message").fill(`Sent to the ${mode} server`);
      await form.getByRole("button", { name: "Send Message" }).click();
      await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Message sent!" })).toBeVisible({ timeout: 20_000 });

      expect(await sql`SELECT email, message FROM contact_requests`).toEqual([
        { email: `${mode}@example.com`, message: `Sent to the ${mode} server` },
      ]);
      expect(server.output()).toContain(mode === "development" ? "(development) listening" : "listening");
    } finally {
      await sql.end({ timeout: 1 });
      await server.stop();
      await pg.destroy();
    }
  });
}

test("npm start runs node on the built JavaScript: no tsx, no TypeScript loader", async () => {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "replywise-start-"));
  // The run's migrated PGlite, when there is one: what is checked here is the process tree, not the migrations.
  seedDataDir(dataDir);
  const child = spawn("npm", ["start"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir },
    stdio: "ignore",
    detached: true,
  });
  try {
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.status, { timeout: 120_000 })
      .toBe(200);
    const table = execFileSync("ps", ["-eo", "pid=,ppid=,args="], { encoding: "utf8" })
      .trim()
      .split("\n")
      .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line)!)
      .map(([, pid, ppid, args]) => ({ pid: Number(pid), ppid: Number(ppid), args: args! }));
    const tree = new Set([child.pid!]);
    for (let grew = true; grew;) {
      grew = false;
      for (const row of table) {
        if (tree.has(row.ppid) && !tree.has(row.pid)) {
          tree.add(row.pid);
          grew = true;
        }
      }
    }
    const commands = table.filter((row) => tree.has(row.pid)).map((row) => row.args);
    expect(commands).toContainEqual(expect.stringMatching(/^node server\.js$/));
    for (const command of commands) expect(command).not.toMatch(/tsx|--import|--loader|--experimental-strip-types|\.tsx?\b/);
  } finally {
    process.kill(-child.pid!, "SIGTERM");
  }
});
