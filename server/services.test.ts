import { describe, expect, it } from "vitest";
import { readEnv } from "../app/lib/env.server";
import { RETENTION_DEFAULT_DAYS } from "../app/lib/retention/retention";
import { retentionPeriodsOf } from "./services";

describe("the environment, as the services' options", () => {
  it("gives the retention periods the privacy policy quotes by default, each one changeable", () => {
    expect(retentionPeriodsOf(readEnv({}))).toEqual(RETENTION_DEFAULT_DAYS);
    const env = readEnv({ RETENTION_CONTACT_DAYS: "90", RETENTION_OUTBOX_DAYS: "7", RETENTION_AUDIT_DAYS: "400" });
    expect(retentionPeriodsOf(env)).toEqual({ ...RETENTION_DEFAULT_DAYS, contact: 90, outbox: 7, audit: 400 });
    expect(() => readEnv({ RETENTION_DOWNLOAD_DAYS: "0" })).toThrow(/RETENTION_DOWNLOAD_DAYS/);
  });
});
