// The statistics that judge an experiment: each variant's rate of the chosen goal as a Beta posterior (uniform prior),
// the chance that each variant's rate is the highest, its uplift on the first variant (the control), a plain sentence,
// and the sample-ratio check that says when the split of visits drifts from the shares. GrowthBook's gbstats is the
// model (its Bayesian proportion test, "chance to win", `check_srm` with its 0.001 threshold). Pure arithmetic, no
// Node API: a page may import it.

export interface VariantCounts {
  key: string;
  name: string;
  /** The share of visits the editor set, in percent (the shares add up to 100; others are read relative to their sum). */
  share: number;
  visits: number;
  /** Visits that reached the goal. */
  conversions: number;
}

export interface VariantJudgement {
  key: string;
  /** conversions / visits (0 when no visits). */
  rate: number;
  /** 95% credible interval of the rate (Beta posterior, uniform prior). */
  rateInterval: [number, number];
  /** 0..1, the probability that this variant's rate is the highest of all. */
  chanceToBeatOthers: number;
  /** Relative to the first variant (the control): 0.2 is 20% more; absent on the first. */
  upliftVsFirst?: { expected: number; interval: [number, number] };
}

export interface ExperimentJudgement {
  variants: VariantJudgement[];
  /** Whether the data says anything yet (MIN_VISITS_PER_VARIANT, MIN_CONVERSIONS); the sentence says what is missing. */
  enough: boolean;
  sentence: string;
  /** Chi-square goodness of fit of the visits against the shares; drifted when p < SAMPLE_RATIO_P_VALUE. */
  sampleRatio: { pValue: number; drifted: boolean; sentence?: string };
}

// "Too early to say" until every variant has 100 visits and the goal 10 conversions in all. GrowthBook waits for 150
// conversions in the larger variant by default (DEFAULT_MIN_SAMPLE_SIZE), months of booked demos on this site; the
// posterior is honest at any size, so this rule only keeps the sentence from reading a handful of visits as news.
const MIN_VISITS_PER_VARIANT = 100;
const MIN_CONVERSIONS = 10;
/** A variant is named "very likely better" from this chance, in whole percent as shown (figure and sentence agree). */
const WINNER_CHANCE_PERCENT = 95;
/** GrowthBook's default SRM threshold: a split this uneven by chance once in a thousand experiments. */
const SAMPLE_RATIO_P_VALUE = 0.001;
/** Two-sided 95% of a normal distribution. */
const Z_95 = 1.959963984540054;

/**
 * Judges an experiment on one goal. `variants` holds 2 or more (the editor allows 2 to 4), the first the control;
 * `goal.plural` names the goal in the sentence ("demos booked"). Counts must be whole and non-negative, conversions at
 * most the visits, shares non-negative with a positive sum: anything else throws a RangeError naming the variant.
 * About 2 ms for 4 variants of 1,000 to 100,000 visits each (the continued fractions lengthen only with millions of
 * conversions a variant).
 */
export function judgeExperiment(variants: readonly VariantCounts[], goal: { plural: string }): ExperimentJudgement {
  checkCounts(variants);
  const posteriors = variants.map(({ visits, conversions }) => beta(1 + conversions, 1 + visits - conversions));
  const chances = chancesToBeHighest(posteriors);
  const control = posteriors[0]!;
  const judged = variants.map((variant, index): VariantJudgement => {
    const posterior = posteriors[index]!;
    return {
      key: variant.key,
      rate: variant.visits ? variant.conversions / variant.visits : 0,
      rateInterval: [betaQuantile(posterior, 0.025), betaQuantile(posterior, 0.975)],
      chanceToBeatOthers: chances[index]!,
      ...(index > 0 ? { upliftVsFirst: relativeUplift(control, posterior) } : {}),
    };
  });
  const enough =
    variants.every((variant) => variant.visits >= MIN_VISITS_PER_VARIANT) && totalOf(variants, "conversions") >= MIN_CONVERSIONS;
  return {
    variants: judged,
    enough,
    sentence: enough ? verdict(variants, chances, goal.plural) : tooEarly(variants, goal.plural),
    sampleRatio: sampleRatio(variants),
  };
}

/**
 * A chance as the report shows it: whole percent, and never a certainty the data cannot give ("more than 99%",
 * "less than 1%"). Percent without a space, as the reports and the site's copy write it.
 */
export function formatChance(chance: number): string {
  const percent = Math.round(chance * 100);
  if (percent >= 100) return "more than 99%";
  if (percent <= 0) return "less than 1%";
  return `${percent}%`;
}

const formatPercent = (fraction: number, digits = 0) => `${(fraction * 100).toFixed(digits)}%`;

function checkCounts(variants: readonly VariantCounts[]) {
  if (variants.length < 2) throw new RangeError(`An experiment needs at least 2 variants, not ${variants.length}.`);
  for (const { name, share, visits, conversions } of variants) {
    if (!Number.isInteger(visits) || visits < 0)
      throw new RangeError(`${name}: visits must be a whole number of 0 or more, not ${visits}.`);
    if (!Number.isInteger(conversions) || conversions < 0 || conversions > visits) {
      throw new RangeError(`${name}: conversions must be a whole number from 0 to the visits (${visits}), not ${conversions}.`);
    }
    if (!Number.isFinite(share) || share < 0) throw new RangeError(`${name}: the share must be a percentage of 0 or more, not ${share}.`);
  }
  if (!(totalOf(variants, "share") > 0)) throw new RangeError("The variants' shares add up to 0.");
}

const totalOf = (variants: readonly VariantCounts[], field: "share" | "visits" | "conversions") =>
  variants.reduce((total, variant) => total + variant[field], 0);

const listed = (words: readonly string[]) => (words.length < 2 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`);

function tooEarly(variants: readonly VariantCounts[], goal: string) {
  const needs: string[] = [];
  const short = variants.filter((variant) => variant.visits < MIN_VISITS_PER_VARIANT);
  if (short.length) {
    needs.push(
      `${MIN_VISITS_PER_VARIANT} visits on each variant (${listed(short.map((variant) => `${variant.name} has ${variant.visits}`))})`,
    );
  }
  const conversions = totalOf(variants, "conversions");
  if (conversions < MIN_CONVERSIONS) needs.push(`${MIN_CONVERSIONS} ${goal} in all (${conversions} so far)`);
  return `Too early to say: it needs ${needs.join(" and ")}.`;
}

function verdict(variants: readonly VariantCounts[], chances: readonly number[], goal: string) {
  const shown = chances.map((chance) => Math.round(chance * 100));
  const best = Math.max(...shown);
  const leaders = variants.filter((_, index) => shown[index] === best).map((variant) => variant.name);
  const chance = formatChance(best / 100);
  if (leaders.length > 1) return `No clear winner yet: ${listed(leaders)} are level, with ${chance} chance each to bring the most ${goal}.`;
  const others = variants.filter((_, index) => shown[index] !== best).map((variant) => variant.name);
  if (best >= WINNER_CHANCE_PERCENT)
    return `${leaders[0]} is very likely better than ${listed(others)}: ${chance} chance to bring the most ${goal}.`;
  return `No clear winner yet: ${leaders[0]} leads, with ${chance} chance to bring the most ${goal}, short of the ${WINNER_CHANCE_PERCENT}% that names a winner.`;
}

// GrowthBook's `check_srm`: Pearson's chi-square of the visits against the shares, k - 1 degrees of freedom. A variant
// with no share that still gets visits is a drift whatever the rest.
function sampleRatio(variants: readonly VariantCounts[]): ExperimentJudgement["sampleRatio"] {
  const visits = totalOf(variants, "visits");
  if (!visits) return { pValue: 1, drifted: false };
  const shares = totalOf(variants, "share");
  let statistic = 0;
  for (const variant of variants) {
    const expected = (variant.share / shares) * visits;
    if (expected > 0) statistic += (variant.visits - expected) ** 2 / expected;
    else if (variant.visits > 0) statistic = Infinity;
  }
  const pValue = chiSquarePValue(statistic, variants.filter((variant) => variant.share > 0).length - 1);
  if (pValue >= SAMPLE_RATIO_P_VALUE) return { pValue, drifted: false };
  const set = variants.map((variant) => formatPercent(variant.share / shares));
  // Whole percent can hide a drift of many visits ("50% and 50%"): then the observed split shows a decimal.
  let observed = variants.map((variant) => formatPercent(variant.visits / visits));
  if (observed.every((figure, index) => figure === set[index]))
    observed = variants.map((variant) => formatPercent(variant.visits / visits, 1));
  const split = variants.map((variant, index) =>
    index === 0 ? `${variant.name} has ${observed[0]} of visits` : `${variant.name} ${observed[index]}`,
  );
  return {
    pValue,
    drifted: true,
    sentence:
      `The split has drifted from the shares: ${listed(split)}, set to ${listed(set)}. A split this uneven happens by chance ` +
      "less than once in a thousand experiments, so something sends visits unevenly (a cached page serving one variant, a variant " +
      "that fails to count its visits): do not trust these figures until the cause is found.",
  };
}

/** The p-value of a chi-square statistic: the regularized upper incomplete gamma function Q(df / 2, statistic / 2). */
export function chiSquarePValue(statistic: number, degreesOfFreedom: number): number {
  if (statistic === Infinity) return 0;
  if (degreesOfFreedom < 1 || !(statistic > 0)) return 1;
  return upperGammaRegularized(degreesOfFreedom / 2, statistic / 2);
}

// Numerics. Hand-written (Lanczos log-gamma, Lentz continued fractions as in Numerical Recipes, ch. 6) rather than a
// dependency: a few dozen lines, tested against SciPy's values in stats.test.ts.

interface Beta {
  a: number;
  b: number;
  logBeta: number;
  mean: number;
  sd: number;
}

function beta(a: number, b: number): Beta {
  const sum = a + b;
  return { a, b, logBeta: logGamma(a) + logGamma(b) - logGamma(sum), mean: a / sum, sd: Math.sqrt((a * b) / (sum * sum * (sum + 1))) };
}

/** Where a posterior's mass is: 12 standard deviations either side of its mean leave less than 1e-5 outside. */
const bulkOf = ({ mean, sd }: Beta): [number, number] => [Math.max(0, mean - 12 * sd), Math.min(1, mean + 12 * sd)];

// Integrals by Simpson's rule, in pieces that break where a posterior's density or CDF changes shape (these offsets
// from its mean, in standard deviations, scaled as the integrand reads it). Every piece is a few standard deviations of
// some posterior at most, so a posterior far narrower than another is still resolved; with a ≥ 1 and b ≥ 1 every
// density is smooth and bounded. Numeric integration rather than Monte Carlo: deterministic without a seed, accurate
// to 1e-5 rather than ±0.5 point (so no sampling noise moves a chance across the 95% line), and a few thousand CDFs
// where Monte Carlo needs some 40,000 draws a variant to hold ±0.5 point 19 times in 20.
const BREAKS = [-12, -8, -5, -3, -2, -1, 0, 1, 2, 3, 5, 8, 12];
const PIECE_INTERVALS = 8;

// Clamped to [0, 1]: where a posterior's bulk meets 0 or 1 is a break too (a uniform one's CDF bends there).
const breaksOf = ({ mean, sd }: Beta, scale = 1) => BREAKS.map((offset) => Math.min(1, Math.max(0, mean + offset * sd)) * scale);

/** The points and weights of Simpson's rule over `range`, in pieces between the breaks that fall inside it. */
function simpsonRule([from, to]: [number, number], breaks: readonly number[]) {
  const ends = [from, ...breaks.filter((x) => x > from && x < to).sort((a, b) => a - b), to];
  const points: number[] = [];
  const weights: number[] = [];
  for (let piece = 1; piece < ends.length; piece++) {
    const start = ends[piece - 1]!;
    const step = (ends[piece]! - start) / PIECE_INTERVALS;
    if (!(step > 0)) continue;
    for (let point = 0; point <= PIECE_INTERVALS; point++) {
      points.push(start + point * step);
      weights.push(((point === 0 || point === PIECE_INTERVALS ? 1 : point % 2 ? 4 : 2) * step) / 3);
    }
  }
  return { points, weights };
}

/**
 * The chance that each rate is the highest: P_i = ∫ f_i(x) ∏_{j≠i} F_j(x) dx, all on one grid over the posteriors'
 * bulks, so each CDF is computed once a point.
 */
function chancesToBeHighest(posteriors: readonly Beta[]): number[] {
  const bulks = posteriors.map(bulkOf);
  const range: [number, number] = [Math.min(...bulks.map(([low]) => low)), Math.max(...bulks.map(([, high]) => high))];
  const { points, weights } = simpsonRule(
    range,
    posteriors.flatMap((posterior) => breaksOf(posterior)),
  );
  const chances = posteriors.map(() => 0);
  points.forEach((x, point) => {
    // Outside a posterior's bulk its CDF is 0 or 1 and its density 0, to within 1e-5: no continued fraction there.
    const cdfs = posteriors.map((posterior, index) => (x <= bulks[index]![0] ? 0 : x >= bulks[index]![1] ? 1 : betaCdf(posterior, x)));
    posteriors.forEach((posterior, index) => {
      let value = weights[point]! * betaDensity(posterior, x);
      for (let other = 0; other < posteriors.length && value > 0; other++) if (other !== index) value *= cdfs[other]!;
      chances[index]! += value;
    });
  });
  // The chances add up to 1 but for the integration's error; equal counts then read as exactly equal shares.
  const total = chances.reduce((a, b) => a + b, 0);
  return total > 0 ? chances.map((chance) => chance / total) : posteriors.map(() => 1 / posteriors.length);
}

// The relative uplift of a variant on the control, p / p0 - 1: its expected value as GrowthBook gives it (the ratio of
// the posteriors' means), its 95% interval from the exact distribution of the ratio. The normal approximations
// (GrowthBook's delta method, or one on the log) miss the upper end by a third or more at the handful of demos booked
// a variant starts with (0 against 5 of 1000 visits: +4,900% where it is +23,500%).
function relativeUplift(control: Beta, variant: Beta): { expected: number; interval: [number, number] } {
  const logRatio = Math.log(variant.mean / control.mean);
  const spread = Z_95 * Math.hypot(variant.sd / variant.mean, control.sd / control.mean);
  return {
    expected: variant.mean / control.mean - 1,
    interval: [
      Math.exp(logRatioQuantile(control, variant, 0.025, logRatio - spread)) - 1,
      Math.exp(logRatioQuantile(control, variant, 0.975, logRatio + spread)) - 1,
    ],
  };
}

/**
 * The log of the ratio variant / control at which its CDF reaches `probability`, by Newton's method from the normal
 * approximation's guess, kept inside a bracket that bisects when a step leaves it:
 * P(ratio ≤ r) = ∫ f_control(x) F_variant(r x) dx, and its derivative in log r is r ∫ x f_control(x) f_variant(r x) dx.
 */
function logRatioQuantile(control: Beta, variant: Beta, probability: number, guess: number): number {
  const [low, high] = bulkOf(variant);
  let bracket = [-Infinity, Infinity];
  let logRatio = guess;
  for (let iteration = 0; iteration < 50; iteration++) {
    const ratio = Math.exp(logRatio);
    const { points, weights } = simpsonRule(bulkOf(control), [...breaksOf(control), ...breaksOf(variant, 1 / ratio)]);
    let cdf = 0;
    let slope = 0;
    points.forEach((x, point) => {
      const scaled = ratio * x;
      const density = weights[point]! * betaDensity(control, x);
      if (scaled <= low || !(density > 0)) return;
      if (scaled >= high) {
        // Past the variant's bulk its CDF is 1 and its density taken as 0, even where it ends at 1 with a jump (a rate
        // of 100%): the slope only steers the steps, and a jump read on both sides would send them astray.
        cdf += density;
        return;
      }
      cdf += density * betaCdf(variant, scaled);
      slope += density * scaled * betaDensity(variant, scaled);
    });
    const miss = cdf - probability;
    if (Math.abs(miss) < 1e-7) break;
    bracket = miss < 0 ? [logRatio, bracket[1]!] : [bracket[0]!, logRatio];
    let next = logRatio - miss / slope;
    if (!(next > bracket[0]! && next < bracket[1]!)) {
      // A Newton step out of the bracket (or a flat slope far in a tail): bisect, or step out while one side is open.
      next =
        Number.isFinite(bracket[0]!) && Number.isFinite(bracket[1]!) ? (bracket[0]! + bracket[1]!) / 2 : logRatio + (miss < 0 ? 1 : -1);
    }
    if (Math.abs(next - logRatio) < 1e-10) break;
    logRatio = next;
  }
  return logRatio;
}

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
  -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0 (Lanczos, g = 7: about 15 significant digits). */
function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const shifted = x - 1;
  let series = LANCZOS[0]!;
  for (let term = 1; term < LANCZOS.length; term++) series += LANCZOS[term]! / (shifted + term);
  const t = shifted + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (shifted + 0.5) * Math.log(t) - t + Math.log(series);
}

function betaDensity({ a, b, logBeta }: Beta, x: number): number {
  // At the ends, ln 0 times a zero exponent would be NaN: the density there is finite only for an exponent of 0.
  if (x < 0 || x > 1) return 0;
  if (x === 0) return a === 1 ? Math.exp(-logBeta) : 0;
  if (x === 1) return b === 1 ? Math.exp(-logBeta) : 0;
  return Math.exp((a - 1) * Math.log(x) + (b - 1) * Math.log1p(-x) - logBeta);
}

/** The regularized incomplete beta function I_x(a, b): the posterior's CDF. */
function betaCdf({ a, b, logBeta }: Beta, x: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(a * Math.log(x) + b * Math.log1p(-x) - logBeta);
  // The continued fraction converges fast below the mean; above it, by the symmetry I_x(a, b) = 1 - I_{1-x}(b, a).
  if (x < (a + 1) / (a + b + 2)) return (front * betaContinuedFraction(a, b, x)) / a;
  return 1 - (front * betaContinuedFraction(b, a, 1 - x)) / b;
}

const EPSILON = 1e-15;
const TINY = 1e-300;
const MAX_ITERATIONS = 10_000;

const notZero = (value: number) => (Math.abs(value) < TINY ? TINY : value);

function betaContinuedFraction(a: number, b: number, x: number): number {
  let c = 1;
  let d = 1 / notZero(1 - ((a + b) * x) / (a + 1));
  let fraction = d;
  for (let m = 1; m <= MAX_ITERATIONS; m++) {
    const even = (m * (b - m) * x) / ((a + 2 * m - 1) * (a + 2 * m));
    d = 1 / notZero(1 + even * d);
    c = notZero(1 + even / c);
    fraction *= d * c;
    const odd = (-(a + m) * (a + b + m) * x) / ((a + 2 * m) * (a + 2 * m + 1));
    d = 1 / notZero(1 + odd * d);
    c = notZero(1 + odd / c);
    const delta = d * c;
    fraction *= delta;
    if (Math.abs(delta - 1) < EPSILON) break;
  }
  return fraction;
}

/** The x at which the posterior's CDF reaches `probability`, by bisection within its bulk (to 1e-12). */
function betaQuantile(posterior: Beta, probability: number): number {
  let [low, high] = bulkOf(posterior);
  while (high - low > 1e-12) {
    const middle = (low + high) / 2;
    if (betaCdf(posterior, middle) < probability) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

/** Q(s, x) = Γ(s, x) / Γ(s): a series for P = 1 - Q below x = s + 1, a continued fraction for Q above. */
function upperGammaRegularized(s: number, x: number): number {
  const front = Math.exp(s * Math.log(x) - x - logGamma(s));
  if (x < s + 1) {
    let term = 1 / s;
    let sum = term;
    for (let n = 1; n <= MAX_ITERATIONS && Math.abs(term) > Math.abs(sum) * EPSILON; n++) {
      term *= x / (s + n);
      sum += term;
    }
    return Math.max(0, 1 - sum * front);
  }
  let b = x + 1 - s;
  let c = 1 / TINY;
  let d = 1 / b;
  let fraction = d;
  for (let n = 1; n <= MAX_ITERATIONS; n++) {
    const an = -n * (n - s);
    b += 2;
    d = 1 / notZero(an * d + b);
    c = notZero(b + an / c);
    const delta = d * c;
    fraction *= delta;
    if (Math.abs(delta - 1) < EPSILON) break;
  }
  return fraction * front;
}
