import { checkWebhookSignature } from "~/lib/webhook-signature.server";
import type { BookingEventKind } from "./tables";
import { answersOf, date, email, isObject, jsonOf, text, type BookingDelivery, type ParsedDelivery } from "./delivery";
import { isReference } from "./references";

// Calendly's webhooks (https://developer.calendly.com/api-docs/ webhook signatures and the invitee payload): the body is
// `{event, created_at, created_by, payload}`, where the payload is the invitee; signed in Calendly-Webhook-Signature as
// `t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` under the subscription's signing key, refused when older than 3
// minutes. A reschedule arrives as `invitee.canceled` (rescheduled: true, new_invitee) and `invitee.created`
// (old_invitee), in either order: shown as one reschedule. Fixtures: tests/fixtures/bookings/calendly/.

export const CALENDLY_SIGNATURE_HEADER = "calendly-webhook-signature";
export const CALENDLY_TOLERANCE_SECONDS = 180;

type Check = "missing" | "malformed" | "wrong" | "expired";

export function parseCalendlyDelivery(key: string, body: Buffer, signature: string | undefined, now = Date.now()): ParsedDelivery | Check {
  const check = checkWebhookSignature(key, body, signature, now, CALENDLY_TOLERANCE_SECONDS);
  if (check !== "valid") return check;
  const parsed = jsonOf(body);
  if ("reason" in parsed) return { outcome: "invalid", reason: parsed.reason };
  const { event, created_at: createdAt, payload } = parsed.json;
  const occurredAt = date(createdAt);
  if (typeof event !== "string" || !occurredAt || !isObject(payload)) {
    return { outcome: "invalid", reason: "Not a Calendly delivery: event, created_at and payload are required." };
  }
  let kind: BookingEventKind;
  if (event === "invitee.created") kind = text(payload.old_invitee, 300) ? "rescheduled" : "booked";
  else if (event === "invitee.canceled") kind = payload.rescheduled === true ? "replaced" : "cancelled";
  else if (event === "invitee_no_show.created") kind = "no-show";
  else return { outcome: "ignored", trigger: event };

  // A no-show's payload names its invitee by URI (`invitee`), or is the invitee itself.
  const bookingId = text(kind === "no-show" && typeof payload.invitee === "string" ? payload.invitee : payload.uri, 300);
  if (!bookingId) return { outcome: "invalid", reason: "The payload has no invitee URI." };
  const address = email(payload.email);
  const questions = Array.isArray(payload.questions_and_answers) ? payload.questions_and_answers.filter(isObject) : [];
  const { answers, company } = answersOf(questions.map((entry): [unknown, unknown] => [entry.question, entry.answer]));
  const scheduled = isObject(payload.scheduled_event) ? payload.scheduled_event : null;
  const hosts = scheduled && Array.isArray(scheduled.event_memberships) ? scheduled.event_memberships.filter(isObject) : [];
  const tracking = isObject(payload.tracking) ? payload.tracking : {};
  const delivery: BookingDelivery = {
    provider: "calendly",
    trigger: event,
    kind,
    bookingId,
    occurredAt,
    replaces: kind === "rescheduled" ? text(payload.old_invitee, 300) : null,
    person: address ? { email: address, name: text(payload.name, 100), company, answers } : null,
    meeting: scheduled
      ? {
          at: date(scheduled.start_time),
          endsAt: date(scheduled.end_time),
          host: text(hosts[0]?.user_name ?? hosts[0]?.user_email, 200),
          eventName: text(scheduled.name, 200),
        }
      : null,
    reference: isReference(tracking.utm_content) ? tracking.utm_content : null,
  };
  return { outcome: "delivery", delivery };
}
