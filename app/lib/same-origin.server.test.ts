import type { Request as ExpressRequest } from "express";
import { describe, expect, it } from "vitest";
import {
  navigationProvenanceOf,
  provenanceOf,
  provenanceOfExpress,
  provenanceOfRequest,
  type NavigationHeaders,
  type ProvenanceHeaders,
} from "./same-origin.server";

const SITE = "https://replywise.example";
const ADDRESSED = "http://10.0.0.5:3000";
const of = (headers: Partial<ProvenanceHeaders>) =>
  provenanceOf({ origin: undefined, fetchSite: undefined, addressed: ADDRESSED, ...headers }, SITE);

describe("where a POST comes from", () => {
  it("is our own page when the browser says same-origin, or the Origin is the site's or the addressed one", () => {
    expect(of({ fetchSite: "same-origin" })).toBe("own");
    expect(of({ origin: SITE })).toBe("own");
    expect(of({ origin: ADDRESSED })).toBe("own");
    expect(of({ origin: SITE, fetchSite: "same-origin" })).toBe("own");
  });

  it("is our own when the visitor started it (none), unless its Origin is another", () => {
    expect(of({ fetchSite: "none" })).toBe("own");
    expect(of({ fetchSite: "none", origin: SITE })).toBe("own");
    expect(of({ fetchSite: "none", origin: "https://evil.example" })).toBe("foreign");
  });

  it("is foreign from a sibling subdomain (same-site), whatever Origin it claims", () => {
    expect(of({ fetchSite: "same-site" })).toBe("foreign");
    expect(of({ fetchSite: "same-site", origin: "https://blog.replywise.example" })).toBe("foreign");
    expect(of({ fetchSite: "same-site", origin: SITE })).toBe("foreign");
  });

  it("is foreign from another site, with or without an Origin", () => {
    expect(of({ fetchSite: "cross-site" })).toBe("foreign");
    expect(of({ fetchSite: "cross-site", origin: SITE })).toBe("foreign");
    expect(of({ origin: "https://evil.example" })).toBe("foreign");
    expect(of({ origin: "https://replywise.example.evil.example" })).toBe("foreign");
    expect(of({ origin: "http://replywise.example" })).toBe("foreign");
    expect(of({ fetchSite: "something-new" })).toBe("foreign");
  });

  it("is foreign from an opaque origin (Origin: null: a sandboxed frame, a data: page)", () => {
    expect(of({ origin: "null" })).toBe("foreign");
    expect(of({ origin: "null", fetchSite: "same-origin" })).toBe("foreign");
    expect(of({ origin: "" })).toBe("foreign");
  });

  it("is unknown without either header (no browser we support posts like that)", () => {
    expect(of({})).toBe("unknown");
    expect(of({ origin: null, fetchSite: null })).toBe("unknown");
  });

  it("reads the same headers from React Router's request and from Express's", () => {
    const request = (headers: Record<string, string>) => new Request(`${ADDRESSED}/console/leads`, { method: "POST", headers });
    const express = (headers: Record<string, string>) =>
      ({
        protocol: "http",
        get: (name: string) => (name === "host" ? "10.0.0.5:3000" : headers[name.toLowerCase()]),
      }) as unknown as ExpressRequest;
    const cases: [Record<string, string>, string][] = [
      [{ origin: ADDRESSED }, "own"],
      [{ origin: SITE, "sec-fetch-site": "same-origin" }, "own"],
      [{ "sec-fetch-site": "same-site" }, "foreign"],
      [{ origin: "null" }, "foreign"],
      [{}, "unknown"],
    ];
    for (const [headers, expected] of cases) {
      expect(provenanceOfRequest(request(headers), SITE)).toBe(expected);
      expect(provenanceOfExpress(express(headers), SITE)).toBe(expected);
    }
  });
});

describe("where a link followed comes from", () => {
  const navigation = (headers: Partial<NavigationHeaders>) =>
    navigationProvenanceOf({ fetchSite: undefined, referer: undefined, addressed: ADDRESSED, ...headers }, SITE);

  it("is our own page when the browser says same-origin, or an old browser's Referer is one of ours", () => {
    expect(navigation({ fetchSite: "same-origin" })).toBe("own");
    expect(navigation({ fetchSite: "same-origin", referer: "https://elsewhere.example/" })).toBe("own");
    expect(navigation({ referer: `${SITE}/pricing?utm_source=x` })).toBe("own");
    expect(navigation({ referer: `${ADDRESSED}/demo` })).toBe("own");
  });

  it("is foreign from another site or a sibling subdomain, whatever its Referer says", () => {
    expect(navigation({ fetchSite: "cross-site" })).toBe("foreign");
    expect(navigation({ fetchSite: "same-site", referer: `${SITE}/` })).toBe("foreign");
    expect(navigation({ referer: "https://replywise.example.evil.example/" })).toBe("foreign");
    expect(navigation({ referer: "not a url" })).toBe("foreign");
  });

  it("is unknown when no page sent it: typed, bookmarked, or nothing said", () => {
    expect(navigation({ fetchSite: "none" })).toBe("unknown");
    expect(navigation({ fetchSite: "none", referer: `${SITE}/` })).toBe("unknown");
    expect(navigation({})).toBe("unknown");
  });
});
