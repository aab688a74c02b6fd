import type { Analytics } from "~/features/analytics/index.server";
import { dayOf, notAVisitor } from "~/features/analytics/index.server";
import { bookingPageUrl } from "~/features/analytics";
import type { Database } from "~/lib/db/client.server";
import type { BookingProvider } from "./tables";
import { NO_VISIT } from "~/lib/forms/visit.server";
import type { RateLimiter } from "~/lib/rate-limit.server";
import { withReference } from "./references";
import { mintReference } from "./references.server";

// The booking page's address as this visitor gets it (docs/decisions/028): with the opaque reference of the visit
// that led here (its first counted page, referrer and utm_* today, ./references.server.ts), so the booking's webhook
// joins back to it. Asked by the embed when the visitor loads the calendar and by the /go/book redirect (without
// JavaScript too). A reference is minted only for a person one of our pages sent (never a crawler, a prefetch or
// another site's page), whom the analytics count, within the address's limit; everyone else gets the plain address,
// and so does anyone when the database is slow or away.

/** Longest the reference may take before the visitor gets the plain booking page. */
const REFERENCE_WAIT_MS = 1500;

/** The rate limiter's bucket for references: a few times a form's allowance per address, and its ceiling for all. */
const REFERENCE_BUCKET = "booking-reference";
const REFERENCE_RATE_FACTOR = 3;

export interface BookingLinkOptions {
  provider: BookingProvider;
  bookingUrl: string;
  minutes: number;
  /** The key the references are made with (derived from the root key for this purpose). */
  key: Buffer;
  /** The forms' limiter (app/lib/rate-limit.server.ts): references per address in its window. */
  limiter: RateLimiter;
}

export interface BookingLinkRequest {
  address: string;
  userAgent: string | undefined;
  /** `Sec-Purpose`, `Purpose` or `X-Moz`: a prefetch is no visit. */
  purpose?: string | undefined;
  /** One of our pages sent it (app/lib/same-origin.server.ts); another site's page may not mint references. */
  ownPage: boolean;
}

export type BookingLinks = (request: BookingLinkRequest) => Promise<string>;

export function createBookingLinks(db: Database, analytics: Analytics, options: BookingLinkOptions): BookingLinks {
  const plain = bookingPageUrl(options.bookingUrl, options.minutes);
  async function referenced({ address, userAgent }: BookingLinkRequest) {
    if (!(await options.limiter.hit(REFERENCE_BUCKET, address, REFERENCE_RATE_FACTOR)).allowed) return plain;
    const visitor = await analytics.visitorOf(address, userAgent);
    if (visitor === null) return plain;
    const visit = await analytics.visitOf({ visitor, address, userAgent });
    const token = await mintReference(db, options.key, { ...(visit ?? NO_VISIT), visitorId: visitor, day: dayOf(Date.now()) });
    return withReference(plain, options.provider, token);
  }
  return async (request) => {
    if (!request.ownPage || !analytics.enabled || notAVisitor({ userAgent: request.userAgent, purpose: request.purpose })) return plain;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<string>((resolve) => (timer = setTimeout(() => resolve(plain), REFERENCE_WAIT_MS)));
    try {
      return await Promise.race([referenced(request).catch(() => plain), late]);
    } finally {
      clearTimeout(timer);
    }
  };
}
