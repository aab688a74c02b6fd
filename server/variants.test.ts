import { describe, expect, it } from "vitest";
import { acceptedEncodings, noneMatch, variantsOf } from "./variants";

describe("acceptedEncodings", () => {
  it.each([
    ["gzip, deflate, br, zstd", ["br", "gzip", "identity"]],
    ["gzip, deflate", ["gzip", "identity"]],
    ["br;q=0, gzip", ["gzip", "identity"]],
    ["gzip;q=0.8, br;q=0.5", ["gzip", "br", "identity"]],
    ["*", ["br", "gzip", "identity"]],
    ["identity", ["identity"]],
    ["", ["identity"]],
    [undefined, ["identity"]],
  ])("%j: %j", (header, expected) => {
    expect(acceptedEncodings(header)).toEqual(expected);
  });
});

describe("noneMatch", () => {
  const etag = '"abc-br"';
  it.each([
    ['"abc-br"', true],
    ['W/"abc-br"', true],
    ['"old", "abc-br"', true],
    ["*", true],
    ['"abc"', false],
    ['"abc-gz"', false],
  ])("%s: %s", (header, expected) => {
    expect(noneMatch(header, etag)).toBe(expected);
  });
});

describe("variantsOf", () => {
  const identity = Buffer.from("<p>hello</p>");
  const variants = variantsOf(
    { identity, br: Buffer.from("b"), gzip: Buffer.from("gz") },
    { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": "default-src 'self'" },
  );

  it("gives each encoding its own strong ETag, length and encoding", () => {
    expect(variants.identity.ok).toMatchObject({ "Content-Length": identity.length, Vary: "Accept-Encoding" });
    expect(variants.identity.ok["Content-Encoding"]).toBeUndefined();
    expect(variants.br?.ok).toMatchObject({ "Content-Length": 1, "Content-Encoding": "br" });
    expect(variants.gzip?.ok).toMatchObject({ "Content-Length": 2, "Content-Encoding": "gzip" });
    const tags = [variants.identity.etag, variants.br?.etag, variants.gzip?.etag];
    expect(new Set(tags).size).toBe(3);
    for (const tag of tags) expect(tag).toMatch(/^"[\w-]+"$/);
  });

  it("keeps the CSP, the ETag and Vary on a 304, and nothing describing a body", () => {
    expect(variants.br?.notModified).toEqual({
      "Content-Security-Policy": "default-src 'self'",
      ETag: variants.br?.etag,
      Vary: "Accept-Encoding",
    });
  });
});
