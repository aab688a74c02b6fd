import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { VISIT_LIMITS } from "../../lib/forms/visit";
import { demoLeads, meetingColumns } from "../leads/tables";
import { createdAt, id, sourceColumns } from "../../lib/db/schema/columns";

// Demo bookings (docs/decisions/028): the bookings of a demo lead (app/features/leads/tables.ts holds the lead, a lead
// table like the others), their events and the references that apply each delivery once.

export const BOOKING_PROVIDERS = ["cal", "calendly"] as const;
export type BookingProvider = (typeof BOOKING_PROVIDERS)[number];
/** `booked` until cancelled, or replaced by the booking it was rescheduled to. */
export const BOOKING_STATUSES = ["booked", "cancelled", "rescheduled"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** What a delivery did, as the lead's timeline shows it; `replaced` (half of a Calendly reschedule) is not shown. */
export const BOOKING_EVENT_KINDS = ["booked", "rescheduled", "cancelled", "replaced", "no-show", "held"] as const;
export type BookingEventKind = (typeof BOOKING_EVENT_KINDS)[number];

export const demoBookings = pgTable(
  "demo_bookings",
  {
    id: id(),
    leadId: bigint("lead_id", { mode: "number" })
      .notNull()
      .references(() => demoLeads.id, { onDelete: "cascade" }),
    provider: varchar("provider", { length: 16, enum: BOOKING_PROVIDERS }).notNull(),
    /** Cal.com's booking uid, Calendly's invitee URI. */
    bookingId: varchar("booking_id", { length: 300 }).notNull(),
    /** The booking this one was rescheduled from. */
    replaces: varchar("replaces", { length: 300 }),
    status: varchar("status", { length: 16, enum: BOOKING_STATUSES }).notNull().default("booked"),
    noShow: boolean("no_show").notNull().default(false),
    held: boolean("held").notNull().default(false),
    ...meetingColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("demo_bookings_booking_key").on(t.provider, t.bookingId),
    index("demo_bookings_lead_idx").on(t.leadId),
    check("demo_bookings_status_check", sql`${t.status} IN ('booked', 'cancelled', 'rescheduled')`),
  ],
);

/**
 * Each delivery applied, once: (provider, booking, trigger) is the key a retried delivery meets. The rows are also the
 * lead's timeline, in the order things happened at the provider (`occurred_at`), whatever order they arrived in.
 */
export const demoBookingEvents = pgTable(
  "demo_booking_events",
  {
    id: id(),
    /** Set once the delivery is applied (the receipt is written first, so a concurrent retry waits for it). */
    leadId: bigint("lead_id", { mode: "number" }).references(() => demoLeads.id, { onDelete: "cascade" }),
    provider: varchar("provider", { length: 16, enum: BOOKING_PROVIDERS }).notNull(),
    bookingId: varchar("booking_id", { length: 300 }).notNull(),
    /** The provider's event name: BOOKING_CREATED, invitee.canceled... */
    trigger: varchar("trigger", { length: 40 }).notNull(),
    kind: varchar("kind", { length: 16, enum: BOOKING_EVENT_KINDS }).notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    /** The meeting's start as this delivery gave it. */
    meetingAt: timestamp("meeting_at", { withTimezone: true }),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("demo_booking_events_delivery_key").on(t.provider, t.bookingId, t.trigger),
    index("demo_booking_events_lead_idx").on(t.leadId, t.occurredAt),
  ],
);

/** The most references kept, whatever the traffic: a new one takes the next slot, replacing the oldest (decision 028). */
export const REFERENCE_SLOTS = 20_000;

/** Hands out the slots of `booking_references` in turn, modulo REFERENCE_SLOTS. */
export const bookingReferenceSlots = pgSequence("booking_reference_slots", { startWith: 0, minValue: 0 });

/**
 * The opaque reference a page hands the booking service (docs/decisions/028): the SHA-256 of a keyed token, and the
 * visit it stands for, until it expires. The token alone is worthless: it names no person and cannot be guessed. The
 * table is a ring of REFERENCE_SLOTS places, so no traffic can grow it past them.
 */
export const bookingReferences = pgTable(
  "booking_references",
  {
    tokenHash: char("token_hash", { length: 64 }).primaryKey(),
    slot: integer("slot").notNull(),
    landingPage: varchar("landing_page", { length: VISIT_LIMITS.landing_page }),
    ...sourceColumns(),
    /** The analytics' visitor id of the visit and its UTC day (the day its id belongs to). */
    visitorId: bigint("visitor_id", { mode: "number" }),
    day: date("day"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("booking_references_expires_at_idx").on(t.expiresAt),
    uniqueIndex("booking_references_slot_key").on(t.slot),
    check("booking_references_slot_check", sql`${t.slot} >= 0 AND ${t.slot} < ${sql.raw(String(REFERENCE_SLOTS))}`),
  ],
);
