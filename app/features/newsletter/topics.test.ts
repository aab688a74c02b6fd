import { describe, expect, it } from "vitest";
import { NEWSLETTER_CONSENTS, newsletterConsentRecord } from "~/content/consent";
import { recordsCovering, topicsOf } from "./topics";

describe("what a stored consent covers", () => {
  it("today's sign-ups get resources and posts", () => {
    expect(topicsOf(newsletterConsentRecord)).toEqual(["resource", "post"]);
  });

  it("sign-ups under the first line get resources only, as do rows without a known record", () => {
    expect(topicsOf(NEWSLETTER_CONSENTS[0].record)).toEqual(["resource"]);
    expect(topicsOf(null)).toEqual(["resource"]);
    expect(topicsOf("One email when we publish.")).toEqual(["resource"]);
  });

  it("a post goes only to records that name posts; a resource to every record", () => {
    expect(recordsCovering("post")).toEqual([newsletterConsentRecord]);
    expect(recordsCovering("resource")).toHaveLength(NEWSLETTER_CONSENTS.length);
  });

  it("the first line, which subscribers agreed to, is kept word for word", () => {
    expect(NEWSLETTER_CONSENTS[0].record).toBe(
      "One email when we publish a new resource. Unsubscribe in one click, any time. Privacy policy: /privacy",
    );
  });
});
