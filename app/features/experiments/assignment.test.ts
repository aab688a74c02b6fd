import { describe, expect, it } from "vitest";
import { variantOf, type VariantShare } from "./assignment";

// The split of an experiment's visits: the same visitor id sees the same variant every time, the variants get their
// shares, and two experiments split the same visitors independently.

/** 100,000 visitor ids as the analytics makes them (52-bit), from a seeded generator so a failure can be replayed. */
function visitorIds(count: number, seed = 0x5eed): number[] {
  let state = seed >>> 0;
  const next = () => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  return Array.from({ length: count }, () => (next() % 2 ** 20) * 2 ** 32 + next());
}

const shares = (...percents: number[]): VariantShare[] => percents.map((share, index) => ({ key: `v${index}`, share }));
const VISITORS = visitorIds(100_000);

describe("variantOf", () => {
  it("gives a visitor the same variant every time", () => {
    const variants = shares(25, 25, 25, 25);
    const first = VISITORS.slice(0, 1000).map((visitor) => variantOf(42, visitor, variants));
    expect(VISITORS.slice(0, 1000).map((visitor) => variantOf(42, visitor, variants))).toEqual(first);
    // Fixed values: another instance, another release, the report's SQL must all agree with these.
    expect([0, 1, 2 ** 52 - 1, 123_456_789].map((visitor) => variantOf(7, visitor, shares(50, 50)))).toEqual(["v1", "v1", "v1", "v0"]);
  });

  it.each([[[50, 50]], [[20, 80]], [[25, 25, 25, 25]], [[10, 20, 30, 40]]])(
    "splits 100,000 visitor ids within a point of %j",
    (percents) => {
      const variants = shares(...percents);
      const seen = new Map<string, number>();
      for (const visitor of VISITORS) {
        const key = variantOf(3, visitor, variants);
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
      for (const { key, share } of variants) expect(Math.abs(((seen.get(key) ?? 0) / VISITORS.length) * 100 - share)).toBeLessThan(1);
    },
  );

  it("splits the same visitors independently in two experiments", () => {
    const variants = shares(50, 50);
    for (const [one, other] of [
      [1, 2],
      [2, 3],
      [17, 1017],
    ] as const) {
      const agreeing = VISITORS.filter((visitor) => variantOf(one, visitor, variants) === variantOf(other, visitor, variants)).length;
      expect(Math.abs((agreeing / VISITORS.length) * 100 - 50)).toBeLessThan(1);
    }
  });

  it("never picks a variant with no share, and refuses shares that do not add up to 100", () => {
    const variants = [
      { key: "off", share: 0 },
      { key: "on", share: 100 },
    ];
    expect(new Set(VISITORS.slice(0, 10_000).map((visitor) => variantOf(5, visitor, variants)))).toEqual(new Set(["on"]));
    expect(() => variantOf(5, 1, shares(50, 40))).toThrow("add up to 90 %, not 100 %");
    expect(() => variantOf(5, 1, shares(50.5, 49.5))).toThrow("a share is a whole percent");
    expect(() => variantOf(5, 1.5, shares(50, 50))).toThrow("whole numbers");
  });
});
