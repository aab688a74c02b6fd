// The links that leave for the application and the booking calendar go through the site's own redirect (`/go/…`), so
// the server counts the click as a goal without a script, and the link works without JavaScript. Their targets are
// here, in one place: the pages link to OUTBOUND_PATHS, the server redirects to outboundTarget().

export const OUTBOUND_NAMES = ["register", "book"] as const;
export type OutboundName = (typeof OUTBOUND_NAMES)[number];

export const OUTBOUND_PATHS: Record<OutboundName, string> = { register: "/go/register", book: "/go/book" };

export const isOutboundName = (value: string): value is OutboundName => (OUTBOUND_NAMES as readonly string[]).includes(value);

/** The booking page of the demo's event in month view (the embed adds its own flag to it). */
export function bookingPageUrl(bookingUrl: string, minutes: number): string {
  const url = new URL(bookingUrl);
  url.searchParams.set("view", "month");
  url.searchParams.set("duration", String(minutes));
  return url.toString();
}

export interface OutboundConfig {
  appUrl: string;
  bookingUrl: string;
  /** The demo's length (site.demo.minutes). */
  bookingMinutes: number;
}

/** Where each redirect goes, from the configuration the server runs with (APP_URL, BOOKING_URL). */
export function outboundTarget(name: OutboundName, config: OutboundConfig): string {
  return name === "register" ? `${config.appUrl}/sign-up` : bookingPageUrl(config.bookingUrl, config.bookingMinutes);
}
