// The reports' date range: whole UTC days, both ends included, 30 days to today by default, compared with the as many
// days just before. Read from the address (`?from=2026-11-01&to=2026-11-30`), so a report is a link.

export interface DateRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
export const DEFAULT_RANGE_DAYS = 30;
export const MAX_RANGE_DAYS = 800;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const valid = (value: string | null): value is string =>
  value !== null && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const ms = (day: string) => Date.parse(`${day}T00:00:00Z`);

export const addDays = (day: string, days: number) => toDay(ms(day) + days * DAY_MS);

/** Every day of the range, in order. */
export function daysOf({ from, to }: DateRange): string[] {
  const days: string[] = [];
  for (let at = ms(from); at <= ms(to); at += DAY_MS) days.push(toDay(at));
  return days;
}

export const lengthOf = (range: DateRange) => Math.round((ms(range.to) - ms(range.from)) / DAY_MS) + 1;

/** The as many days just before. */
export function previousOf(range: DateRange): DateRange {
  const length = lengthOf(range);
  return { from: addDays(range.from, -length), to: addDays(range.from, -1) };
}

/** The range the address asks for, or the last 30 days; a reversed range is put the right way round. */
export function parseRange(params: URLSearchParams, now = Date.now()): DateRange {
  const today = toDay(now);
  const to = valid(params.get("to")) ? params.get("to")! : today;
  const from = valid(params.get("from")) ? params.get("from")! : addDays(to, -(DEFAULT_RANGE_DAYS - 1));
  const range = from <= to ? { from, to } : { from: to, to: from };
  return lengthOf(range) > MAX_RANGE_DAYS ? { from: addDays(range.to, -(MAX_RANGE_DAYS - 1)), to: range.to } : range;
}
