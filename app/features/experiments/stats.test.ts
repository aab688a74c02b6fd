import { describe, expect, it } from "vitest";
import { chiSquarePValue, formatChance, judgeExperiment, type VariantCounts } from "./stats";

// The reference figures below come from SciPy 1.17 (scipy.stats.beta.ppf, chi2.sf; the chances and the uplift
// quantiles by scipy.integrate.quad over the same Beta posteriors, the quantiles by optimize.brentq), or from closed forms.

const goal = { plural: "demos booked" };
const names = ["A", "B", "C", "D"];
/** Variants A, B, … with equal shares, from [visits, conversions] pairs. */
const counts = (...pairs: [number, number][]): VariantCounts[] =>
  pairs.map(([visits, conversions], index) => ({
    key: names[index]!.toLowerCase(),
    name: names[index]!,
    share: 100 / pairs.length,
    visits,
    conversions,
  }));
const split = (shares: number[], visits: number[]): VariantCounts[] =>
  shares.map((share, index) => ({ key: names[index]!.toLowerCase(), name: names[index]!, share, visits: visits[index]!, conversions: 0 }));

function numbersIn(value: unknown): number[] {
  if (typeof value === "number") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(numbersIn);
  return [];
}

describe("judgeExperiment", () => {
  it("gives each rate's 95% interval as the quantiles of its Beta posterior", () => {
    const cases: [visits: number, conversions: number, interval: [number, number]][] = [
      [1000, 30, [0.02113693887928364, 0.042509169300003924]],
      [1000, 60, [0.046930620840461776, 0.07648468263031226]],
      [100, 3, [0.010894483716810321, 0.08435689827612243]],
      // Beta(1, 1): uniform. Beta(1, n + 1): CDF 1 - (1 - x)^(n + 1). Beta(n + 1, 1): CDF x^(n + 1).
      [0, 0, [0.025, 0.975]],
      [1000, 0, [1 - 0.975 ** (1 / 1001), 1 - 0.025 ** (1 / 1001)]],
      [250, 250, [0.025 ** (1 / 251), 0.975 ** (1 / 251)]],
    ];
    for (const [visits, conversions, [low, high]] of cases) {
      const [variant] = judgeExperiment(counts([visits, conversions], [visits, conversions]), goal).variants;
      expect(variant!.rate, `${conversions}/${visits}`).toBe(visits ? conversions / visits : 0);
      expect(variant!.rateInterval[0], `${conversions}/${visits}`).toBeCloseTo(low, 9);
      expect(variant!.rateInterval[1], `${conversions}/${visits}`).toBeCloseTo(high, 9);
    }
  });

  it("gives each variant its chance to beat all the others, for 2 to 4 variants, lopsided ones included", () => {
    const cases: [[number, number][], number[]][] = [
      [
        [
          [1000, 30],
          [1000, 40],
        ],
        [0.113333, 0.886667],
      ],
      [
        [
          [1000, 0],
          [1000, 5],
        ],
        [0.015508, 0.984492],
      ],
      [
        [
          [120, 5],
          [130, 5],
        ],
        [0.554664, 0.445336],
      ],
      [
        [
          [100, 5],
          [10000, 700],
        ],
        [0.282625, 0.717375],
      ],
      [
        [
          [10, 0],
          [100000, 3000],
        ],
        [0.715237, 0.284763],
      ],
      [
        [
          [200, 10],
          [210, 15],
          [190, 12],
        ],
        [0.109858, 0.556606, 0.333536],
      ],
      [
        [
          [20, 1],
          [2000, 60],
          [500, 20],
        ],
        [0.776893, 0.018003, 0.205103],
      ],
      [
        [
          [500, 20],
          [500, 25],
          [500, 30],
          [500, 22],
        ],
        [0.038446, 0.207702, 0.672273, 0.081579],
      ],
    ];
    for (const [pairs, expected] of cases) {
      const chances = judgeExperiment(counts(...pairs), goal).variants.map((variant) => variant.chanceToBeatOthers);
      chances.forEach((chance, index) => expect(Math.abs(chance - expected[index]!), JSON.stringify(pairs)).toBeLessThan(1e-4));
    }
  });

  it("splits the chance evenly between variants with the same counts", () => {
    for (const pairs of [
      counts([1000, 30], [1000, 30]),
      counts([0, 0], [0, 0], [0, 0]),
      counts([400, 12], [400, 12], [400, 12], [400, 12]),
      counts([5000, 0], [5000, 0], [5000, 0], [5000, 0]),
    ]) {
      for (const variant of judgeExperiment(pairs, goal).variants) expect(variant.chanceToBeatOthers).toBeCloseTo(1 / pairs.length, 3);
    }
  });

  it("gives each variant's uplift on the first with the exact 95% interval of the ratio", () => {
    const cases: [control: [number, number], variant: [number, number], expected: number, interval: [number, number]][] = [
      [[1000, 30], [1000, 60], 61 / 31 - 1, [0.3049591327848937, 2.0633322267546]],
      [[100, 5], [100, 9], 10 / 6 - 1, [-0.3524944056846675, 3.9510658197882442]],
      [[300, 10], [300, 14], 15 / 11 - 1, [-0.35905626880429864, 2.0500725768722807]],
      [[100, 5], [10000, 700], 701 / 10002 / (6 / 102) - 1, [-0.37574404068680356, 2.175781566134319]],
      [[1000, 0], [1000, 5], 5, [0.18003365529476434, 235.25862367614153]],
      // Every visit converted: the variant's density ends at 1 with a jump.
      [[100, 5], [50, 50], 51 / 52 / (6 / 102) - 1, [7.76389648036532, 43.380544799930405]],
      // Two uniforms: P(ratio ≤ r) is r / 2 below 1 and 1 - 1 / (2r) above.
      [[0, 0], [0, 0], 0, [-0.95, 19]],
    ];
    for (const [control, variant, expected, [low, high]] of cases) {
      const [first, second] = judgeExperiment(counts(control, variant), goal).variants;
      expect(first!.upliftVsFirst).toBeUndefined();
      const uplift = second!.upliftVsFirst!;
      const label = `${control} vs ${variant}`;
      expect(uplift.expected, label).toBeCloseTo(expected, 9);
      // Within 0.01% of the uplift's scale: a figure shown as a whole percentage.
      expect(Math.abs(uplift.interval[0] - low) / (1 + Math.abs(low)), label).toBeLessThan(1e-4);
      expect(Math.abs(uplift.interval[1] - high) / (1 + Math.abs(high)), label).toBeLessThan(1e-4);
    }
  });

  it("names a variant very likely better from a 95% chance, and otherwise the leader or the level ones", () => {
    const cases: [VariantCounts[], string][] = [
      [counts([1000, 30], [1000, 60]), "B is very likely better than A: more than 99% chance to bring the most demos booked."],
      [counts([1000, 40], [1000, 30], [1000, 62]), "C is very likely better than A and B: 99% chance to bring the most demos booked."],
      [
        counts([1000, 30], [1000, 40]),
        "No clear winner yet: B leads, with 89% chance to bring the most demos booked, short of the 95% that names a winner.",
      ],
      [
        counts([500, 20], [500, 25], [500, 30], [500, 22]),
        "No clear winner yet: C leads, with 67% chance to bring the most demos booked, short of the 95% that names a winner.",
      ],
      [counts([1000, 30], [1000, 30]), "No clear winner yet: A and B are level, with 50% chance each to bring the most demos booked."],
    ];
    for (const [variants, sentence] of cases) {
      const judgement = judgeExperiment(variants, goal);
      expect(judgement.enough).toBe(true);
      expect(judgement.sentence).toBe(sentence);
    }
  });

  it("says it is too early, and what is missing, below 100 visits on a variant or 10 of the goal in all", () => {
    const cases: [VariantCounts[], string][] = [
      [
        counts([0, 0], [0, 0]),
        "Too early to say: it needs 100 visits on each variant (A has 0 and B has 0) and 10 demos booked in all (0 so far).",
      ],
      [
        counts([60, 1], [88, 2], [140, 0]),
        "Too early to say: it needs 100 visits on each variant (A has 60 and B has 88) and 10 demos booked in all (3 so far).",
      ],
      [counts([99, 5], [150, 9]), "Too early to say: it needs 100 visits on each variant (A has 99)."],
      [counts([5000, 0], [5000, 9]), "Too early to say: it needs 10 demos booked in all (9 so far)."],
    ];
    for (const [variants, sentence] of cases) {
      const judgement = judgeExperiment(variants, goal);
      expect(judgement.enough).toBe(false);
      expect(judgement.sentence).toBe(sentence);
    }
    expect(judgeExperiment(counts([100, 4], [100, 6]), goal).enough).toBe(true);
  });

  it("gives figures without NaN when nothing is counted yet, or nothing converts", () => {
    for (const variants of [
      counts([0, 0], [0, 0]),
      counts([0, 0], [0, 0], [0, 0], [0, 0]),
      counts([3000, 0], [3000, 0]),
      counts([40, 0], [50, 0]),
    ]) {
      const judgement = judgeExperiment(variants, goal);
      expect(numbersIn(judgement).every(Number.isFinite), JSON.stringify(judgement)).toBe(true);
      expect(judgement.variants.map((variant) => variant.rate)).toEqual(variants.map(() => 0));
      expect(judgement.sentence).toMatch(/^Too early to say: /);
      expect(judgement.sampleRatio.drifted).toBe(false);
    }
  });

  it("warns when the split of visits drifts from the shares (chi-square, p < 0.001), with 2 to 4 variants", () => {
    const cases: [shares: number[], visits: number[], pValue: number, sentence?: string][] = [
      [[50, 50], [2000, 2000], 1],
      [[50, 50], [2060, 1940], 0.05777957112359715],
      [[50, 50], [2200, 1800], 2.5396285894708634e-10, "A has 55% of visits and B 45%, set to 50% and 50%"],
      // Whole percentages would read 50% and 50%: the observed split shows a decimal.
      [[50, 50], [201_500, 198_500], chiSquarePValue(22.5, 1), "A has 50.4% of visits and B 49.6%, set to 50% and 50%"],
      [[34, 33, 33], [340, 330, 330], 1],
      [[34, 33, 33], [1200, 1000, 800], 1.4529488354206256e-15, "A has 40% of visits, B 33% and C 27%, set to 34%, 33% and 33%"],
      [[25, 25, 25, 25], [250, 250, 250, 250], 1],
      [[40, 20, 20, 20], [1600, 800, 800, 800], 1],
      [
        [40, 20, 20, 20],
        [1500, 1000, 1000, 500],
        3.740477465785871e-47,
        "A has 38% of visits, B 25%, C 25% and D 13%, set to 40%, 20%, 20% and 20%",
      ],
      [[50, 50], [0, 0], 1],
      // A variant set to no share that still gets visits.
      [[100, 0], [900, 3], 0, "A has 99.7% of visits and B 0.3%, set to 100% and 0%"],
    ];
    for (const [shares, visits, pValue, sentence] of cases) {
      const { sampleRatio } = judgeExperiment(split(shares, visits), goal);
      const label = `${visits} for ${shares}`;
      expect(Math.abs(sampleRatio.pValue - pValue) / (pValue || 1), label).toBeLessThan(1e-9);
      expect(sampleRatio.drifted, label).toBe(sentence !== undefined);
      if (sentence) {
        expect(sampleRatio.sentence, label).toContain(`The split has drifted from the shares: ${sentence}.`);
        expect(sampleRatio.sentence, label).toContain("do not trust these figures until the cause is found");
      } else expect(sampleRatio.sentence, label).toBeUndefined();
    }
  });

  it("gives the same figures for the same counts", () => {
    const variants = counts([1234, 37], [1190, 52], [1301, 41], [1250, 45]);
    expect(judgeExperiment(variants, goal)).toEqual(judgeExperiment([...variants], goal));
  });

  it("refuses counts that cannot be, naming the variant", () => {
    expect(() => judgeExperiment(counts([100, 3]), goal)).toThrow("at least 2 variants");
    expect(() => judgeExperiment(counts([100, 3], [10, 11]), goal)).toThrow(
      "B: conversions must be a whole number from 0 to the visits (10), not 11.",
    );
    expect(() => judgeExperiment(counts([-1, 0], [10, 1]), goal)).toThrow("A: visits must be a whole number of 0 or more, not -1.");
    expect(() => judgeExperiment(split([0, 0], [10, 10]), goal)).toThrow("The variants' shares add up to 0.");
  });

  it("judges 4 variants of 100,000 visits well within a server render", () => {
    const variants = counts([100_000, 3000], [100_000, 3100], [100_000, 3200], [100_000, 3050]);
    // The fastest of five: the figure the code gives, not how busy the machine's other work keeps the core.
    const times = Array.from({ length: 5 }, () => {
      const start = performance.now();
      judgeExperiment(variants, goal);
      return performance.now() - start;
    });
    expect(Math.min(...times)).toBeLessThan(20);
  });
});

describe("chiSquarePValue", () => {
  it("is the upper tail of the chi-square distribution", () => {
    const cases: [statistic: number, degreesOfFreedom: number, pValue: number][] = [
      [3.841, 1, 0.050013683763956804],
      [10.828, 1, 0.0009997657195830916],
      [5.991, 2, 0.05001161502657909],
      [7.815, 3, 0.049993902974883875],
      [0.5, 1, 0.47950012218695337],
      [0.001, 1, 0.9747728793699604],
      [20, 2, 4.539992976248486e-5],
      [100, 3, 1.5541594313896026e-21],
      [0, 3, 1],
    ];
    for (const [statistic, degreesOfFreedom, pValue] of cases) {
      expect(Math.abs(chiSquarePValue(statistic, degreesOfFreedom) - pValue) / pValue, `${statistic}, df ${degreesOfFreedom}`).toBeLessThan(
        1e-9,
      );
    }
  });
});

describe("formatChance", () => {
  it("shows whole percentages, never a certainty", () => {
    expect([0.5, 0.97, 0.946, 0.996, 1, 0.004, 0].map(formatChance)).toEqual([
      "50%",
      "97%",
      "95%",
      "more than 99%",
      "more than 99%",
      "less than 1%",
      "less than 1%",
    ]);
  });
});
