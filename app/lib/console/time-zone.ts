// Every scheduler in the console (a post, site content, a newsletter issue) reads and shows its times in one zone: the
// operator's own, chosen on the account page (decisions 045, 046). The server reads a `datetime-local` field in it and
// the editor shows it, so a time means the same with and without JavaScript, wherever the browser is.

const wallClocks = new Map<string, Intl.DateTimeFormat>();
const wallClockOf = (zone: string) => {
  let format = wallClocks.get(zone);
  if (!format) {
    const digits = { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" } as const;
    format = new Intl.DateTimeFormat("en-US", { ...digits, hourCycle: "h23", timeZone: zone });
    wallClocks.set(zone, format);
  }
  return format;
};

/** `datetime-local`'s value for an instant, on the wall clock of `zone`: "2027-03-01T09:00". */
export function zonedInputValue(instant: Date | string, zone: string): string {
  const parts = Object.fromEntries(
    wallClockOf(zone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

// `datetime-local` gives minutes, or seconds when its step asks for them.
const WALL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

/** How far `zone`'s wall clock is ahead of UTC at `at` (milliseconds, whole minutes). */
const offsetAt = (at: number, zone: string) => Date.parse(`${zonedInputValue(new Date(at), zone)}:00Z`) - Math.floor(at / 60_000) * 60_000;

/**
 * The instant a wall-clock time ("2027-03-01T09:00", a `datetime-local` value, seconds optional) names in `zone`; undefined when the text
 * is not one. A time the clocks skip (spring forward) reads as the instant an hour later's offset gives.
 */
export function instantInZone(text: string, zone: string): Date | undefined {
  if (!WALL_TIME.test(text)) return undefined;
  const asUtc = Date.parse(`${text.length === 16 ? `${text}:00` : text}Z`);
  if (Number.isNaN(asUtc)) return undefined;
  // The offset at the guess, corrected once: enough across a daylight-saving change.
  const guess = asUtc - offsetAt(asUtc, zone);
  return new Date(asUtc - offsetAt(guess, zone));
}

/** An instant as the schedulers say it, in `zone` and naming it: "Mar 1, 2027, 09:00 (Europe/Berlin)". */
export function formatInZone(instant: Date | string, zone: string): string {
  const [date, time] = zonedInputValue(instant, zone).split("T") as [string, string];
  const day = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
  return `${day}, ${time} (${zone})`;
}

/** The sentence beside every schedule field. */
export const timesAre = (zone: string) => `Times are ${zone}.`;
