// How the console writes times: in UTC and saying so, the same for every operator wherever they are (the CSV export and
// the audit log use the same clock).

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** "Nov 23, 2026, 6:40 AM UTC". */
export function formatDateTime(value: Date | string): string {
  return `${dateTime.format(new Date(value))} UTC`;
}

/** "1 lead", "12 leads". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
}

const day = new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/** A day (YYYY-MM-DD, UTC) in words: "Tue, Dec 1, 2026". */
export function formatDay(value: string): string {
  return day.format(new Date(`${value}T00:00:00Z`));
}
