// The PGlite folder's mark: one process at a time, a dead holder's mark taken over.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { holdPgliteFolder, PgliteFolderInUse, pgliteLockFile } from "./pglite-lock.server";

const folder = () => path.join(mkdtempSync(path.join(tmpdir(), "pglite-lock-")), "pglite");

describe("holdPgliteFolder", () => {
  it("marks the folder with this process's id and removes the mark on release", () => {
    const location = folder();
    const release = holdPgliteFolder(location);
    expect(readFileSync(pgliteLockFile(location), "utf8").trim()).toBe(String(process.pid));
    release();
    expect(existsSync(pgliteLockFile(location))).toBe(false);
  });

  it("refuses while another live process has the folder, naming it and DATABASE_URL", () => {
    const location = folder();
    writeFileSync(pgliteLockFile(location), `${process.ppid}\n`);
    expect(() => holdPgliteFolder(location)).toThrow(PgliteFolderInUse);
    expect(() => holdPgliteFolder(location)).toThrow(new RegExp(`in use by process ${process.ppid}.*DATABASE_URL`));
    expect(readFileSync(pgliteLockFile(location), "utf8").trim()).toBe(String(process.ppid));
  });

  it("takes over a mark left by a process that is gone", () => {
    const location = folder();
    const gone = spawnSync(process.execPath, ["-e", ""]).pid;
    writeFileSync(pgliteLockFile(location), `${gone}\n`);
    const release = holdPgliteFolder(location);
    expect(readFileSync(pgliteLockFile(location), "utf8").trim()).toBe(String(process.pid));
    release();
  });
});
