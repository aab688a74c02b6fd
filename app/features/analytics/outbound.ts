// Where the site's outbound redirects (`/go/…`, app/content/outbound.ts) lead, in one place: the server redirects to
// outboundTarget().
import { OUTBOUND_NAMES, type OutboundName } from "~/content/outbound";

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
