import { describe, expect, it } from "vitest";
import { readEnv } from "~/lib/env.server";
import { getLegalDocument } from "~/lib/legal.server";
import { describeDays, RETENTION_DEFAULT_DAYS } from "./retention";
import { retentionPeriodsOf } from "./retention.server";

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
    expect(retentionPeriodsOf(readEnv({}))).toEqual(RETENTION_DEFAULT_DAYS);
  });

  it("can each be changed from the environment", () => {
    const env = readEnv({ RETENTION_CONTACT_DAYS: "90", RETENTION_OUTBOX_DAYS: "7", RETENTION_AUDIT_DAYS: "400" });
    expect(retentionPeriodsOf(env)).toEqual({ ...RETENTION_DEFAULT_DAYS, contact: 90, outbox: 7, audit: 400 });
    expect(() => readEnv({ RETENTION_DOWNLOAD_DAYS: "0" })).toThrow(/RETENTION_DOWNLOAD_DAYS/);
  });
});
