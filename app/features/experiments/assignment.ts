import { hash } from "node:crypto";

// Which variant of an experiment a visit sees, with no cookie and nothing stored about the visitor: a function of the
// experiment and the analytics' daily visitor id (decision 021), so every instance and every request of the visit
// agree, and the report can recompute it from the page views alone (figures.server.ts does the same in SQL).

/** A variant's key and its share of the visits, in whole percent; an experiment's shares add up to 100. */
export interface VariantShare {
  key: string;
  share: number;
}

/**
 * What is hashed: the experiment's id and the visitor id in decimal, so two experiments split the same visitors
 * independently. figures.server.ts builds the same text in SQL (`<id>:` || visitor::text).
 */
const assignmentMessage = (experimentId: number, visitorId: number) => `${experimentId}:${visitorId}`;

/** The hash's first 32 bits are the visit's point in [0, 2^32): h * 100 < 2^39 stays exact in a double and a bigint. */
export const POINTS = 2 ** 32;

/**
 * The visit's point: the first 32 bits of SHA-256 of `assignmentMessage`. One `crypto.hash` call costs about 0.6 µs
 * on the shared 2-core machine (a cheap 64-bit mixer would need BigInt in JavaScript and overflows PostgreSQL's bigint).
 */
function pointOf(experimentId: number, visitorId: number): number {
  return Number.parseInt(hash("sha256", assignmentMessage(experimentId, visitorId)).slice(0, 8), 16);
}

/**
 * Each variant's cumulative share, in percent: a visit whose point p has p * 100 < cumulative[i] * 2^32 (and not for
 * an earlier i) sees variant i, i.e. p / 2^32 in [0, 1) picked by cumulative shares. Throws on shares that are not
 * whole percents adding up to 100: a visit must always land in a variant.
 */
export function cumulativeShares(variants: readonly VariantShare[]): number[] {
  let total = 0;
  const cumulative = variants.map(({ key, share }) => {
    if (!Number.isInteger(share) || share < 0 || share > 100)
      throw new RangeError(`Variant "${key}" has a share of ${share}: a share is a whole percent from 0 to 100.`);
    return (total += share);
  });
  if (total !== 100) throw new RangeError(`The variants' shares add up to ${total} %, not 100 %.`);
  return cumulative;
}

/** The variant a visit sees: the same for the same experiment and visitor id, every time, on every instance. */
export function variantOf(experimentId: number, visitorId: number, variants: readonly VariantShare[]): string {
  if (!Number.isSafeInteger(experimentId) || !Number.isSafeInteger(visitorId) || visitorId < 0)
    throw new RangeError(`An experiment id and a visitor id are whole numbers (got ${experimentId} and ${visitorId}).`);
  const cumulative = cumulativeShares(variants);
  const scaled = pointOf(experimentId, visitorId) * 100;
  const index = cumulative.findIndex((upTo) => scaled < upTo * POINTS);
  return variants[index]!.key;
}
