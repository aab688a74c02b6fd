import { describe, expect, it } from "vitest";
import { companyDefaults, companyPlaceholders, initialCompanyDetails, type CompanyDetails } from "./company";

const real: CompanyDetails = {
  name: "Replywise, Inc.",
  address: "500 Howard Street, Floor 4, San Francisco, CA 94105, United States",
  phone: "+1 415 200 0100",
  salesEmail: "sales@replywise.io",
  supportEmail: "help@replywise.io",
  supportPortalUrl: "https://help.replywise.io",
  governingLaw: "the State of Delaware, United States",
};

describe("companyPlaceholders", () => {
  it("names every placeholder a fresh clone starts with, and nothing of real details", () => {
    expect(companyPlaceholders(companyDefaults)).toEqual(["address", "phone", "salesEmail", "supportEmail", "supportPortalUrl"]);
    expect(companyPlaceholders(real)).toEqual([]);
  });

  it.each([
    [{ address: "1 Example St., Springfield" }, "address"],
    [{ phone: "(415) 555-0123" }, "phone"],
    [{ phone: "+1 555 200 0100" }, "phone"],
    [{ salesEmail: "sales@acme.example.com" }, "salesEmail"],
    [{ supportEmail: "help@example.org" }, "supportEmail"],
    [{ supportPortalUrl: "https://help.example.net/portal" }, "supportPortalUrl"],
  ] as const)("%o is a placeholder (%s)", (over, field) => {
    expect(companyPlaceholders({ ...real, ...over })).toEqual([field]);
  });

  it("takes each first value from its environment variable, an empty one being the default", () => {
    expect(initialCompanyDetails({ CONTACT_EMAIL: "sales@replywise.io", CONTACT_PHONE: " ", COMPANY_NAME: "Acme" })).toEqual({
      ...companyDefaults,
      salesEmail: "sales@replywise.io",
      name: "Acme",
    });
  });
});
