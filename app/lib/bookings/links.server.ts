import type { Analytics } from "~/lib/analytics/analytics.server";
import { dayOf } from "~/lib/analytics/hits.server";
import { bookingPageUrl } from "~/lib/analytics/outbound";
import type { Database } from "~/lib/db/client.server";
import type { BookingProvider } from "~/lib/db/schema";
import { NO_VISIT } from "~/lib/forms/visit.server";
import { withReference } from "./references";
import { mintReference } from "./references.server";

// The booking page's address as this visitor gets it (docs/decisions/028): with a new opaque reference to the visit
// that led here (its first counted page, referrer and utm_* today, ./references.server.ts), so the booking's webhook
// joins back to it. Asked by the embed when the visitor loads the calendar and by the /go/book redirect (without
// JavaScript too). Never in the way: a database that is slow or away gives the plain address.

/** Longest the reference may take before the visitor gets the plain booking page. */
const REFERENCE_WAIT_MS = 1500;

export interface BookingLinkOptions {
  provider: BookingProvider;
  bookingUrl: string;
  minutes: number;
}

export type BookingLinks = (who: { address: string; userAgent: string | undefined }) => Promise<string>;

export function createBookingLinks(db: Database, analytics: Analytics, options: BookingLinkOptions): BookingLinks {
  const plain = bookingPageUrl(options.bookingUrl, options.minutes);
  async function referenced(address: string, userAgent: string | undefined) {
    const visitor = await analytics.visitorOf(address, userAgent);
    const visit = visitor === null ? null : await analytics.visitOf({ visitor, address, userAgent });
    const token = await mintReference(db, visitor === null ? null : { ...(visit ?? NO_VISIT), visitorId: visitor, day: dayOf(Date.now()) });
    return withReference(plain, options.provider, token);
  }
  return async ({ address, userAgent }) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<string>((resolve) => (timer = setTimeout(() => resolve(plain), REFERENCE_WAIT_MS)));
    try {
      return await Promise.race([referenced(address, userAgent).catch(() => plain), late]);
    } finally {
      clearTimeout(timer);
    }
  };
}
