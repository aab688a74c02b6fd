import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

// One root key signs what the site hands out (links in emails, operator sessions), a derived key per purpose so a
// token made for one thing is never accepted for another.

/** SECRET_KEY from the environment, or a random key kept in DATA_DIR (created on first start, readable by the owner). */
export function loadRootKey({ secretKey, dataDir }: { secretKey?: string | undefined; dataDir: string }): Buffer {
  if (secretKey) return Buffer.from(secretKey, "utf8");
  const file = path.resolve(dataDir, "secret-key");
  try {
    return Buffer.from(readFileSync(file, "utf8").trim(), "hex");
  } catch {
    mkdirSync(path.dirname(file), { recursive: true });
    const key = randomBytes(32).toString("hex");
    // `wx`: if another process created it first, read theirs instead of overwriting it.
    try {
      writeFileSync(file, `${key}\n`, { flag: "wx", mode: 0o600 });
      chmodSync(file, 0o600);
    } catch {
      return Buffer.from(readFileSync(file, "utf8").trim(), "hex");
    }
    return Buffer.from(key, "hex");
  }
}

export interface Signer {
  /** `payload.signature`, both base64url: the payload is readable, only the signature proves it is ours. */
  sign(payload: object): string;
  /** The payload, or null when the token was not made with this key and purpose (or is malformed). */
  verify<T>(token: string): T | null;
  /** A keyed hash: the same input gives the same digest, and nobody without the key can recompute it. */
  digest(value: string): string;
}

/** The key for one purpose, derived from the root key. */
export function derivedKey(rootKey: Buffer, purpose: string): Buffer {
  return createHmac("sha256", rootKey).update(`replywise:${purpose}`).digest();
}

export function createSigner(rootKey: Buffer, purpose: string): Signer {
  const key = derivedKey(rootKey, purpose);
  const mac = (data: string) => createHmac("sha256", key).update(data).digest();
  return {
    sign(payload) {
      const data = Buffer.from(JSON.stringify(payload), "utf8").toString("base64url");
      return `${data}.${mac(data).toString("base64url")}`;
    },
    verify<T>(token: string): T | null {
      const [data, signature, extra] = token.split(".");
      if (!data || !signature || extra !== undefined) return null;
      const expected = mac(data);
      const given = Buffer.from(signature, "base64url");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        return JSON.parse(Buffer.from(data, "base64url").toString("utf8")) as T;
      } catch {
        return null;
      }
    },
    digest: (value) => mac(value).toString("hex"),
  };
}
