// How long ago, in the operator's own time zone (decision 044): "12 min ago", "yesterday", "3 days ago". A minimal
// formatter of Today and the board until the console has one helper for its times (decision 045's app/lib/console/format.ts).

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The calendar day (YYYY-MM-DD) of a moment in a time zone. */
export function dayIn(timeZone: string, at: Date): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

/** Whole days from one day (YYYY-MM-DD) to another: positive when `to` is later. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / (24 * HOUR));
}

/** "just now", "12 min ago", "3 h ago", then by the operator's calendar: "yesterday", "4 days ago", "Oct 3". */
export function ago(at: Date, now: Date, timeZone: string): string {
  const elapsed = now.getTime() - at.getTime();
  if (elapsed < MINUTE) return "just now";
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`;
  const days = daysBetween(dayIn(timeZone, at), dayIn(timeZone, now));
  if (days === 0) return `${Math.floor(elapsed / HOUR)} h ago`;
  if (days === 1) return "yesterday";
  if (days < 30) return `${days} days ago`;
  return new Intl.DateTimeFormat("en-US", { timeZone, month: "short", day: "numeric", year: "numeric" }).format(at);
}

/** The same moment in full, in the operator's zone, for a title or a screen reader: "Nov 23, 2026, 6:40 AM PST". */
export function fullTime(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(at);
}

/** A follow-up day against today: "due today", "1 day overdue", "5 days overdue". */
export function dueWords(day: string, today: string): string {
  const late = daysBetween(day, today);
  if (late <= 0) return "due today";
  return late === 1 ? "1 day overdue" : `${late} days overdue`;
}
