import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createSigner, loadRootKey } from "./secrets.server";

describe("signed tokens", () => {
  const root = Buffer.from("k".repeat(32));

  it("round-trip, and refuse a token changed, cut, signed with another key or made for another purpose", () => {
    const confirm = createSigner(root, "confirm");
    const token = confirm.sign({ id: 7, until: 123 });
    expect(confirm.verify(token)).toEqual({ id: 7, until: 123 });

    const [data, signature] = token.split(".");
    const forged = `${Buffer.from(JSON.stringify({ id: 8, until: 123 })).toString("base64url")}.${signature}`;
    expect(confirm.verify(forged)).toBeNull();
    expect(confirm.verify(`${data}.`)).toBeNull();
    expect(confirm.verify(`${data}`)).toBeNull();
    expect(confirm.verify(`${token}.extra`)).toBeNull();
    expect(createSigner(Buffer.from("x".repeat(32)), "confirm").verify(token)).toBeNull();
    expect(createSigner(root, "unsubscribe").verify(token)).toBeNull();
  });

  it("keeps a generated key in the data folder, readable by its owner only, and reuses it", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "replywise-secret-"));
    const first = loadRootKey({ dataDir });
    expect(first).toHaveLength(32);
    expect(loadRootKey({ dataDir }).equals(first)).toBe(true);
    expect(statSync(path.join(dataDir, "secret-key")).mode & 0o777).toBe(0o600);
    expect(readFileSync(path.join(dataDir, "secret-key"), "utf8").trim()).toBe(first.toString("hex"));
    expect(loadRootKey({ dataDir, secretKey: "s".repeat(32) }).toString()).toBe("s".repeat(32));
  });
});
