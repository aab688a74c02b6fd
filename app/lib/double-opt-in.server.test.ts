import { describe, expect, it } from "vitest";
import { confirmationLinks } from "./double-opt-in.server";
import { createSigner } from "./secrets.server";

// A double opt-in's links without a database: their form, which links already in mailboxes carry, and what a link says
// about itself before any row is read.

const KEY = Buffer.from("k".repeat(32));
const MADE_AT = Date.parse("2026-11-23T10:00:00Z");
const DAY_MS = 86_400_000;
const links = (idKey: string, purpose = idKey) =>
  confirmationLinks({ siteUrl: "https://replywise.example", path: "/confirm", signer: createSigner(KEY, purpose), idKey, validDays: 7 });
const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;

describe("confirmation links", () => {
  it("keep the form of the links already mailed, the id under each use's own name", () => {
    // Made by the newsletter's and the votes' own link code before the double opt-in was written once, with this key.
    expect(tokenOf(links("s", "c").confirmUrl({ id: 7, email: "Ann@Example.com" }, MADE_AT))).toBe(
      "eyJzIjo3LCJlIjoiY2YzMTg3Njg2MDdmMTg4YTdlNWUzY2JiZTUzZDc5YjJkYWIwODViM2QwZjI2YWQ2ZTFiMTVmN2U1ODc3ZmI0OSIsIngiOjE3OTYwMzI4MDAwMDB9.IJEwe_-3ebKFJYzMVdsI8Eb8Z-kP8FMWy-KL-a2WX08",
    );
    expect(tokenOf(links("v").confirmUrl({ id: 7, email: "Ann@Example.com" }, MADE_AT))).toBe(
      "eyJ2Ijo3LCJlIjoiODliZmM0NzA5NzljZGFkNjUzMWI5YjZkMmVhODZjM2ExNTg4OWM1NWY0Nzg2NTc5ZmYxZjEwMDY1NTlhM2I2YyIsIngiOjE3OTYwMzI4MDAwMDB9.4OK6LaZb7ntj_t4Mss-DX_O2r4D2K1cjKv3I7Z0GE_Y",
    );
    expect(links("v").confirmUrl({ id: 7, email: "ann@example.com" }, MADE_AT)).toMatch(/^https:\/\/replywise\.example\/confirm\?token=/);
  });

  it("name their row and its address's digest until they expire, whatever the address's case", () => {
    const use = links("s");
    const token = tokenOf(use.confirmUrl({ id: 7, email: " Ann@Example.com" }, MADE_AT));
    const named = { id: 7, emailDigest: use.emailDigest("ann@example.com") };
    expect(use.readConfirm(token, MADE_AT)).toEqual(named);
    expect(use.readConfirm(token, MADE_AT + 7 * DAY_MS)).toEqual(named);
    expect(use.readConfirm(token, MADE_AT + 7 * DAY_MS + 1)).toBe("expired");
    expect(use.emailDigest("bo@example.com")).not.toBe(named.emailDigest);
  });

  it("are not valid changed, cut, made with another use's key, or naming the row under another use's name", () => {
    const use = links("s");
    const token = tokenOf(use.confirmUrl({ id: 7, email: "ann@example.com" }, MADE_AT));
    const [payload, signature] = token.split(".");
    const changed = `${Buffer.from(JSON.stringify({ s: 8, e: "x", x: MADE_AT + DAY_MS })).toString("base64url")}.${signature}`;
    const sameKeyOtherName = tokenOf(links("v", "s").confirmUrl({ id: 7, email: "ann@example.com" }, MADE_AT));
    const otherUse = tokenOf(links("v").confirmUrl({ id: 7, email: "ann@example.com" }, MADE_AT));
    for (const bad of [changed, payload!, `${token}.x`, "", "not-a-token", sameKeyOtherName, otherUse]) {
      expect(use.readConfirm(bad, MADE_AT), bad).toBe("invalid");
    }
  });
});
