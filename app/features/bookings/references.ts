import type { BookingProvider } from "./tables";

// The opaque reference a page hands the booking service (docs/decisions/028), and where each provider carries it back:
// Cal.com keeps `metadata[ref]` from the booking link's query (or the embed's config) and sends it in the booking's
// `metadata`; Calendly keeps the link's `utm_content` and sends it in the invitee's `tracking`. Shared by the page
// (the embed's address) and the server (the /go/book redirect, the webhooks).

/** Where a page asks for the booking page with a reference to its visit (server/bookings.ts). */
export const BOOKING_REFERENCE_PATH = "/bookings/reference";

/** "rw-" and 22 characters of base64url: 128 random bits, nothing a stranger can count through. */
export const REFERENCE_PATTERN = /^rw-[A-Za-z0-9_-]{22}$/;

export const isReference = (value: unknown): value is string => typeof value === "string" && REFERENCE_PATTERN.test(value);

/** The query parameter each provider keeps and sends back. */
export const REFERENCE_PARAMETER: Record<BookingProvider, string> = { cal: "metadata[ref]", calendly: "utm_content" };

/** A booking page's address with the reference in it. */
export function withReference(url: string, provider: BookingProvider, reference: string): string {
  const target = new URL(url);
  target.searchParams.set(REFERENCE_PARAMETER[provider], reference);
  return target.toString();
}
