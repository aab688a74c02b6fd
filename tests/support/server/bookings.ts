import { readFileSync } from "node:fs";
import path from "node:path";
import { bodySignature, webhookSignature } from "~/lib/webhook-signature.server";
import { storyOf, textOf } from "./lead-story";
import { sessionCookie } from "./operators";

export { textOf };

// What a booking service would post (tests/fixtures/bookings/: the providers' documented payloads), made for one
// test's person, booking and time, and signed as the provider signs it; and the console's view of the demo leads.

const FIXTURES = path.resolve("tests/fixtures/bookings");

type Json = Record<string, unknown>;
const fixture = (file: string): Json => JSON.parse(readFileSync(path.join(FIXTURES, file), "utf8")) as Json;

export interface CalBooking {
  uid: string;
  email: string;
  name?: string;
  /** The meeting's start (ISO); it lasts 15 minutes. */
  start?: string;
  ref?: string;
  /** When the provider says it happened (ISO); now by default. */
  at?: string;
  rescheduleUid?: string;
}

/** A Cal.com body from its documented example, for this booking. */
export function calBody(file: string, booking: CalBooking): string {
  const body = fixture(`cal/${file}.json`);
  const payload = body.payload as Json;
  body.createdAt = booking.at ?? new Date().toISOString();
  if ("bookingUid" in payload) {
    payload.bookingUid = booking.uid;
    payload.attendees = [{ email: booking.email, noShow: true }];
    payload.message = "marked as no-show";
    return JSON.stringify(body);
  }
  const start = new Date(booking.start ?? "2030-03-04T15:00:00Z");
  Object.assign(payload, {
    uid: booking.uid,
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + 15 * 60_000).toISOString(),
    attendees: [{ ...(payload.attendees as Json[])[0], email: booking.email, name: booking.name ?? "Grace Hopper" }],
    responses: {
      ...(payload.responses as Json),
      name: { label: "your_name", value: booking.name ?? "Grace Hopper" },
      email: { label: "email_address", value: booking.email },
    },
    metadata: { ...(payload.metadata as Json), ...(booking.ref ? { ref: booking.ref } : {}) },
    ...(booking.rescheduleUid ? { rescheduleUid: booking.rescheduleUid } : {}),
  });
  return JSON.stringify(body);
}

export interface CalendlyBooking {
  invitee: string;
  email: string;
  name?: string;
  start?: string;
  ref?: string;
  at?: string;
  /** The invitee it reschedules (created) or is rescheduled to (canceled). */
  other?: string;
}

/** A Calendly body from its documented example, for this invitee. */
export function calendlyBody(file: string, booking: CalendlyBooking): string {
  const body = fixture(`calendly/${file}.json`);
  body.created_at = booking.at ?? new Date().toISOString();
  const payload = body.payload as Json;
  if (!("email" in payload)) return JSON.stringify(body);
  const start = new Date(booking.start ?? "2030-03-04T15:00:00Z");
  Object.assign(payload, {
    uri: booking.invitee,
    email: booking.email,
    name: booking.name ?? "Grace Hopper",
    tracking: { ...(payload.tracking as Json), utm_content: booking.ref ?? null },
    ...(payload.old_invitee ? { old_invitee: booking.other } : {}),
    ...(payload.new_invitee ? { new_invitee: booking.other } : {}),
  });
  Object.assign(payload.scheduled_event as Json, {
    start_time: start.toISOString(),
    end_time: new Date(start.getTime() + 15 * 60_000).toISOString(),
  });
  return JSON.stringify(body);
}

export async function postCal(url: string, body: string, secret: string | null) {
  const response = await fetch(`${url}/webhooks/bookings/cal`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(secret ? { "X-Cal-Signature-256": bodySignature(secret, body) } : {}) },
    body,
  });
  return { status: response.status, text: await response.text(), retryAfter: response.headers.get("retry-after") };
}

export async function postCalendly(url: string, body: string, key: string | null, at = Math.floor(Date.now() / 1000)) {
  const response = await fetch(`${url}/webhooks/bookings/calendly`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(key ? { "Calendly-Webhook-Signature": webhookSignature(key, body, at) } : {}) },
    body,
  });
  return { status: response.status, text: await response.text(), retryAfter: response.headers.get("retry-after") };
}

/** A signed-in operator's cookie. */
export async function signIn(url: string, email: string, password: string): Promise<string> {
  const cookie = await sessionCookie(url, email, password);
  if (!cookie) throw new Error("not signed in");
  return cookie;
}

export interface DemoLeadView {
  id: number;
  /** The lead page's text. */
  text: string;
  /** The timeline's entries' first words (Booked, Rescheduled, Cancelled, No-show, Meeting held). */
  timeline: string[];
}

const MEETING_WORDS: Record<string, string> = {
  booked: "Booked",
  rescheduled: "Rescheduled",
  cancelled: "Cancelled",
  "no-show": "No-show",
  held: "Meeting held",
};

/** Every demo lead of an address, as the console shows them. */
export async function demoLeadsOf(url: string, cookie: string, email: string): Promise<DemoLeadView[]> {
  const list = await (await fetch(`${url}/console/leads?type=demo`, { headers: { Cookie: cookie } })).text();
  const ids = [...new Set([...list.matchAll(/href="\/console\/leads\/demo\/(\d+)"/g)].map((match) => Number(match[1])))];
  const views: DemoLeadView[] = [];
  for (const id of ids) {
    const html = await (await fetch(`${url}/console/leads/demo/${id}`, { headers: { Cookie: cookie } })).text();
    if (!html.includes(email)) continue;
    // The person's story is newest first; the meetings read here in the order they happened.
    const meetings = storyOf(html)
      .filter((entry) => entry.kind.startsWith("booking:"))
      .reverse();
    views.push({
      id,
      text: textOf(html),
      timeline: meetings.map((entry) => MEETING_WORDS[entry.kind.slice("booking:".length)] ?? entry.kind),
    });
  }
  return views;
}
