import type { BookingEventKind, BookingProvider } from "./tables";
import { LIMITS } from "~/lib/forms/limits";

// A booking service's delivery as the site applies it, whichever provider sent it: each provider's module
// (./cal.server.ts, ./calendly.server.ts) checks its signature and maps its payload to this.

export interface BookingPerson {
  email: string;
  name: string | null;
  company: string | null;
  /** The booking questions' answers, by question. */
  answers: Record<string, string>;
}

export interface BookingMeeting {
  at: Date | null;
  endsAt: Date | null;
  host: string | null;
  eventName: string | null;
}

export interface BookingDelivery {
  provider: BookingProvider;
  /** The provider's event name: the key (with the booking) a retried delivery is known by. */
  trigger: string;
  kind: BookingEventKind;
  /** Cal.com's booking uid, Calendly's invitee URI. */
  bookingId: string;
  /** When it happened at the provider: the timeline's order. */
  occurredAt: Date;
  /** The booking this one was rescheduled from. */
  replaces: string | null;
  /** Who booked; null when the delivery does not say (then the booking must be known already, or arrive later). */
  person: BookingPerson | null;
  meeting: BookingMeeting | null;
  /** The opaque reference the page handed the provider (./references.server.ts), as the delivery carries it back. */
  reference: string | null;
}

/** What a provider's module makes of a signed body. */
export type ParsedDelivery =
  | { outcome: "delivery"; delivery: BookingDelivery }
  | { outcome: "ignored"; trigger: string }
  | { outcome: "invalid"; reason: string }
  | { outcome: "stale" };

// eslint-disable-next-line no-control-regex -- control characters never belong in a stored value
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** A value from a payload as stored: a trimmed string of at most `max` characters, or null. */
export function text(value: unknown, max: number): string | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  const cleaned = String(value).replace(CONTROL, " ").trim().slice(0, max).trim();
  return cleaned === "" ? null : cleaned;
}

export function date(value: unknown): Date | null {
  if (typeof value !== "string") return null;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
export const email = (value: unknown) => {
  const address = text(value, LIMITS.email);
  return address && EMAIL.test(address) ? address : null;
};

/** Booking questions kept per lead, and the length of each question and answer. */
const ANSWERS = { count: 20, question: 200, answer: 1000 };

/** The answers, bounded; the company read from the question that asks for it. */
export function answersOf(pairs: [unknown, unknown][]): { answers: Record<string, string>; company: string | null } {
  const answers: Record<string, string> = {};
  let company: string | null = null;
  for (const [question, answer] of pairs) {
    const label = text(question, ANSWERS.question);
    const value = text(answer, ANSWERS.answer);
    if (!label || !value || Object.keys(answers).length >= ANSWERS.count) continue;
    if (/company|organi[sz]ation/i.test(label)) company ??= value.slice(0, LIMITS.company);
    else answers[label] = value;
  }
  return { answers, company };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
export { isObject };

/** The body as JSON, or why not. */
export function jsonOf(body: Buffer): { json: Record<string, unknown> } | { reason: string } {
  try {
    const json: unknown = JSON.parse(body.toString("utf8"));
    return isObject(json) ? { json } : { reason: "The body is not a JSON object." };
  } catch {
    return { reason: "The body is not JSON." };
  }
}
