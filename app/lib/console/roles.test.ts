import { describe, expect, it } from "vitest";
import { homeOf, isRole, mayReach, ROLES } from "./roles";

describe("roles", () => {
  it("keeps the leads from editors and the audit log from sales", () => {
    expect(mayReach("editor", "leads")).toBe(false);
    expect(mayReach("editor", "posts")).toBe(true);
    expect(mayReach("sales", "leads")).toBe(true);
    expect(mayReach("sales", "posts")).toBe(false);
    expect(mayReach("sales", "audit")).toBe(false);
    expect(["leads", "posts", "newsletter", "reports", "audit"].every((area) => mayReach("admin", area as "leads"))).toBe(true);
  });

  it("shows every role the reports, whose lead tables follow the leads", () => {
    expect(ROLES.filter((role) => mayReach(role, "reports"))).toEqual(["admin", "editor", "sales"]);
    expect(ROLES.filter((role) => mayReach(role, "leads"))).toEqual(["admin", "sales"]);
  });

  it("lets those who write the posts send the newsletter, and not sales", () => {
    expect(ROLES.filter((role) => mayReach(role, "newsletter"))).toEqual(["admin", "editor"]);
    expect(ROLES.filter((role) => mayReach(role, "redirects"))).toEqual(["admin", "editor"]);
  });

  it("starts an account where its role may look", () => {
    expect(homeOf("admin")).toBe("/console/today");
    expect(homeOf("sales")).toBe("/console/today");
    expect(homeOf("editor")).toBe("/console/posts");
  });

  it("accepts only the three role names", () => {
    expect(["admin", "editor", "sales"].every(isRole)).toBe(true);
    for (const value of ["Admin", "owner", "", undefined, null, 1]) expect(isRole(value)).toBe(false);
  });
});
