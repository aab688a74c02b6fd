import { describe, expect, it } from "vitest";
import { lookupPath, parseSource, parseTarget, planRedirect, type RedirectEntry, type Target } from "./rules";

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
