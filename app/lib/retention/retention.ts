// How long each kind of row is kept before the scheduled purge (retention.server.ts) deletes it. The defaults are what
// the privacy policy quotes (its {{…Retention}} placeholders read them here); the environment may shorten or lengthen
// each one (RETENTION_*_DAYS, app/lib/env.server.ts).

export const RETENTION_DEFAULT_DAYS = {
  /** Contact requests, from the day they arrive. */
  contact: 730,
  /** Feature requests, from the day they arrive. */
  featureRequest: 730,
  /** Download leads, from the day of the download. */
  download: 365,
  /** Email and webhook jobs, from the day they were sent or given up. */
  outbox: 30,
  /** The console's audit log (sign-ins, exports, erasures). */
  audit: 365,
  /** Posts held as spam, from the day they arrived: long enough for the team to find a real lead among them. */
  spam: 30,
} as const;

/** Raw page views and goals (docs/decisions/021), then only their daily totals: ANALYTICS_RETENTION_DAYS's default. */
export const ANALYTICS_RETENTION_DEFAULT_DAYS = 400;

export type RetentionPeriods = { [Key in keyof typeof RETENTION_DEFAULT_DAYS]: number };

/** 730 → "2 years", 365 → "1 year", 90 → "3 months", 30 → "30 days": how the policy states a period. */
export function describeDays(days: number): string {
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"}`;
  if (days >= 365 && days % 365 === 0) return plural(days / 365, "year");
  if (days >= 60 && days % 30 === 0) return plural(days / 30, "month");
  return plural(days, "day");
}
