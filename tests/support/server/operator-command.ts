import { spawn } from "node:child_process";

/**
 * `npm run operator -- …` as a deployment runs it, the password on stdin. Asynchronous on purpose: a
 * synchronous child blocks the test's event loop, so fetch's idle keep-alive socket misses the server's
 * close and the next request fails with "other side closed".
 */
export function operatorCommand(databaseUrl: string, password: string, ...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/operator.ts", ...args], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`operator ${args.join(" ")} exited ${code}: ${stderr.trim()}`)),
    );
    child.stdin.end(`${password}\n`);
  });
}
