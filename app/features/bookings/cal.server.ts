import { checkBodySignature, SIGNATURE_TOLERANCE_SECONDS } from "~/lib/webhook-signature.server";
import type { BookingEventKind } from "./tables";
import { answersOf, date, email, isObject, jsonOf, text, type BookingDelivery, type ParsedDelivery } from "./delivery";
import { isReference } from "./references";

// Cal.com's booking webhooks (https://cal.com/docs/developing/guides/automation/webhooks): the body is
// `{triggerEvent, createdAt, payload}`, signed in X-Cal-Signature-256 with the hex HMAC-SHA256 of the raw body under the
// webhook's secret. No timestamp header: `createdAt` in the signed body is the replay window's clock. Fixtures of the
// documented payloads: tests/fixtures/bookings/cal/.

export const CAL_SIGNATURE_HEADER = "x-cal-signature-256";

const KINDS: Record<string, BookingEventKind> = {
  BOOKING_CREATED: "booked",
  BOOKING_RESCHEDULED: "rescheduled",
  BOOKING_CANCELLED: "cancelled",
  BOOKING_NO_SHOW_UPDATED: "no-show",
  MEETING_ENDED: "held",
};

/** Response fields that are the person or the booking itself, not an answer to a question of ours. */
const NOT_ANSWERS = new Set(["name", "email", "guests", "location", "rescheduleReason", "attendeePhoneNumber"]);

type Check = "missing" | "malformed" | "wrong";

export function parseCalDelivery(secret: string, body: Buffer, signature: string | undefined, now = Date.now()): ParsedDelivery | Check {
  const check = checkBodySignature(secret, body, signature);
  if (check !== "valid") return check;
  const parsed = jsonOf(body);
  if ("reason" in parsed) return { outcome: "invalid", reason: parsed.reason };
  const { triggerEvent, createdAt, payload } = parsed.json;
  const occurredAt = date(createdAt);
  if (typeof triggerEvent !== "string" || !occurredAt || !isObject(payload)) {
    return { outcome: "invalid", reason: "Not a Cal.com delivery: triggerEvent, createdAt and payload are required." };
  }
  if (Math.abs(now - occurredAt.getTime()) > SIGNATURE_TOLERANCE_SECONDS * 1000) return { outcome: "stale" };
  const kind = KINDS[triggerEvent];
  if (!kind) return { outcome: "ignored", trigger: triggerEvent };

  const attendees = Array.isArray(payload.attendees) ? payload.attendees.filter(isObject) : [];
  // A no-show update names the attendees it marks; unmarking one is not an event of the lead's.
  if (kind === "no-show" && !attendees.some((attendee) => attendee.noShow === true)) return { outcome: "ignored", trigger: triggerEvent };
  const bookingId = text(payload.uid ?? payload.bookingUid, 300);
  if (!bookingId) return { outcome: "invalid", reason: "The payload has no booking uid." };

  const first = (kind === "no-show" ? attendees.find((attendee) => attendee.noShow === true) : attendees[0]) ?? {};
  const responses = isObject(payload.responses) ? payload.responses : {};
  const response = (key: string) => (isObject(responses[key]) ? responses[key].value : undefined);
  const address = email(first.email ?? response("email"));
  const { answers, company } = answersOf(
    Object.entries(responses)
      .filter(([key]) => !NOT_ANSWERS.has(key))
      .map(([key, value]): [unknown, unknown] => (isObject(value) ? [value.label || key, value.value] : [key, value])),
  );
  const organizer = isObject(payload.organizer) ? payload.organizer : {};
  const metadata = isObject(payload.metadata) ? payload.metadata : {};
  const replaced = text(payload.rescheduleUid ?? payload.fromReschedule, 300);
  const delivery: BookingDelivery = {
    provider: "cal",
    trigger: triggerEvent,
    kind,
    bookingId,
    occurredAt,
    replaces: kind === "rescheduled" && replaced !== bookingId ? replaced : null,
    person: address ? { email: address, name: text(first.name ?? response("name"), 100), company, answers } : null,
    meeting:
      kind === "no-show"
        ? null
        : {
            at: date(payload.startTime),
            endsAt: date(payload.endTime),
            host: text(organizer.name ?? organizer.email, 200),
            eventName: text(payload.eventTitle ?? payload.type ?? payload.title, 200),
          },
    reference: isReference(metadata.ref) ? metadata.ref : null,
  };
  return { outcome: "delivery", delivery };
}
