import { describe, expect, it } from "vitest";
import { formatLongDate, formatMonth, hasArrived, todayIso } from "./dates";

describe("dates", () => {
  it("formats days and months in US English whatever the time zone", () => {
    expect(formatLongDate("2024-01-01")).toBe("January 1, 2024");
    expect(formatMonth("2027-01-12")).toBe("January 2027");
    expect(formatMonth("2025-09")).toBe("September 2025");
  });

  it("tells whether a date has come", () => {
    expect(hasArrived("2027-01-12", "2027-01-11")).toBe(false);
    expect(hasArrived("2027-01-12", "2027-01-12")).toBe(true);
    expect(hasArrived("2027-01-12", "2028-01-01")).toBe(true);
  });

  it("gives today's UTC date", () => {
    expect(todayIso(new Date("2026-11-23T23:59:59-08:00"))).toBe("2026-11-24");
  });
});
