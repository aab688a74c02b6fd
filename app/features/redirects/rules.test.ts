import { describe, expect, it } from "vitest";
import {
  campaignQueryOf,
  encodedTarget,
  isSiteAddress,
  lookupPath,
  parseSource,
  parseTarget,
  planRedirect,
  type RedirectEntry,
  type Target,
} from "./rules";

const ORIGIN = "https://replywise.example";
const site = (url: string): Target => {
  const parsed = parseTarget(url, ORIGIN);
  if ("error" in parsed) throw new Error(parsed.error);
  return parsed.target;
};

describe("an old path", () => {
  it("is kept without its trailing slash, letter case as typed", () => {
    expect(parseSource(" /Old-Page/ ")).toEqual({ path: "/Old-Page" });
    expect(parseSource("/docs/v1/setup%20guide")).toEqual({ path: "/docs/v1/setup%20guide" });
    expect(lookupPath("/old/")).toBe("/old");
  });

  it("is refused when malformed, with the reason", () => {
    for (const [typed, reason] of [
      ["", /Enter the old path/],
      ["old-page", /starts with \//],
      ["https://replywise.example/old", /only the path/],
      ["/old?x=1", /part after \?/],
      ["/old page", /characters/],
      ["/old<script>", /characters/],
      ["/old%zz", /characters/],
      ["//evil.example", /empty part/],
      ["/a/../b", /\.\./],
      ["/", /home page/],
      [`/${"a".repeat(600)}`, /at most 500/],
    ] as const) {
      const parsed = parseSource(typed);
      expect("error" in parsed ? parsed.error : "accepted", typed).toMatch(reason);
    }
  });
});

describe("a target", () => {
  it("is a path of this site, or an http(s) address; the site's own origin becomes a path", () => {
    expect(parseTarget("/pricing?plan=pro#faq", ORIGIN)).toEqual({
      target: { kind: "site", url: "/pricing?plan=pro#faq", path: "/pricing" },
    });
    expect(parseTarget("https://replywise.example/features/", ORIGIN)).toEqual({
      target: { kind: "site", url: "/features/", path: "/features" },
    });
    expect(parseTarget("https://docs.example.org/a b".replace(" ", "%20"), ORIGIN)).toEqual({
      target: { kind: "external", url: "https://docs.example.org/a%20b" },
    });
  });

  it("is stored percent-encoded, so a Location header never carries a character beyond ASCII", () => {
    for (const [typed, url] of [
      ["/pricing?x=é中", "/pricing?x=%C3%A9%E4%B8%AD"],
      ["/pricing#中", "/pricing#%E4%B8%AD"],
      ["/prïcing/", "/pr%C3%AFcing/"],
      ["https://replywise.example/pricing?x=é", "/pricing?x=%C3%A9"],
      ["https://partner.example/prix?é=中#à", "https://partner.example/prix?%C3%A9=%E4%B8%AD#%C3%A0"],
    ] as const) {
      const parsed = parseTarget(typed, ORIGIN);
      expect("target" in parsed && parsed.target.url, typed).toBe(url);
      expect(url, typed).toMatch(/^[\x21-\x7e]+$/);
    }
    // A row stored raw before targets were encoded is encoded as it is loaded; an encoded one stays as it is.
    expect(encodedTarget("/pricing?x=é中#中")).toBe("/pricing?x=%C3%A9%E4%B8%AD#%E4%B8%AD");
    expect(encodedTarget("/pricing?x=%C3%A9")).toBe("/pricing?x=%C3%A9");
    expect(encodedTarget("https://partner.example/é")).toBe("https://partner.example/%C3%A9");
    expect(encodedTarget("javascript:alert(1)")).toBeNull();
  });

  it("on another name of the site (scheme, www., the default ports; any loopback name on the site's port) is a path of it", () => {
    const sameSite: [string, string][] = [
      ["https://replywise.example", "http://replywise.example/loop-b"],
      ["https://replywise.example", "https://www.replywise.example/loop-b"],
      ["https://replywise.example", "http://WWW.Replywise.Example:80/loop-b"],
      ["https://replywise.example", "https://replywise.example.:443/loop-b"],
      ["https://www.replywise.example", "https://replywise.example/loop-b"],
      ["https://replywise.example:8443", "https://replywise.example:8443/loop-b"],
      ["http://localhost:3000", "http://127.0.0.1:3000/loop-b"],
      ["http://localhost:3000", "https://localhost:3000/loop-b"],
      ["http://localhost:3000", "http://[::1]:3000/loop-b"],
      ["http://127.0.0.1:3000", "http://localhost:3000/loop-b"],
    ];
    for (const [site, typed] of sameSite) {
      expect(isSiteAddress(new URL(typed), site), `${typed} on ${site}`).toBe(true);
      expect(parseTarget(typed, site), `${typed} on ${site}`).toEqual({ target: { kind: "site", url: "/loop-b", path: "/loop-b" } });
    }
    const elsewhere: [string, string][] = [
      ["https://replywise.example", "https://app.replywise.example/loop-b"],
      ["https://replywise.example", "https://replywise.example:8443/loop-b"],
      ["https://replywise.example", "https://replywise.example.evil.example/loop-b"],
      ["https://replywise.example", "https://wwwreplywise.example/loop-b"],
      ["http://localhost:3000", "http://localhost:4000/loop-b"],
      ["http://localhost:3000", "http://localhost/loop-b"],
      ["http://localhost:3000", "http://10.0.0.1:3000/loop-b"],
    ];
    for (const [site, typed] of elsewhere) {
      expect(isSiteAddress(new URL(typed), site), `${typed} on ${site}`).toBe(false);
      expect(parseTarget(typed, site), `${typed} on ${site}`).toMatchObject({ target: { kind: "external" } });
    }
  });

  it("refuses every other scheme, hidden or not, and addresses with credentials", () => {
    for (const typed of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      " javascript:alert(1)",
      "java\tscript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox",
      "mailto:a@example.com",
      "ftp://example.com/file",
      "//evil.example/path",
      "/\\evil.example",
      "https://user:pass@example.com/",
      "example.com/page",
      "",
    ]) {
      expect("error" in parseTarget(typed, ORIGIN), JSON.stringify(typed)).toBe(true);
    }
  });
});

describe("the query a redirect carries from the visit", () => {
  it("is its campaign tags, and nothing else: never a signed token", () => {
    expect(campaignQueryOf("?token=abc.def&utm_source=mail&utm_campaign=spring&gclid=1&fbclid=2&msclkid=3&ref=hn&email=a%40b.c")).toBe(
      "?utm_source=mail&utm_campaign=spring&gclid=1&fbclid=2&msclkid=3&ref=hn",
    );
    for (const query of ["?token=abc.def", "?TOKEN=x&Utm_Source=y", "", "?"]) expect(campaignQueryOf(query), query).toBe("");
    expect(campaignQueryOf("?utm_term=caf%C3%A9 noir")).toBe("?utm_term=caf%C3%A9+noir");
  });
});

describe("planning a redirect", () => {
  const table: RedirectEntry[] = [
    { id: 1, source: "/a", target: "/b", status: 301 },
    { id: 2, source: "/old-pricing", target: "/pricing", status: 301 },
    { id: 3, source: "/retired", target: null, status: 410 },
    { id: 4, source: "/external", target: "https://docs.example.org/", status: 302 },
  ];

  it("accepts a plain redirect as typed", () => {
    expect(planRedirect(table, { source: "/new", target: site("/features"), status: 301 })).toEqual({
      ok: true,
      target: "/features",
      rewrittenFrom: null,
      skipping: [],
    });
  });

  it("rewrites a redirect onto a redirected path to the final target", () => {
    expect(planRedirect(table, { source: "/older-pricing", target: site("/old-pricing/"), status: 301 })).toEqual({
      ok: true,
      target: "/pricing",
      rewrittenFrom: "/old-pricing/",
      skipping: [],
    });
  });

  it("points the redirects that led to the new source past it", () => {
    const plan = planRedirect(table, { source: "/b", target: site("/c"), status: 301 });
    expect(plan).toEqual({ ok: true, target: "/c", rewrittenFrom: null, skipping: [table[0]] });
  });

  it("refuses a loop, a redirect to itself, a duplicate and a target that is gone", () => {
    const refusal = (change: Parameters<typeof planRedirect>[1]) => {
      const plan = planRedirect(table, change);
      return plan.ok ? "accepted" : plan.errors;
    };
    expect(refusal({ source: "/b", target: site("/a"), status: 301 })).toEqual({ target: "This would make a loop: /b → /a → /b." });
    expect(refusal({ source: "/self", target: site("/self/?x=1"), status: 302 })).toEqual({
      target: "A redirect cannot lead to its own path.",
    });
    expect(refusal({ source: "/a", target: site("/x"), status: 301 })).toEqual({
      source: "There is already a redirect from /a. Edit that one instead.",
    });
    expect(refusal({ source: "/x", target: site("/retired"), status: 301 })).toEqual({
      target: "/retired is marked as gone (410). Choose the page that replaced it.",
    });
    expect(refusal({ source: "/b", target: null, status: 410 })).toEqual({
      status: "Other redirects lead here (/a): point them elsewhere before marking /b as gone.",
    });
  });

  it("lets a redirect be edited in place without counting itself as a duplicate or a loop", () => {
    expect(planRedirect(table, { id: 1, source: "/a", target: site("/features"), status: 302 })).toMatchObject({ ok: true });
    expect(planRedirect(table, { id: 1, source: "/a", target: null, status: 410 })).toMatchObject({ ok: true, target: null });
  });
});
