import { describe, expect, it } from "vitest";
import { describeAttribution } from "./attribution";
import { signInPath } from "~/lib/console/paths";
import { DEFAULT_FILTER, filtersInUse, leadFilterFields, leadFilterOfAddress, leadFilterParams, parseLeadFilter } from "./filters";

const parse = (query: string) => parseLeadFilter(new URLSearchParams(query));

describe("the leads filter in the address", () => {
  it("reads every filter, and round-trips through a form's fields", () => {
    const filter = parse("q=+Acme+&type=download&stage=meeting-booked&owner=mine&from=2026-01-01&to=2026-01-31&source=linkedin&page=3");
    expect(filter).toEqual({
      q: "Acme",
      type: "download",
      stage: "meeting-booked",
      owner: "mine",
      from: "2026-01-01",
      to: "2026-01-31",
      source: "linkedin",
      page: 3,
    });
    expect(parseLeadFilter(leadFilterFields(filter))).toEqual(filter);
    expect(parse("owner=12").owner).toBe(12);
    expect(parse("owner=nobody").owner).toBe("nobody");
  });

  it("reads an address from before the stage was the one state: status=new is the stage new", () => {
    expect(parse("status=new").stage).toBe("new");
    expect(parse("status=handled").stage).toBe("all");
  });

  it("never puts the search text in an address, nor reads it from one", () => {
    const filter = parse("q=jane%40example.com&type=contact");
    expect(leadFilterParams(filter, { page: 2 }).toString()).toBe("type=contact&page=2");
    expect(leadFilterOfAddress(new URLSearchParams("q=jane%40example.com&type=contact"))).toEqual({ ...filter, q: "" });
    expect(leadFilterFields(filter, { page: 2 }).toString()).toBe("type=contact&page=2&q=jane%40example.com");
    expect(signInPath({ next: "/console/leads?q=jane%40example.com&type=contact" })).toBe(
      "/console/sign-in?next=%2Fconsole%2Fleads%3Ftype%3Dcontact",
    );
  });

  it("falls back to no filter for anything odd, rather than an error", () => {
    expect(parse("type=admin&stage=handled&owner=-3&from=2026-02-30&to=yesterday&page=-4&q=%00x")).toEqual({ ...DEFAULT_FILTER, q: "x" });
    expect(parse(`q=${"a".repeat(500)}`).q).toHaveLength(200);
    expect(parse("page=99999999").page).toBe(100_000);
  });

  it("leaves defaults out of links and names the filters in use without their values", () => {
    expect(leadFilterParams(DEFAULT_FILTER).toString()).toBe("");
    expect(leadFilterParams(parse("type=contact"), { page: 2 }).toString()).toBe("type=contact&page=2");
    expect(filtersInUse(parse("q=jane%40example.com&from=2026-01-01&source=x"))).toEqual(["search", "dates", "came from"]);
    expect(filtersInUse(parse("stage=won&owner=7"))).toEqual(["stage: won", "owner"]);
  });
});

describe("where a visit came from, in words", () => {
  it("names the campaign, the referring site and the landing page, or nothing", () => {
    const none = {
      landingPage: null,
      referrer: null,
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
      utmTerm: null,
      utmContent: null,
    };
    expect(describeAttribution(none)).toBeNull();
    expect(
      describeAttribution({
        ...none,
        utmSource: "linkedin",
        utmMedium: "social",
        utmCampaign: "q4",
        referrer: "lnkd.in",
        landingPage: "/pricing",
      }),
    ).toBe("linkedin / social · q4 · from lnkd.in · landed on /pricing");
  });
});
