import { describe, expect, it } from "vitest";
import { ContactFormSchema } from "./contact-schema";
import { fieldErrorsOf } from "../../../tests/support/zod";

const valid = { name: "Ada Lovelace", email: "ada@example.com", companyName: "", message: "Hello there" };

describe("ContactFormSchema", () => {
  it("accepts a complete message, trims it and stores an empty company as null", () => {
    const parsed = ContactFormSchema.parse({ ...valid, name: "  Ada Lovelace ", message: " Hello there\n" });
    expect(parsed).toEqual({ name: "Ada Lovelace", email: "ada@example.com", companyName: null, message: "Hello there" });
  });

  it("keeps a company that was typed", () => {
    expect(ContactFormSchema.parse({ ...valid, companyName: " Acme " }).companyName).toBe("Acme");
  });

  it("names each missing or malformed field", () => {
    const result = ContactFormSchema.safeParse({ name: " ", email: "not-an-address", message: "" });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrorsOf(result.error)).toEqual({
      name: "Please enter your full name",
      email: "Please enter a valid email address",
      message: "Please enter a message",
    });
  });

  it("bounds every field", () => {
    const result = ContactFormSchema.safeParse({ ...valid, message: "x".repeat(5001), companyName: "c".repeat(201) });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrorsOf(result.error)).toEqual({
      message: "Message must be at most 5000 characters",
      companyName: "Company name must be at most 200 characters",
    });
  });
});
