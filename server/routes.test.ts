import type { ServerBuild } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { cachedPage } from "~/lib/page-cache";
import { siteRoutes } from "./routes";

// The shape of the site's route table (app/routes.ts): a root, a layout without a path, nested and index routes, a splat.
const route = (id: string, parentId: string | undefined, fields: { path?: string; index?: boolean; handle?: unknown } = {}) => ({
  id,
  parentId,
  path: fields.path,
  index: fields.index,
  module: { default: () => null, handle: fields.handle },
});
const build = {
  routes: Object.fromEntries(
    [
      route("root", undefined, { path: "" }),
      route("layout", "root"),
      route("home", "layout", { index: true }),
      route("features", "layout", { path: "features" }),
      route("blog-layout", "layout", { path: "blog" }),
      route("blog", "blog-layout", { index: true, handle: cachedPage }),
      route("post", "layout", { path: "blog/:slug" }),
      // The catch-all: a campaign page or the 404 page (decision 047), cached per URL.
      route("campaign-page", "layout", { path: "*", handle: cachedPage }),
    ].map((entry) => [entry.id, entry]),
  ),
} as unknown as ServerBuild;

describe("siteRoutes", () => {
  const routes = siteRoutes(build);

  it.each([
    ["/", "/"],
    ["/features", "/features"],
    ["/features.data", "/features.data"],
    ["/blog", "/blog"],
    ["/blog/ada-lovelace%40example.com", "/blog/:slug"],
    ["/wp-login.php", "/*"],
    ["/_root.data", "/_root.data"],
    ["/__manifest", "/__manifest"],
  ])("names %s by its route: %s", (pathname, pattern) => {
    expect(routes.patternOf(pathname)).toBe(pattern);
  });

  it("names a path that does not decode (none), without React Router's warning that would quote it", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      expect(routes.patternOf("/%ZZ")).toBe("(none)");
      expect(routes.cachedPerUrl("/blog/%E0%A4%A")).toBe(false);
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  it("keeps per URL only the pages whose deepest route says so", () => {
    expect(routes.cachedPerUrl("/blog")).toBe(true);
    expect(routes.cachedPerUrl("/features")).toBe(false);
    expect(routes.cachedPerUrl("/blog/a-post")).toBe(false);
    expect(routes.cachedPerUrl("/agencies")).toBe(true);
    // Another page's data is React Router's to answer with the visitor's session, though only the catch-all matches it.
    expect(routes.cachedPerUrl("/features.data")).toBe(false);
    expect(routes.cachedPerUrl("/console/redirects.data")).toBe(false);
    expect(routes.cachedPerUrl("/__manifest")).toBe(false);
  });
});
