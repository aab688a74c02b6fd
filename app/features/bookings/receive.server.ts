import type { Database } from "~/lib/db/client.server";
import type { BookingProvider } from "./tables";
import type { LeadNotices } from "~/features/leads/index.server";
import { bookingDeliveryOutcome } from "~/lib/ops/metrics.server";
import { CAL_SIGNATURE_HEADER, parseCalDelivery } from "./cal.server";
import { CALENDLY_SIGNATURE_HEADER, parseCalendlyDelivery } from "./calendly.server";
import type { ParsedDelivery } from "./delivery";
import { applyDelivery } from "./leads.server";

// One booking service's delivery, from its raw bytes to its answer (docs/decisions/028). The status is what the
// provider acts on: 2xx ends its retries, so only a delivery applied, seen before or deliberately ignored gets one;
// 401 forged, unsigned or stale (nothing changed); 400 signed but unreadable; 503 while the database is away (it
// retries). Nothing from the body is logged or said back.

export const BOOKING_PROVIDER_NAMES: Record<BookingProvider, string> = { cal: "Cal.com", calendly: "Calendly" };

const PROVIDERS: Record<
  BookingProvider,
  { header: string; parse: (secret: string, body: Buffer, signature: string | undefined, now?: number) => ParsedDelivery | string }
> = {
  cal: { header: CAL_SIGNATURE_HEADER, parse: parseCalDelivery },
  calendly: { header: CALENDLY_SIGNATURE_HEADER, parse: parseCalendlyDelivery },
};

export const signatureHeaderOf = (provider: BookingProvider) => PROVIDERS[provider].header;

export interface BookingAnswer {
  status: 200 | 400 | 401 | 503;
  text: string;
}

export interface ReceiveOptions {
  secret: string;
  notices: LeadNotices;
  goals: boolean;
  now?: number;
}

const REFUSED: Record<string, string> = {
  missing: "no signature",
  malformed: "a malformed signature",
  wrong: "a wrong signature",
  expired: "a stale timestamp",
  stale: "a stale createdAt",
};

export async function receiveBooking(
  db: Database,
  provider: BookingProvider,
  body: Buffer,
  signature: string | undefined,
  options: ReceiveOptions,
): Promise<BookingAnswer> {
  const answer = (status: BookingAnswer["status"], outcome: string, text: string): BookingAnswer => {
    bookingDeliveryOutcome(provider, outcome);
    return { status, text };
  };
  const parsed = PROVIDERS[provider].parse(options.secret, body, signature, options.now);
  if (typeof parsed === "string" || parsed.outcome === "stale") {
    const why = REFUSED[typeof parsed === "string" ? parsed : "stale"];
    return answer(401, "refused", `Refused: ${why}; nothing was applied.`);
  }
  if (parsed.outcome === "invalid") return answer(400, "invalid", parsed.reason);
  if (parsed.outcome === "ignored") return answer(200, "ignored", "Ignored: not an event this site records.");
  let outcome: Awaited<ReturnType<typeof applyDelivery>>;
  try {
    outcome = await applyDelivery(db, parsed.delivery, { notices: options.notices, goals: options.goals });
  } catch (error) {
    // The database went away mid-delivery (or refused it): nothing was applied, and the provider will retry.
    const code = typeof error === "object" && error && "code" in error ? String((error as { code: unknown }).code) : "no code";
    console.error(
      `bookings: a ${BOOKING_PROVIDER_NAMES[provider]} delivery was not applied (database error ${code.slice(0, 10)}); answered 503`,
    );
    return answer(503, "unavailable", "The database is not reachable; nothing was applied.");
  }
  if (outcome === "applied") options.notices.wake();
  const text = { applied: "Applied.", duplicate: "Received already; nothing changed.", waiting: "Kept until its booking arrives." };
  return answer(200, outcome, text[outcome]);
}
