import { describe, expect, it } from "vitest";
import { movedConsoleAddress, safeNext, signInPath } from "./paths";

// The console's sign-in redirects: only ever back into the console; its old addresses lead to their new place.

describe("where to go after signing in", () => {
  it("stays in the console, an old address taken to its new place", () => {
    expect(safeNext("/console/leads/contact/4?saved=note")).toBe("/console/leads/contact/4?saved=note");
    expect(safeNext("/console/posts/3")).toBe("/console/posts/3");
    expect(safeNext("/inbox/leads/contact/4?saved=note")).toBe("/console/leads/contact/4?saved=note");
    expect(safeNext("/blog-admin/posts/3")).toBe("/console/posts/3");
    for (const next of [
      "//evil.example",
      "/console//evil.example",
      "https://evil.example/console",
      "/\\evil.example",
      "/consoles",
      "/inboxes",
      "/blog-administration",
      "/blog-admin//evil.example",
      "/pricing",
      "/console",
      null,
    ]) {
      expect(safeNext(next), String(next)).toBe("/console");
    }
    expect(signInPath({ next: "/console/audit", reason: "expired" })).toBe("/console/sign-in?next=%2Fconsole%2Faudit&reason=expired");
    expect(signInPath({ next: "/console" })).toBe("/console/sign-in");
  });
});

describe("the console's old addresses", () => {
  it("each lead to its place under /console, the old root in any letter case", () => {
    const moved: [string, string][] = [
      ["/inbox", "/console/leads"],
      ["/inbox/", "/console/leads"],
      ["/inbox/export", "/console/leads/export"],
      ["/inbox/leads/contact/7", "/console/leads/contact/7"],
      ["/inbox/board", "/console/board"],
      ["/inbox/newsletter/3", "/console/newsletter/3"],
      ["/inbox/reports/export", "/console/reports/export"],
      ["/inbox/sign-in", "/console/sign-in"],
      ["/INBOX/audit", "/console/audit"],
      ["/Blog-Admin/New", "/console/posts/new"],
      ["/blog-admin", "/console/posts"],
      ["/blog-admin/new", "/console/posts/new"],
      ["/blog-admin/posts/12", "/console/posts/12"],
      ["/blog-admin/content", "/console/content"],
      ["/blog-admin/content/faq", "/console/content/faq"],
    ];
    for (const [old, now] of moved) expect(movedConsoleAddress(old), old).toBe(now);
    for (const other of ["/inboxes", "/blog-administration", "/console/leads", "/pricing", "/"])
      expect(movedConsoleAddress(other), other).toBeNull();
  });
});
