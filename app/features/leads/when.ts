// A follow-up day against the operator's today (decision 044): whole days in their zone. Times themselves are written by
// the console's one helper (app/lib/console/format.ts, decision 045).

const DAY = 24 * 60 * 60 * 1000;

/** The calendar day (YYYY-MM-DD) of a moment in a time zone. */
export function dayIn(timeZone: string, at: Date): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

/** Whole days from one day (YYYY-MM-DD) to another: positive when `to` is later. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);
}

/** A follow-up day against today: "due today", "1 day overdue", "5 days overdue". */
export function dueWords(day: string, today: string): string {
  const late = daysBetween(day, today);
  if (late <= 0) return "due today";
  return late === 1 ? "1 day overdue" : `${late} days overdue`;
}
