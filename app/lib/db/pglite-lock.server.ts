// Which process has a PGlite data folder open: PGlite itself takes no lock, and two processes writing one folder
// damage it (the server and `npm run operator`, say), and neither would see the other's rows.
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Next to the folder (initdb wants the folder itself empty): the process id of whoever has it open. */
export const pgliteLockFile = (location: string) => path.join(path.dirname(location), `${path.basename(location)}.pid`);

export class PgliteFolderInUse extends Error {
  constructor(
    readonly location: string,
    readonly pid: number,
  ) {
    super(
      `The PGlite data folder ${location} is in use by process ${pid} (the running server, most likely): PGlite allows ` +
        `one process at a time. Stop that process and try again; or, to work while the server runs, run the server on ` +
        `PostgreSQL (DATABASE_URL=postgres://…) and give this command the same DATABASE_URL.`,
    );
    this.name = "PgliteFolderInUse";
  }
}

/** Whether a process with this id is running (one owned by another user answers EPERM: it is). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function holder(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, "utf8"), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Marks the folder as this process's, or throws `PgliteFolderInUse` while another live process has it. A mark left by a
 * process that died (killed, crashed) is taken over. Returns the release, which removes the mark if it is still ours.
 */
export function holdPgliteFolder(location: string): () => void {
  const file = pgliteLockFile(location);
  mkdirSync(path.dirname(file), { recursive: true });
  // Written whole first, then linked into place, which fails if the mark exists: nobody ever reads a half-written one.
  const mine = `${file}.${process.pid}`;
  writeFileSync(mine, `${process.pid}\n`);
  try {
    return take(location, file, mine);
  } finally {
    unlinkSync(mine);
  }
}

function take(location: string, file: string, mine: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      linkSync(mine, file);
      return () => {
        if (holder(file) !== process.pid) return;
        try {
          unlinkSync(file);
        } catch {
          // Already gone.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = holder(file);
      // This process again (a second handle in one process, as tests open one): the same single writer.
      if (pid === process.pid) return () => {};
      if (pid !== null && running(pid)) throw new PgliteFolderInUse(location, pid);
      // Stale: its process is gone (killed, crashed). Removed, then taken again the same exclusive way.
      try {
        unlinkSync(file);
      } catch {
        // Another starter removed it first.
      }
    }
  }
  throw new PgliteFolderInUse(location, holder(file) ?? 0);
}
