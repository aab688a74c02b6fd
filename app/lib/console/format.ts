// How the console writes times (decision 045): relative to now and in the operator's own time zone ("12 min ago",
// "yesterday 16:05", "Mon 09:30", "Nov 23, 16:05"), chosen on the account page, UTC until they choose. One helper for
// every screen, so a time reads the same on the leads list, a lead's page, the outbox and the audit log. The CSV export
// keeps UTC, as a file read elsewhere should.

/** The zone an operator who has not chosen one sees, and the CSV's. */
export const DEFAULT_TIME_ZONE = "UTC";

const knownZones = new Set<string>([DEFAULT_TIME_ZONE]);

/** Whether the runtime knows the zone (an IANA name such as "Europe/Paris"); a known one is remembered. */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== "string" || value === "" || value.length > 64) return false;
  if (knownZones.has(value)) return true;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
  } catch {
    return false;
  }
  knownZones.add(value);
  return true;
}

/** Every zone the runtime knows, for the account page's choice; UTC first. */
export function timeZones(): string[] {
  return [DEFAULT_TIME_ZONE, ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== DEFAULT_TIME_ZONE)];
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/** A formatter per zone and style, made once: building one costs more than formatting with it. */
function formatter(timeZone: string, options: Intl.DateTimeFormatOptions, locale = "en-GB"): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, found);
  }
  return found;
}

const CLOCK = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } as const;

/** The calendar day of an instant in a zone, as a count of days (comparable between two instants). */
function dayNumber(at: Date, timeZone: string): number {
  const parts = formatter(timeZone, { year: "numeric", month: "numeric", day: "numeric" }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(part("year"), part("month") - 1, part("day")) / 86_400_000;
}

export interface ConsoleClock {
  /** The operator's zone (an IANA name). */
  timeZone: string;
  /** The moment the page is rendered. */
  now: Date | string;
}

/**
 * A moment as the console writes it, relative to now in the operator's zone: "just now", "12 min ago", "in 40 min",
 * "today 16:05", "yesterday 16:05", "tomorrow 09:30", "Mon 09:30" (within a week), "Nov 23, 16:05" (this year),
 * "Nov 23, 2025, 16:05".
 */
export function formatWhen(value: Date | string, clock: ConsoleClock): string {
  const at = new Date(value);
  const now = new Date(clock.now);
  const timeZone = isTimeZone(clock.timeZone) ? clock.timeZone : DEFAULT_TIME_ZONE;
  const minutes = Math.round((at.getTime() - now.getTime()) / 60_000);
  if (Math.abs(minutes) < 1) return "just now";
  if (minutes < 0 && minutes > -60) return `${-minutes} min ago`;
  if (minutes > 0 && minutes < 60) return `in ${minutes} min`;
  const clockTime = formatter(timeZone, CLOCK).format(at);
  const days = dayNumber(at, timeZone) - dayNumber(now, timeZone);
  if (days === 0) return `today ${clockTime}`;
  if (days === -1) return `yesterday ${clockTime}`;
  if (days === 1) return `tomorrow ${clockTime}`;
  if (Math.abs(days) < 7) return `${formatter(timeZone, { weekday: "short" }).format(at)} ${clockTime}`;
  const sameYear = formatter(timeZone, { year: "numeric" }).format(at) === formatter(timeZone, { year: "numeric" }).format(now);
  const date = formatter(timeZone, { month: "short", day: "numeric", ...(sameYear ? {} : { year: "numeric" }) }, "en-US");
  return `${date.format(at)}, ${clockTime}`;
}

/** The whole moment with its zone, a console time's tooltip: "Sun, Nov 29, 2026, 16:05 (Europe/Paris)". */
export function formatExact(value: Date | string, timeZone: string = DEFAULT_TIME_ZONE): string {
  const zone = isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  const date = formatter(zone, { weekday: "short", month: "short", day: "numeric", year: "numeric" }, "en-US");
  return `${date.format(new Date(value))}, ${formatter(zone, CLOCK).format(new Date(value))} (${zone})`;
}

const utcDateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/**
 * "Nov 23, 2026, 6:40 AM UTC": a moment in UTC, saying so, for what is not read by one operator (a schedule's field
 * that editors share, decision 046's); a console page's times are `ConsoleTime` (app/components/console/time.tsx).
 */
export function formatDateTime(value: Date | string): string {
  return `${utcDateTime.format(new Date(value))} UTC`;
}

/** "1 lead", "12 leads". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
}

const day = new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/** A day (YYYY-MM-DD, a calendar day with no zone) in words: "Tue, Dec 1, 2026". */
export function formatDay(value: string): string {
  return day.format(new Date(`${value}T00:00:00Z`));
}
