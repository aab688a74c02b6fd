import { describe, expect, it } from "vitest";
import { NO_VISIT, visitOf as visitOfPost } from "./visit.server";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};
const SITE_ORIGIN = "https://replywise.example";
const request = (referer?: string, url = "https://www.replywise.example/forms/contact") =>
  new Request(url, { method: "POST", headers: referer ? { Referer: referer } : {} });
const visitOf = (formData: FormData, post: Request) => visitOfPost(formData, post, SITE_ORIGIN);

describe("the visit a lead came from", () => {
  it("takes the hidden fields when the form sends them: a path, a host, bounded tags", () => {
    const visit = visitOf(
      form({
        visit_landing_page: "/blog/post?email=jane@example.com#top",
        visit_referrer: "https://News.YCombinator.com/item?id=1",
        visit_utm_source: " newsletter\n",
        visit_utm_term: "t".repeat(300),
      }),
      request("https://www.replywise.example/contact?utm_source=ignored"),
    );
    expect(visit).toEqual({
      ...NO_VISIT,
      landingPage: "/blog/post",
      referrer: "news.ycombinator.com",
      utmSource: "newsletter",
      utmTerm: "t".repeat(100),
    });
  });

  it("refuses what is not a page of this site or a host name", () => {
    const visit = visitOf(form({ visit_landing_page: "//evil.example/x", visit_referrer: "javascript:alert(1)" }), request());
    expect(visit).toEqual(NO_VISIT);
    expect(visitOf(form({ visit_landing_page: "https://evil.example/" }), request()).landingPage).toBeNull();
  });

  it("reads the Referer without the fields: this site's page and its tags, or the other site", () => {
    expect(visitOf(form({}), request("https://www.replywise.example/pricing?utm_source=google&utm_campaign=brand&q=private"))).toEqual({
      ...NO_VISIT,
      landingPage: "/pricing",
      utmSource: "google",
      utmCampaign: "brand",
    });
    expect(visitOf(form({}), request("https://partner.example.org/links?ref=1"))).toEqual({ ...NO_VISIT, referrer: "partner.example.org" });
    expect(visitOf(form({}), request("not a url"))).toEqual(NO_VISIT);
    expect(visitOf(form({}), request())).toEqual(NO_VISIT);
  });

  it("does not count this site as a referring site", () => {
    expect(visitOf(form({ visit_referrer: "www.replywise.example", visit_landing_page: "/" }), request()).referrer).toBeNull();
  });

  it("knows the site by SITE_URL as the server runs it, also when the post was addressed to another host", () => {
    const internal = "http://10.0.0.5:3000/forms/contact";
    expect(visitOf(form({}), request("https://replywise.example/pricing?utm_source=google", internal))).toEqual({
      ...NO_VISIT,
      landingPage: "/pricing",
      utmSource: "google",
    });
    expect(
      visitOf(form({ visit_referrer: "replywise.example", visit_landing_page: "/" }), request(undefined, internal)).referrer,
    ).toBeNull();
    expect(visitOfPost(form({}), request("https://replywise.example/pricing", internal), "https://staging.example")).toEqual({
      ...NO_VISIT,
      referrer: "replywise.example",
    });
  });
});
