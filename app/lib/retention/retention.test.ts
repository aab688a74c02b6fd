import { describe, expect, it } from "vitest";
import { getLegalDocument } from "~/lib/legal.server";
import { describeDays, RETENTION_DEFAULT_DAYS } from "./retention";

describe("retention periods", () => {
  it("are stated as a person would say them", () => {
    expect([730, 365, 90, 30, 1, 45].map(describeDays)).toEqual(["2 years", "1 year", "3 months", "30 days", "1 day", "45 days"]);
  });

  it("default to what the privacy policy quotes, each one of them", () => {
    const policy = getLegalDocument("privacy").html;
    expect(policy).toContain(`Contact messages: ${describeDays(RETENTION_DEFAULT_DAYS.contact)}.`);
    expect(policy).toContain(`Feature requests: ${describeDays(RETENTION_DEFAULT_DAYS.featureRequest)}.`);
    expect(policy).toContain(`Resource download requests: ${describeDays(RETENTION_DEFAULT_DAYS.download)}.`);
    expect(policy).toContain(`${describeDays(RETENTION_DEFAULT_DAYS.outbox)} after they were sent or given up`);
    expect(policy).toContain(`We keep that log for ${describeDays(RETENTION_DEFAULT_DAYS.audit)}.`);
  });
});
