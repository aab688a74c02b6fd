import { describe, expect, it } from "vitest";
import { FeatureRequestSchema, hasMissingRequiredFields } from "./feature-request-schema";
import { fieldErrorsOf } from "../../../tests/support/zod";

const valid = {
  name: "Grace Hopper",
  email: "grace@example.com",
  company: "",
  featureTitle: "HubSpot sync",
  description: "Push booked meetings to HubSpot.",
  useCase: "  ",
};

describe("FeatureRequestSchema", () => {
  it("sends company and use case as null when they are empty", () => {
    const parsed = FeatureRequestSchema.parse(valid);
    expect(parsed.company).toBeNull();
    expect(parsed.useCase).toBeNull();
    expect(parsed.featureTitle).toBe("HubSpot sync");
  });

  it("keeps the optional fields when they are filled in", () => {
    const parsed = FeatureRequestSchema.parse({ ...valid, company: "Navy", useCase: "Weekly pipeline review" });
    expect(parsed).toMatchObject({ company: "Navy", useCase: "Weekly pipeline review" });
  });

  it("reports each missing required field", () => {
    expect(hasMissingRequiredFields({ ...valid, featureTitle: " " })).toBe(true);
    expect(hasMissingRequiredFields({ email: "a@b.co" })).toBe(true);
    expect(hasMissingRequiredFields(valid)).toBe(false);
    const result = FeatureRequestSchema.safeParse({});
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(Object.keys(fieldErrorsOf(result.error)).sort()).toEqual(["description", "email", "featureTitle", "name"]);
  });

  it("rejects a malformed address", () => {
    const result = FeatureRequestSchema.safeParse({ ...valid, email: "grace@" });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrorsOf(result.error)).toEqual({ email: "Please enter a valid email address" });
  });
});
