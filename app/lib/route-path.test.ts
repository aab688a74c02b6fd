import { describe, expect, it } from "vitest";
import { formNameOf } from "./forms/names";
import { isConsolePath, isEditorPath } from "./console/paths";
import { routerPathOf } from "./route-path";

describe("the router's path rule", () => {
  it("reads every spelling the router takes for a path as the one path", () => {
    for (const spelling of [
      "/CONSOLE/posts/new",
      "/Console/Posts/New",
      "/c%6Fnsole/posts/new",
      "/console//posts/new",
      "//console/posts/new",
    ]) {
      expect(routerPathOf(spelling), spelling).toBe("/console/posts/new");
    }
    expect(routerPathOf("/console%2Fposts")).toBe("/console%2fposts");
    expect(routerPathOf("/forms/%ZZ")).toBe("/forms/%zz");
  });

  it("lets the guards see the console and the forms in any spelling, and nothing else", () => {
    for (const path of ["/CONSOLE", "/%63onsole/leads/export/", "/CONSOLE/posts/1.data", "//console/sign-in"])
      expect(isConsolePath(path), path).toBe(true);
    for (const path of ["/consoles", "/inbox", "/blog-admin", "/blog", "/pricing"]) expect(isConsolePath(path), path).toBe(false);
    for (const path of ["/CONSOLE/posts/1.data", "/c%6fnsole/content", "//console/posts/new"]) expect(isEditorPath(path), path).toBe(true);
    for (const path of ["/console/leads", "/console/postscript", "/blog/admin"]) expect(isEditorPath(path), path).toBe(false);
    expect(formNameOf("/FORMS/Contact.data")).toBe("contact");
    expect(formNameOf("/forms/%63ontact/")).toBe("contact");
    expect(formNameOf("/forms/unknown")).toBeNull();
  });
});
