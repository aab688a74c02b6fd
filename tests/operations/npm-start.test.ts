import { execFileSync, spawn, spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
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

  it("builds once on a fresh clone and says only that, unless the build fails, when it shows the build's whole report", () => {
    // server.js in a folder of its own whose `npm run build` is a stand-in: it prints what a build prints, and writes a
    // built server that says it listens and stops. What is checked is what a first start shows its reader.
    const folder = mkdtempSync(path.join(tmpdir(), "replywise-first-start-"));
    copyFileSync("server.js", path.join(folder, "server.js"));
    const builds = (script: string) =>
      writeFileSync(path.join(folder, "package.json"), JSON.stringify({ type: "module", scripts: { build: script } }));
    mkdirSync(path.join(folder, "stand-in"));
    writeFileSync(
      path.join(folder, "stand-in", "build.js"),
      `import { mkdirSync, writeFileSync } from "node:fs";
console.log("build/client/assets/a-lot-of-files.js 12 kB");
console.warn("The \`envFile\` option is deprecated");
mkdirSync("build/server", { recursive: true });
writeFileSync("build/server/config.js", "export function defineAppGlobals() {}\\n");
writeFileSync("build/server/main.js", "export async function startServer() { console.log('listening'); }\\n");`,
    );
    const start = () =>
      spawnSync(process.execPath, ["server.js"], { cwd: folder, encoding: "utf8", env: { ...process.env, NODE_ENV: "production" } });

    builds("echo 'noise from a failing build' && exit 3");
    const failed = start();
    expect(failed.status).toBe(3);
    expect(failed.stdout + failed.stderr).toContain("noise from a failing build");
    expect(failed.stderr).toContain("The build failed");

    builds("node stand-in/build.js");
    const first = start();
    expect(first.status, first.stdout + first.stderr).toBe(0);
    expect(first.stdout.trim().split("\n")).toEqual([
      "No build yet: building the site once (about a minute)...",
      expect.stringMatching(/^Built in \d+ s\.$/),
      "listening",
    ]);
    expect(first.stderr).toBe("");
    // Built already: straight to serving.
    expect(start().stdout.trim()).toBe("listening");
  });
});
