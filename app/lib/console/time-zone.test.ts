import { describe, expect, it } from "vitest";
import { formatInZone, instantInZone, zonedInputValue } from "./time-zone";

describe("one time zone for the schedulers", () => {
  it("reads a wall-clock time in the zone and shows it back, across a daylight-saving change", () => {
    for (const [typed, zone, utc] of [
      ["2027-01-15T09:00", "Europe/Berlin", "2027-01-15T08:00:00.000Z"],
      ["2027-07-15T09:00", "Europe/Berlin", "2027-07-15T07:00:00.000Z"],
      ["2027-03-28T09:00", "Europe/Berlin", "2027-03-28T07:00:00.000Z"],
      ["2027-11-07T09:00", "America/New_York", "2027-11-07T14:00:00.000Z"],
      ["2027-07-15T09:00", "UTC", "2027-07-15T09:00:00.000Z"],
    ] as const) {
      const instant = instantInZone(typed, zone);
      expect(instant?.toISOString(), `${typed} ${zone}`).toBe(utc);
      expect(zonedInputValue(instant!, zone)).toBe(typed);
    }
    expect(instantInZone("2027-07-15T09:00:30", "Europe/Berlin")?.toISOString()).toBe("2027-07-15T07:00:30.000Z");
    expect(formatInZone("2027-07-15T07:00:00.000Z", "Europe/Berlin")).toBe("Jul 15, 2027, 09:00 (Europe/Berlin)");
  });

  it("refuses what is not a time", () => {
    expect(instantInZone("tomorrow", "UTC")).toBeUndefined();
    expect(instantInZone("2027-13-45T09:00", "UTC")).toBeUndefined();
  });
});
