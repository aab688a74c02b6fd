import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";

/** A tmpfs: files kept in memory, gone at a reboot. */
const MEMORY = "/dev/shm";
const PREFIX = "replywise-run-";

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/**
 * Points the run's temporary files (TMPDIR: the PostgreSQL cluster, the PGlite template, every test's data folder, the
 * servers it starts) at a folder of its own in memory, when the machine has a tmpfs. Each PGlite database of a run
 * starts as a copy of the 41 MB template: on this machine's disk 0.7-1.4 s of a blocked test worker, in memory 0.1 s
 * (decision 017). Returns what removes the folder and restores TMPDIR. A run killed before that leaves its folder,
 * which holds memory: the next run removes every folder whose process is gone.
 */
export function temporaryFilesInMemory(): () => void {
  if (!existsSync(MEMORY)) return () => {};
  for (const name of readdirSync(MEMORY)) {
    const pid = Number(name.slice(PREFIX.length).split("-")[0]);
    if (name.startsWith(PREFIX) && pid > 0 && !alive(pid)) rmSync(path.join(MEMORY, name), { recursive: true, force: true });
  }
  let dir: string;
  try {
    dir = mkdtempSync(path.join(MEMORY, `${PREFIX}${process.pid}-`));
  } catch {
    return () => {};
  }
  // The cluster's own folder inside is the `postgres` user's: it must be able to pass through this one.
  chmodSync(dir, 0o755);
  const before = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    rmSync(dir, { recursive: true, force: true });
  };
}
