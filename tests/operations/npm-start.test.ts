import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { seedDataDir } from "../support/pglite-template";
import { freePort } from "../support/serve-build";

// `npm start` as a deployment runs it: the process tree it leaves is node on the built server, nothing compiled at run
// time. No browser needed (it was a Playwright test until docs/decisions/017's 2026-11-29 section).

describe("npm start", () => {
  it("runs node on the built JavaScript: no tsx, no TypeScript loader", async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), "replywise-start-"));
    // The run's migrated PGlite, when there is one: what is checked here is the process tree, not the migrations.
    seedDataDir(dataDir);
    const child = spawn("npm", ["start"], {
      // As a deployment starts it: the test runner's NODE_ENV=test is not the server's.
      env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir },
      stdio: "ignore",
      detached: true,
    });
    try {
      const deadline = Date.now() + 120_000;
      while ((await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.status !== 200) {
        if (Date.now() > deadline) throw new Error("npm start did not answer /healthz within 2 minutes");
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
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
});
