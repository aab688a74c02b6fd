import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Goal } from "~/features/analytics";
import type { Database, Transaction } from "~/lib/db/client.server";
import { analyticsGoals, analyticsRolledDays } from "~/features/analytics/index.server";
import { demoBookingEvents, demoBookings, type BookingEventKind } from "./tables";
import { demoLeads, leadsOfAddress, type LeadNotices } from "~/features/leads/index.server";
import { NO_VISIT, type Visit } from "~/lib/forms/visit.server";
import { PIPELINE_STAGES, type LeadStage } from "~/features/leads";
import type { BookingDelivery } from "./delivery";
import { visitOfReference, type ReferencedVisit } from "./references.server";

// What a booking service's delivery does to the leads (docs/decisions/028), in one transaction:
// 1. its receipt, keyed by (provider, booking, trigger): a delivery seen before changes nothing;
// 2. the `demo` lead of the person's address (made, or completed); one not yet attributed takes the visit the reference
//    stands for, else the visit of the address's latest lead in 30 days;
// 3. the booking's row, and its state worked out from every receipt it has, so deliveries in any order end alike;
// 4. the lead's meeting and stage from its bookings: `meeting-booked` while one is live (set by the booking service),
//    back to the stage before once every booking is cancelled; a no-show and a held meeting are recorded, no more;
// 5. a new booking's notice to the team (through the outbox), once, and its analytics goal: every booking is a goal of the
//    visit its reference names, whether or not the person booked before.

/** Who moved a lead's stage when the booking service did. */
export const BOOKING_SERVICE = "booking service";

/** The goal a booking counts as in the reports (app/features/analytics/goals.ts). */
export const DEMO_BOOKED_GOAL = "demo-booked" satisfies Goal;

/** How far back a lead of the same address lends its visit to a booking that came with no reference. */
const FALLBACK_DAYS = 30;

/** Stages a booking moves a lead on from: the ones before `meeting-booked`. */
const BEFORE_MEETING: readonly LeadStage[] = PIPELINE_STAGES.slice(0, PIPELINE_STAGES.indexOf("meeting-booked"));

export type ApplyOutcome = "applied" | "duplicate" | "waiting";

export interface ApplyOptions {
  notices: LeadNotices;
  /** Whether the analytics count goals (ANALYTICS_ENABLED). */
  goals: boolean;
  now?: Date;
}

const VISIT_COLUMNS = ["landingPage", "referrer", "utmSource", "utmMedium", "utmCampaign", "utmTerm", "utmContent"] as const;

/** Where a lead not yet attributed came from: the reference's visit, else the latest lead of the address within FALLBACK_DAYS. */
async function visitOf(tx: Transaction, referenced: ReferencedVisit | null, email: string, now: Date): Promise<ReferencedVisit | null> {
  if (referenced) return referenced;
  const since = now.getTime() - FALLBACK_DAYS * 86_400_000;
  const [latest] = (await leadsOfAddress(tx as unknown as Database, email)).filter(
    (lead) => lead.kind !== "demo" && lead.at.getTime() >= since,
  );
  if (!latest) return null;
  const visit: Visit = { ...NO_VISIT };
  for (const column of VISIT_COLUMNS) visit[column] = latest[column];
  return { ...visit, visitorId: null, day: null };
}

/** The person's `demo` lead, made or completed (a name, a company, answers that were missing): its id. */
async function leadOf(tx: Transaction, delivery: BookingDelivery, referenced: ReferencedVisit | null, now: Date): Promise<number> {
  const person = delivery.person!;
  const [existing] = await tx
    .select({ id: demoLeads.id, landingPage: demoLeads.landingPage, utmSource: demoLeads.utmSource, referrer: demoLeads.referrer })
    .from(demoLeads)
    .where(eq(sql`lower(${demoLeads.email})`, person.email.toLowerCase()))
    .for("update");
  const attributed = existing && (existing.landingPage || existing.utmSource || existing.referrer);
  const visit = attributed ? null : await visitOf(tx, referenced, person.email, now);
  const values = {
    name: person.name,
    email: person.email,
    company: person.company,
    answers: person.answers,
    ...(visit ? { ...Object.fromEntries(VISIT_COLUMNS.map((column) => [column, visit[column]])), visitorId: visit.visitorId } : {}),
  };
  if (existing) {
    await tx
      .update(demoLeads)
      .set({
        ...values,
        email: undefined,
        name: sql`coalesce(${person.name}, ${demoLeads.name})`,
        company: sql`coalesce(${person.company}, ${demoLeads.company})`,
        answers: sql`${demoLeads.answers} || ${JSON.stringify(person.answers)}::jsonb`,
      })
      .where(eq(demoLeads.id, existing.id));
    return existing.id;
  }
  // A concurrent first delivery for the same address made it meanwhile: this one completes it instead.
  const [created] = await tx
    .insert(demoLeads)
    .values({ ...values, createdAt: now, stageBefore: "new" })
    .onConflictDoNothing()
    .returning({ id: demoLeads.id });
  if (created) return created.id;
  return leadOf(tx, delivery, referenced, now);
}

/** The booking's row: made, or given the meeting a delivery names (a reschedule in place replaces it). */
async function saveBooking(tx: Transaction, leadId: number, delivery: BookingDelivery) {
  const meeting = delivery.meeting;
  const values = {
    leadId,
    provider: delivery.provider,
    bookingId: delivery.bookingId,
    replaces: delivery.replaces,
    meetingAt: meeting?.at ?? null,
    meetingEndsAt: meeting?.endsAt ?? null,
    host: meeting?.host ?? null,
    eventName: meeting?.eventName ?? null,
  };
  const keep = (column: keyof typeof values & keyof typeof demoBookings) =>
    delivery.kind === "rescheduled"
      ? sql`coalesce(excluded.${sql.identifier(demoBookings[column].name)}, ${demoBookings[column]})`
      : sql`coalesce(${demoBookings[column]}, excluded.${sql.identifier(demoBookings[column].name)})`;
  await tx
    .insert(demoBookings)
    .values(values)
    .onConflictDoUpdate({
      target: [demoBookings.provider, demoBookings.bookingId],
      set: {
        replaces: keep("replaces"),
        meetingAt: keep("meetingAt"),
        meetingEndsAt: keep("meetingEndsAt"),
        host: keep("host"),
        eventName: keep("eventName"),
      },
    });
}

/** A booking's state from all its receipts (and whether a later booking replaced it): the same in any arrival order. */
async function settleBookings(tx: Transaction, delivery: BookingDelivery) {
  const ids = [delivery.bookingId, ...(delivery.replaces ? [delivery.replaces] : [])];
  const has = (kind: BookingEventKind) =>
    sql`EXISTS (SELECT 1 FROM ${demoBookingEvents} e WHERE e.provider = ${demoBookings.provider} AND e.booking_id = ${demoBookings.bookingId} AND e.kind = ${kind})`;
  await tx
    .update(demoBookings)
    .set({
      status: sql`CASE WHEN ${has("cancelled")} THEN 'cancelled'
        WHEN ${has("replaced")} OR EXISTS (SELECT 1 FROM demo_bookings n WHERE n.provider = ${demoBookings.provider} AND n.replaces = ${demoBookings.bookingId}) THEN 'rescheduled'
        ELSE 'booked' END`,
      noShow: has("no-show"),
      held: has("held"),
    })
    .where(and(eq(demoBookings.provider, delivery.provider), inArray(demoBookings.bookingId, ids)));
}

/** The lead's meeting and stage, from its bookings. */
async function settleLead(tx: Transaction, leadId: number, now: Date) {
  const [lead] = await tx.select().from(demoLeads).where(eq(demoLeads.id, leadId));
  if (!lead) return;
  const bookings = await tx
    .select()
    .from(demoBookings)
    .where(eq(demoBookings.leadId, leadId))
    .orderBy(desc(demoBookings.createdAt), desc(demoBookings.id));
  const live = bookings.find((booking) => booking.status === "booked");
  const shown = live ?? bookings[0];
  const meetingStatus = !shown
    ? null
    : shown.status !== "booked"
      ? shown.status
      : shown.held
        ? "held"
        : shown.noShow
          ? "no-show"
          : "booked";
  // Half of a Calendly reschedule may arrive before the other half: only cancellations end the meeting.
  const active = bookings.some((booking) => booking.status !== "cancelled");
  const byService = { stageAt: now, stageBy: BOOKING_SERVICE };
  let stage = {};
  if (active && BEFORE_MEETING.includes(lead.stage)) stage = { stage: "meeting-booked", stageBefore: lead.stage, ...byService };
  else if (!active && lead.stage === "meeting-booked" && lead.stageBy === BOOKING_SERVICE) {
    stage = { stage: lead.stageBefore ?? "new", ...byService };
  }
  await tx
    .update(demoLeads)
    .set({
      meetingAt: shown?.meetingAt ?? null,
      meetingEndsAt: shown?.meetingEndsAt ?? null,
      host: shown?.host ?? null,
      eventName: shown?.eventName ?? null,
      meetingStatus,
      ...stage,
    })
    .where(eq(demoLeads.id, leadId));
}

/** The booking counted as a goal of the visit its reference names (its visitor id, on that visit's day). */
async function countGoal(tx: Transaction, visit: ReferencedVisit | null, now: Date) {
  if (!visit?.visitorId || !visit.day) return;
  await tx.insert(analyticsGoals).values({ at: now, day: visit.day, visitor: visit.visitorId, goal: DEMO_BOOKED_GOAL });
  // A day already rolled up is rolled up again with it.
  await tx.delete(analyticsRolledDays).where(eq(analyticsRolledDays.day, visit.day));
}

export async function applyDelivery(db: Database, delivery: BookingDelivery, options: ApplyOptions): Promise<ApplyOutcome> {
  const now = options.now ?? new Date();
  const { provider, bookingId } = delivery;
  return db.transaction(async (tx) => {
    // First, so that the same delivery arriving twice at once waits here for the first to commit, then finds it.
    const [receipt] = await tx
      .insert(demoBookingEvents)
      .values({
        provider,
        bookingId,
        trigger: delivery.trigger,
        kind: delivery.kind,
        occurredAt: delivery.occurredAt,
        meetingAt: delivery.meeting?.at ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: demoBookingEvents.id });
    if (!receipt) return "duplicate";

    const [known] = await tx
      .select({ leadId: demoBookings.leadId })
      .from(demoBookings)
      .where(and(eq(demoBookings.provider, provider), eq(demoBookings.bookingId, bookingId)));
    const referenced = delivery.reference ? await visitOfReference(tx, delivery.reference, now) : null;
    const personLead = delivery.person ? await leadOf(tx, delivery, referenced, now) : undefined;
    const leadId = known?.leadId ?? personLead;
    // Nobody named yet (a no-show before its booking): kept, and applied when the booking's first delivery arrives.
    if (leadId === undefined) return "waiting";

    await saveBooking(tx, leadId, delivery);
    await tx
      .update(demoBookingEvents)
      .set({ leadId })
      .where(and(eq(demoBookingEvents.provider, provider), eq(demoBookingEvents.bookingId, bookingId), isNull(demoBookingEvents.leadId)));
    await settleBookings(tx, delivery);
    await settleLead(tx, leadId, now);

    if (delivery.kind === "booked") {
      if (options.goals) await countGoal(tx, referenced, now);
      const [booking] = await tx
        .select()
        .from(demoBookings)
        .where(and(eq(demoBookings.provider, provider), eq(demoBookings.bookingId, bookingId)));
      const [lead] = await tx.select().from(demoLeads).where(eq(demoLeads.id, leadId));
      if (booking?.status === "booked" && lead) {
        await options.notices.demoBooked(tx, {
          id: lead.id,
          bookedAt: delivery.occurredAt,
          name: lead.name,
          email: lead.email,
          company: lead.company,
          answers: lead.answers,
          meetingAt: booking.meetingAt,
          host: booking.host,
          eventName: booking.eventName,
        });
      }
    }
    return "applied";
  });
}
