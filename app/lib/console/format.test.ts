import { describe, expect, it } from "vitest";
import { describeJob } from "~/lib/jobs/job-words";
import { formatExact, formatWhen, isTimeZone } from "./format";

// One rule for console times (decision 045): relative to now, in the operator's zone.

describe("formatWhen", () => {
  // 23:30 in UTC on Sun Nov 29, 2026 is 08:30 on Mon Nov 30 in Tokyo and 18:30 on Sun Nov 29 in New York.
  const now = "2026-11-29T23:30:00Z";
  it.each([
    ["2026-11-29T23:29:40Z", "UTC", "just now"],
    ["2026-11-29T23:18:00Z", "UTC", "12 min ago"],
    ["2026-11-30T00:10:00Z", "UTC", "in 40 min"],
    ["2026-11-29T16:05:00Z", "UTC", "today 16:05"],
    ["2026-11-28T16:05:00Z", "UTC", "yesterday 16:05"],
    ["2026-11-30T09:30:00Z", "UTC", "tomorrow 09:30"],
    ["2026-11-26T09:30:00Z", "UTC", "Thu 09:30"],
    ["2026-11-03T09:30:00Z", "UTC", "Nov 3, 09:30"],
    ["2025-11-03T09:30:00Z", "UTC", "Nov 3, 2025, 09:30"],
    // Across midnight in the operator's zone, not UTC's: in Tokyo it is already Monday the 30th.
    ["2026-11-29T16:05:00Z", "Asia/Tokyo", "today 01:05"],
    ["2026-11-28T16:05:00Z", "Asia/Tokyo", "yesterday 01:05"],
    ["2026-11-29T14:00:00Z", "Asia/Tokyo", "yesterday 23:00"],
    ["2026-11-30T02:00:00Z", "America/New_York", "today 21:00"],
    // An unknown zone (a stale row) reads as UTC rather than failing the page.
    ["2026-11-29T16:05:00Z", "Mars/Olympus_Mons", "today 16:05"],
  ])("%s in %s reads %s", (at, timeZone, expected) => {
    expect(formatWhen(at, { now, timeZone })).toBe(expected);
  });

  it("writes the exact moment with its zone for the tooltip", () => {
    expect(formatExact("2026-11-29T16:05:00Z", "Europe/Paris")).toBe("Sun, Nov 29, 2026, 17:05 (Europe/Paris)");
    expect(formatExact("2026-11-29T16:05:00Z")).toBe("Sun, Nov 29, 2026, 16:05 (UTC)");
  });

  it("knows the runtime's zones and refuses anything else", () => {
    expect(["UTC", "Europe/Paris", "America/Argentina/Buenos_Aires"].every(isTimeZone)).toBe(true);
    expect([undefined, "", "Mars/Olympus_Mons", "x".repeat(65), 3].some(isTimeZone)).toBe(false);
  });
});

describe("describeJob", () => {
  const words = {
    "mail:team-notification": { told: "We told the team", what: "the team's alert", to: "team" },
    "mail:request-received": { told: "Confirmation sent", what: "the confirmation", to: "person" },
    "mail:follow-up-reminder": { told: "Follow-up reminder sent", what: "the follow-up reminder", to: "owner" },
  } as const;
  const aisha = "aisha@example.com";
  it.each([
    ["mail:team-notification", aisha, "sent", { told: "We told the team", whom: `to the team, about ${aisha}` }],
    ["mail:request-received", aisha, "sent", { told: "Confirmation sent", whom: `to ${aisha}` }],
    ["mail:request-received", aisha, "failed", { told: "Could not send the confirmation", whom: `to ${aisha}` }],
    ["mail:request-received", aisha, "suppressed", { told: "Did not send the confirmation", whom: `to ${aisha}` }],
    ["mail:team-notification", aisha, "pending", { told: "Waiting to send the team's alert", whom: `to the team, about ${aisha}` }],
    ["mail:follow-up-reminder", aisha, "sent", { told: "Follow-up reminder sent", whom: `to the lead's owner, about ${aisha}` }],
    ["blog:publish", null, "sent", { told: "blog:publish", whom: null }],
  ] as const)("%s about %s, %s", (kind, recipient, status, expected) => {
    expect(describeJob({ kind, recipient, status }, words)).toEqual(expected);
  });
});
