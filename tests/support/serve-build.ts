import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { seedDataDir } from "./pglite-template";
import { PGLITE_TEST_NODE_FLAGS, TEST_SERVER_NODE_FLAGS } from "./test-node-flags";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export interface RunningServer {
  url: string;
  child: ChildProcess;
  /** What the server printed so far (its access log), for a failing test's message. */
  output: () => string;
  /** SIGTERM and wait: the server closes its database cleanly. */
  stop(): Promise<void>;
  /** SIGKILL and wait: as if the machine pulled the plug on the process. */
  kill(): Promise<void>;
}

/**
 * Starts the built production server (`node server.js`) on a free port with a throwaway data folder (migrated already
 * when the test run has a PGlite template: ./pglite-template.ts) unless `env` names
 * a database, and waits until it answers. Node runs it directly, not through npm, so signals reach it. With
 * `NODE_ENV=development` in `env` it is the development server instead (Vite, hot reload), built from the sources; with
 * `NODE_ENV: undefined`, the production server as `npm start` runs it without NODE_ENV (undefined values are unset).
 */
export async function startServer(env: Record<string, string | undefined> = {}): Promise<RunningServer> {
  // A port given is the server's (a test whose SITE_URL must name the server's own address); else a free one.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "replywise-server-"));
  if (!env.DATABASE_URL) seedDataDir(dataDir);
  // A test's server compiles as test servers do; a benchmark's (bench/) keeps V8's optimizing compiler, as in production.
  const testFlags = process.env.VITEST || process.env.TEST_WORKER_INDEX ? TEST_SERVER_NODE_FLAGS : [];
  const child = spawn(process.execPath, [...testFlags, ...(env.DATABASE_URL ? [] : PGLITE_TEST_NODE_FLAGS), "server.js"], {
    env: {
      ...process.env,
      // Test runners set NODE_ENV=test; the server under test is the production one unless told otherwise.
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      ...env,
      DATA_DIR: dataDir,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not start:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };
  return { url, child, output: () => log, stop: () => signal("SIGTERM"), kill: () => signal("SIGKILL") };
}

/** Debian's full Chromium: Lighthouse and the screenshot scripts see what a visitor's Chrome shows. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/**
 * The browser tests' Chromium: the headless shell (Debian's chromium-headless-shell, what Playwright itself runs
 * headless), the same Blink and V8 without the full browser's layers, at about half the CPU a page (decision 017).
 * Where it is not installed, the full browser: the tests pass on either, only slower.
 */
export const TEST_CHROMIUM_PATH = process.env.TEST_CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);

export const CHROMIUM_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // As Playwright and Puppeteer run headless Chromium. Without it, Lighthouse's blank start page fades its overlay
  // scrollbars while the measured page loads; frames nobody draws make the compositor throttle to one a second, and the
  // first paint waits up to 2 s (docs/decisions/038-lighthouse-without-scrollbars.md).
  "--hide-scrollbars",
];
