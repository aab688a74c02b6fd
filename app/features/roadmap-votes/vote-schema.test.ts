import { describe, expect, it } from "vitest";
import { roadmapVoteSchema, UNKNOWN_ITEM_MESSAGE } from "./vote-schema";

const schema = roadmapVoteSchema((id) => id === "hubspot-crm-sync");
const messages = (value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe("roadmapVoteSchema", () => {
  it("accepts an address on a planned item, the name and note optional (empty is null)", () => {
    expect(schema.parse({ itemId: "hubspot-crm-sync", email: " ann@example.com ", name: "", note: " Soon please " })).toEqual({
      itemId: "hubspot-crm-sync",
      email: "ann@example.com",
      name: null,
      note: "Soon please",
    });
  });

  it("refuses an item that is not open for votes, and a bad address", () => {
    expect(messages({ itemId: "smartlead-integration", email: "ann@example.com" })).toEqual([UNKNOWN_ITEM_MESSAGE]);
    expect(messages({ itemId: "hubspot-crm-sync", email: "not an address" })).toEqual(["Please enter a valid email address"]);
  });

  it("refuses markup and an overlong note with the field's own words", () => {
    expect(messages({ itemId: "hubspot-crm-sync", email: "a@example.com", note: "<script>alert(1)</script>" })).toEqual([
      "Note cannot contain HTML: write it as plain text.",
    ]);
    expect(messages({ itemId: "hubspot-crm-sync", email: "a@example.com", name: '"><img src=x onerror=alert(1)>' })).toEqual([
      "Name cannot contain HTML: write it as plain text.",
    ]);
    expect(messages({ itemId: "hubspot-crm-sync", email: "a@example.com", note: "x".repeat(1001) })).toEqual([
      "Note must be at most 1000 characters.",
    ]);
  });
});
