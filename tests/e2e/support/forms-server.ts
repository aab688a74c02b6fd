import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../server/support/postgres";

export interface RunningServer {
  url: string;
  child: ChildProcess;
  output: () => string;
  /** SIGTERM and wait: the server closes its database cleanly. */
  stop(): Promise<void>;
  /** SIGKILL and wait: as if the machine pulled the plug on the process. */
  kill(): Promise<void>;
}

/**
 * Starts the built production server (`server/main.ts`, node + tsx, no npx wrapper so signals reach it) on a
 * free port with the given database settings, and waits until it answers.
 */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "replywise-forms-")),
      RATE_LIMIT_MAX: "10000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    url,
    child,
    output: () => log,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
    async kill() {
      if (child.exitCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}
