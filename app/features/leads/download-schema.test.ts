import { describe, expect, it } from "vitest";
import { DownloadLeadSchema } from "./download-schema";
import { fieldErrorsOf } from "../../../tests/support/zod";

describe("DownloadLeadSchema", () => {
  it("accepts a two-letter name and a valid address", () => {
    expect(DownloadLeadSchema.parse({ name: " Al ", email: "al@example.com", resourceId: "outreach-checklist" })).toEqual({
      name: "Al",
      email: "al@example.com",
      resourceId: "outreach-checklist",
    });
  });

  it("gives the spec's messages", () => {
    const result = DownloadLeadSchema.safeParse({ name: "A", email: "al@", resourceId: "outreach-checklist" });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrorsOf(result.error)).toEqual({
      name: "Name must be at least 2 characters",
      email: "Please enter a valid email address",
    });
  });

  it("refuses a resource id that is not a slug", () => {
    expect(DownloadLeadSchema.safeParse({ name: "Al", email: "al@example.com", resourceId: "../etc" }).success).toBe(false);
  });
});
