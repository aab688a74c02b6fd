import { describe, expect, it } from "vitest";
import { safeNext, signInPath } from "./paths";

// The console's sign-in redirects: only ever back into the console.

describe("where to go after signing in", () => {
  it("stays in the inbox or the blog editor", () => {
    expect(safeNext("/inbox/leads/contact/4?saved=note")).toBe("/inbox/leads/contact/4?saved=note");
    expect(safeNext("/blog-admin/posts/3")).toBe("/blog-admin/posts/3");
    for (const next of [
      "//evil.example",
      "/inbox//evil.example",
      "https://evil.example/inbox",
      "/\\evil.example",
      "/inboxes",
      "/blog-administration",
      "/blog-admin//evil.example",
      "/pricing",
      null,
    ]) {
      expect(safeNext(next), String(next)).toBe("/inbox");
    }
    expect(signInPath({ next: "/inbox/audit", reason: "expired" })).toBe("/inbox/sign-in?next=%2Finbox%2Faudit&reason=expired");
    expect(signInPath({ next: "/inbox" })).toBe("/inbox/sign-in");
  });
});
