import { randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password";

// Argon2id (memory-hard) from @node-rs/argon2: the hash is computed in native code off the event loop, so a sign-in
// never blocks other requests. The parameters are OWASP's first recommendation (19 MiB, 2 passes, 1 lane); each hash
// records its own, so raising them later leaves existing passwords valid.
// `algorithm: 2` is the library's const enum Algorithm.Argon2id, which isolated modules cannot import by name.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Why a new password is refused, or null when it is fine. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `The password must be at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (password.trim() !== password) return "The password must not start or end with a space.";
  return null;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let decoy: Promise<string> | null = null;

/**
 * Whether `password` matches `passwordHash`. Without a hash (no such account) a decoy is verified instead, so an
 * unknown address takes as long to refuse as a wrong password and the answer's timing names no account.
 */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (password.length > PASSWORD_MAX_LENGTH) return false;
  decoy ??= hashPassword(randomBytes(16).toString("hex"));
  try {
    const matches = await verify(passwordHash ?? (await decoy), password);
    return passwordHash !== null && matches;
  } catch {
    return false;
  }
}
