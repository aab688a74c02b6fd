// Dates in content are ISO strings (YYYY-MM-DD, or YYYY-MM for a month) and are shown in US English, in UTC, so the
// prerendered text and the hydrated page always agree.

/** Today as YYYY-MM-DD (UTC): what loaders hand to dated copy. */
export function todayIso(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

const utc = (iso: string) => new Date(`${iso.length === 7 ? `${iso}-01` : iso}T00:00:00Z`);

/** "2025-03-01" to "March 1, 2025". */
export function formatLongDate(isoDate: string): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(utc(isoDate));
}

/** "2027-01-12" or "2027-01" to "January 2027". */
export function formatMonth(iso: string): string {
  return new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(utc(iso));
}

/** Whether `date` (YYYY-MM-DD) has come, on `today` (YYYY-MM-DD). ISO strings compare in calendar order. */
export function hasArrived(date: string, today: string): boolean {
  return today >= date;
}
