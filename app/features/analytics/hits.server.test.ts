import { describe, expect, it } from "vitest";
import { countedOf, dayOf, deviceOf, visitorId, type Hit } from "./hits.server";
import { parseRange, previousOf } from "./range";

const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const hit = (change: Partial<Hit> = {}): Hit => ({
  at: new Date("2030-01-01T12:00:00Z"),
  method: "GET",
  path: "/pricing/",
  search: "utm_source=newsletter&utm_campaign=%20spring%20&gclid=secret&email=a%40b.example",
  status: 200,
  contentType: "text/html; charset=utf-8",
  address: "203.0.113.9",
  userAgent: CHROME,
  referer: "https://www.google.com/search?q=replies",
  purpose: undefined,
  ...change,
});

describe("what a finished request counts as", () => {
  it("an HTML page answered 200: the path without its query, the referring host, the tags, which click id, the device", () => {
    expect(countedOf(hit(), ["localhost"])).toEqual({
      kind: "view",
      view: {
        path: "/pricing",
        referrer: "www.google.com",
        utmSource: "newsletter",
        utmMedium: null,
        utmCampaign: "spring",
        utmTerm: null,
        utmContent: null,
        clickId: "gclid",
        device: "desktop",
      },
    });
    expect(countedOf(hit({ referer: "http://localhost/blog" }), ["localhost"])).toMatchObject({ view: { referrer: null } });
  });

  it("an HTML page answered 304 (seen again from the browser's copy) is a view too", () => {
    expect(countedOf(hit({ status: 304 }), [])).toMatchObject({ kind: "view", view: { path: "/pricing" } });
    expect(countedOf(hit({ status: 304, contentType: "" }), [])).toBeNull();
  });

  it("a client-side navigation is a view of the page whose data it fetched; the same page's data fetched from itself is not", () => {
    const data = (path: string, referer: string) => hit({ path, search: "", contentType: "text/x-script", referer });
    expect(countedOf(data("/features.data", "http://localhost/blog"), ["localhost"])).toMatchObject({
      view: { path: "/features", referrer: null },
    });
    expect(countedOf(data("/_root.data", "http://localhost/pricing"), ["localhost"])).toMatchObject({ view: { path: "/" } });
    expect(countedOf(data("/blog/a-post.data", "not a url"), [])).toMatchObject({ view: { path: "/blog/a-post" } });
    expect(countedOf(data("/contact.data", "http://localhost/contact"), ["localhost"])).toBeNull();
    expect(countedOf(data("/_root.data", "http://localhost/"), ["localhost"])).toBeNull();
    expect(countedOf({ ...data("/features.data", "http://localhost/blog"), status: 202 }, [])).toBeNull();
    // Back to a page by a client-side navigation: the browser revalidates its copy of the data and gets a 304.
    const back = { ...data("/pricing.data", "http://localhost/features"), status: 304, contentType: "" };
    expect(countedOf(back, ["localhost"])).toMatchObject({ kind: "view", view: { path: "/pricing" } });
    expect(countedOf({ ...back, referer: "http://localhost/pricing" }, ["localhost"])).toBeNull();
    expect(countedOf(data("/console/reports.data", "http://localhost/console/leads"), [])).toBeNull();
  });

  it("a resource file is a download; anything else is nothing", () => {
    expect(countedOf(hit({ path: "/resources/guide.pdf", contentType: "application/pdf" }), [])).toEqual({ kind: "download" });
    const nothing: Partial<Hit>[] = [
      { method: "HEAD" },
      { method: "POST" },
      { status: 304, path: "/resources/guide.pdf", contentType: "application/pdf" },
      { status: 404 },
      { contentType: "text/javascript" },
      { path: "/console/leads" },
      { path: "/console/reports" },
      { userAgent: undefined },
      { userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
      { userAgent: CHROME.replace("Chrome", "HeadlessChrome") },
      { purpose: "prefetch" },
      { purpose: "prefetch;prerender" },
    ];
    for (const change of nothing) expect(countedOf(hit(change), []), JSON.stringify(change)).toBeNull();
  });

  it("tells phones, tablets and computers apart", () => {
    expect(deviceOf("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148")).toBe("mobile");
    expect(deviceOf("Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/131.0.0.0 Mobile Safari/537.36")).toBe("mobile");
    expect(deviceOf("Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) Mobile/15E148")).toBe("tablet");
    expect(deviceOf("Mozilla/5.0 (Linux; Android 14; SM-X710) Chrome/131.0.0.0 Safari/537.36")).toBe("tablet");
    expect(deviceOf(CHROME)).toBe("desktop");
  });

  it("names the UTC day of a moment, on either side of midnight and back again", () => {
    const midnight = Date.parse("2030-01-02T00:00:00Z");
    for (const [at, day] of [
      [midnight - 1, "2030-01-01"],
      [midnight, "2030-01-02"],
      [midnight - 1, "2030-01-01"],
      [midnight + 86_399_999, "2030-01-02"],
      [midnight + 86_400_000, "2030-01-03"],
      [0, "1970-01-01"],
    ] as const) {
      expect(dayOf(at)).toBe(day);
      expect(dayOf(new Date(at))).toBe(new Date(at).toISOString().slice(0, 10));
    }
  });

  it("hashes a visitor to an exact number that changes with the salt", () => {
    const id = visitorId("a".repeat(64), "203.0.113.9", CHROME);
    expect(Number.isSafeInteger(id)).toBe(true);
    expect(id).toBeGreaterThan(2 ** 40); // all 52 bits are used, not a few
    expect(visitorId("a".repeat(64), "203.0.113.9", CHROME)).toBe(id);
    expect(visitorId("b".repeat(64), "203.0.113.9", CHROME)).not.toBe(id);
    expect(visitorId("a".repeat(64), "203.0.113.10", CHROME)).not.toBe(id);
    // Fixed values: every instance and release must agree, or a visit (and an experiment's variant) splits in two.
    expect([id, visitorId("0".repeat(64), "::1", "x")]).toEqual([1797986876066656, 2273691386528188]);
  });
});

describe("the reports' date range", () => {
  it("is the last 30 days by default, whole UTC days, compared with the 30 before", () => {
    const range = parseRange(new URLSearchParams(), Date.parse("2030-03-31T18:00:00Z"));
    expect(range).toEqual({ from: "2030-03-02", to: "2030-03-31" });
    expect(previousOf(range)).toEqual({ from: "2030-01-31", to: "2030-03-01" });
    expect(parseRange(new URLSearchParams("from=2030-02-10&to=2030-02-01"))).toEqual({ from: "2030-02-01", to: "2030-02-10" });
    expect(parseRange(new URLSearchParams("from=nonsense&to=2030-02-01")).to).toBe("2030-02-01");
  });
});
