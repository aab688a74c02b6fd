import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const FILE = "session-secret";

/**
 * The key that signs the operator's session cookie and derives its anti-forgery tokens: SESSION_SECRET when set, else
 * a random one generated into DATA_DIR on first start and read from there after (mode 600). Several instances behind a
 * load balancer must share it: set SESSION_SECRET (README, decision 014).
 */
export function sessionSecret({ SESSION_SECRET, DATA_DIR }: { SESSION_SECRET?: string | undefined; DATA_DIR: string }): string {
  if (SESSION_SECRET) return SESSION_SECRET;
  const file = path.resolve(DATA_DIR, FILE);
  try {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("hex");
  try {
    // `wx`: when two processes start at once, the second one reads what the first wrote.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    console.log(`Generated the session secret in ${file} (set SESSION_SECRET to share one between instances).`);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return readFileSync(file, "utf8").trim();
    throw error;
  }
}
