import { spawn } from "node:child_process";

/** What the operator command printed and how it ended. */
export interface OperatorRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `npm run operator -- …` as a deployment runs it, with `env` over the test's own, the password on stdin. Asynchronous
 * on purpose: a synchronous child blocks the test's event loop, so fetch's idle keep-alive socket misses the server's
 * close and the next request fails with "other side closed".
 */
export function runOperator(env: NodeJS.ProcessEnv, password: string, ...args: string[]): Promise<OperatorRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/operator.ts", ...args], {
      env: { ...process.env, ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(`${password}\n`);
  });
}

/** The command against a database, failing on a non-zero exit; what it printed. */
export async function operatorCommand(databaseUrl: string, password: string, ...args: string[]): Promise<string> {
  const { code, stdout, stderr } = await runOperator({ DATABASE_URL: databaseUrl }, password, ...args);
  if (code !== 0) throw new Error(`operator ${args.join(" ")} exited ${code}: ${stderr.trim()}`);
  return stdout;
}
