import { describe, expect, it } from "vitest";
import { checkCopy, formatProblems } from "~/lib/copy-rules";
import { earlyAccessOffer, earlyAccessPlanLine, isLaunched, launchCopy, launchDate } from "./launch";
import { plans } from "./plans";

const dayBefore = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

describe("dated launch copy", () => {
  it("reads the launch as a month, in the future tense before the day and the past tense from it", () => {
    const before = launchCopy(dayBefore(launchDate));
    expect(before.eyebrow).toBe("Early access: public launch in January 2027, 50% off for early customers");
    expect(before.spots).toMatch(/spots are limited/);
    const after = launchCopy(launchDate);
    expect(after.eyebrow).toBe("Publicly available since January 2027");
    expect(after.offer).toBeNull();
    expect(Object.values(after).join(" ")).not.toMatch(/early-access spots|planned for|will/i);
  });

  it("never leaves future tense about the launch month once it has passed, by the content rules", () => {
    const monthAfter = "2027-02-01";
    const text = Object.values(launchCopy(monthAfter)).filter(Boolean).join("\n");
    expect(formatProblems(checkCopy("launch.ts", text, { marketing: true }, monthAfter))).toEqual([]);
    // What the pre-launch copy would say then is exactly what the rules catch.
    const stale = Object.values(launchCopy("2026-11-23")).filter(Boolean).join("\n");
    expect(checkCopy("launch.ts", stale, { marketing: true }, monthAfter).length).toBeGreaterThan(0);
  });

  it("prices the early-access offer from the plans, with cents, until the deadline", () => {
    const day = dayBefore(earlyAccessOffer.subscribeBefore);
    expect(plans.map((plan) => earlyAccessPlanLine(plan, day))).toEqual([
      "Early access: $7.50 a month for your first 3 months",
      "Early access: $30.00 a month for your first 3 months",
      "Early access: $75.00 a month for your first 3 months",
    ]);
    expect(earlyAccessPlanLine(plans[0], earlyAccessOffer.subscribeBefore)).toBeNull();
    expect(isLaunched(day)).toBe(false);
  });
});
