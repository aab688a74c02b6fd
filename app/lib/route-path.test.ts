import { describe, expect, it } from "vitest";
import { formNameOf } from "./forms/names";
import { isBlogAdminPath, isConsolePath } from "./console/paths";
import { routerPathOf } from "./route-path";

describe("the router's path rule", () => {
  it("reads every spelling the router takes for a path as the one path", () => {
    for (const spelling of ["/BLOG-ADMIN/new", "/Blog-Admin/New", "/blog-%61dmin/new", "/blog-admin//new", "//blog-admin/new"]) {
      expect(routerPathOf(spelling), spelling).toBe("/blog-admin/new");
    }
    expect(routerPathOf("/blog-admin%2Fnew")).toBe("/blog-admin%2fnew");
    expect(routerPathOf("/forms/%ZZ")).toBe("/forms/%zz");
  });

  it("lets the guards see the console and the forms in any spelling, and nothing else", () => {
    for (const path of ["/INBOX", "/%69nbox/export/", "/BLOG-ADMIN/posts/1.data", "//inbox/sign-in"])
      expect(isConsolePath(path), path).toBe(true);
    for (const path of ["/inboxes", "/blog", "/blog/admin", "/pricing"]) expect(isConsolePath(path), path).toBe(false);
    for (const path of ["/BLOG-ADMIN/posts/1.data", "/blog-%61dmin", "//blog-admin/new"]) expect(isBlogAdminPath(path), path).toBe(true);
    for (const path of ["/inbox", "/blog-administration", "/blog/admin"]) expect(isBlogAdminPath(path), path).toBe(false);
    expect(formNameOf("/FORMS/Contact.data")).toBe("contact");
    expect(formNameOf("/forms/%63ontact/")).toBe("contact");
    expect(formNameOf("/forms/unknown")).toBeNull();
  });
});
