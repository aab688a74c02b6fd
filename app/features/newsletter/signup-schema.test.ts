import { describe, expect, it } from "vitest";
import { NewsletterSchema } from "./signup-schema";

describe("NewsletterSchema", () => {
  it("accepts an address and the page it was given on", () => {
    expect(NewsletterSchema.parse({ email: " Ann@Example.com ", source: "/resources" })).toEqual({
      email: "Ann@Example.com",
      source: "/resources",
    });
  });

  it("records anything that is not a site path as the home page", () => {
    expect(NewsletterSchema.parse({ email: "a@example.com", source: "https://evil.example" }).source).toBe("/");
    expect(NewsletterSchema.parse({ email: "a@example.com" }).source).toBe("/");
  });

  it("rejects an empty or malformed address", () => {
    expect(NewsletterSchema.safeParse({ email: "" }).success).toBe(false);
    expect(NewsletterSchema.safeParse({ email: "nobody" }).success).toBe(false);
  });
});
