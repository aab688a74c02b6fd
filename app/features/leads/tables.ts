import { sql } from "drizzle-orm";
import { char, check, index, jsonb, pgTable, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { LIMITS } from "../../lib/forms/limits";
import { blankOrNull, createdAt, emailCheck, id, notBlank } from "../../lib/db/schema/columns";
import { pipelineColumns, pipelineIndexes, searchColumns, searchText } from "./lead-columns";
import { LEAD_STAGES } from "./kinds";

// Every lead table (decision 039: one owner each): the leads the site's forms store (contact, feature request,
// download), the newsletter's subscribers (written by app/features/newsletter through this feature's module), the demo
// leads (written by app/features/bookings, whose tables hold the bookings) and the list an operator exports.

export const contactRequests = pgTable(
  "contact_requests",
  {
    id: id(),
    name: varchar("name", { length: LIMITS.name }).notNull(),
    email: varchar("email", { length: LIMITS.email }).notNull(),
    companyName: varchar("company_name", { length: LIMITS.company }),
    message: varchar("message", { length: LIMITS.longText }).notNull(),
    requestType: varchar("request_type", { length: 20 }).notNull().default("contact"),
    createdAt: createdAt(),
    ...pipelineColumns(),
  },
  (t) => [
    notBlank("contact_requests_name_check", t.name),
    emailCheck("contact_requests", t.email),
    blankOrNull("contact_requests_company_name_check", t.companyName),
    notBlank("contact_requests_message_check", t.message),
    check("contact_requests_request_type_check", sql`${t.requestType} IN ('contact')`),
    ...pipelineIndexes("contact_requests", t, t.createdAt, searchText(...searchColumns.contact(t))),
  ],
);

export const featureRequests = pgTable(
  "feature_requests",
  {
    id: id(),
    name: varchar("name", { length: LIMITS.name }).notNull(),
    email: varchar("email", { length: LIMITS.email }).notNull(),
    company: varchar("company", { length: LIMITS.company }),
    featureTitle: varchar("feature_title", { length: LIMITS.title }).notNull(),
    description: varchar("description", { length: LIMITS.longText }).notNull(),
    useCase: varchar("use_case", { length: LIMITS.longText }),
    /** The roadmap item the team linked the request to (decision 036): the request then counts as its requester's vote. */
    roadmapItemId: varchar("roadmap_item_id", { length: LIMITS.roadmapItemId }),
    createdAt: createdAt(),
    ...pipelineColumns(),
  },
  (t) => [
    notBlank("feature_requests_name_check", t.name),
    emailCheck("feature_requests", t.email),
    blankOrNull("feature_requests_company_check", t.company),
    notBlank("feature_requests_feature_title_check", t.featureTitle),
    notBlank("feature_requests_description_check", t.description),
    blankOrNull("feature_requests_use_case_check", t.useCase),
    ...pipelineIndexes(
      "feature_requests",
      t,
      t.createdAt,
      searchText(t.name, t.email, t.company, t.featureTitle, t.description, t.useCase),
    ),
  ],
);

export const resourceLeads = pgTable(
  "resource_leads",
  {
    id: id(),
    name: varchar("name", { length: LIMITS.name }).notNull(),
    email: varchar("email", { length: LIMITS.email }).notNull(),
    resourceId: varchar("resource_id", { length: LIMITS.resourceId }).notNull(),
    resourceTitle: varchar("resource_title", { length: LIMITS.title }).notNull(),
    downloadedAt: timestamp("downloaded_at", { withTimezone: true }).notNull().defaultNow(),
    ...pipelineColumns(),
  },
  (t) => [
    check("resource_leads_name_check", sql`char_length(btrim(${t.name})) >= 2`),
    emailCheck("resource_leads", t.email),
    check("resource_leads_resource_id_check", sql`${t.resourceId} ~ '^[a-z0-9-]+$'`),
    notBlank("resource_leads_resource_title_check", t.resourceTitle),
    index("resource_leads_resource_id_idx").using("btree", t.resourceId),
    ...pipelineIndexes("resource_leads", t, t.downloadedAt, searchText(...searchColumns.download(t))),
  ],
);

export const SUBSCRIBER_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/**
 * Double opt-in: a sign-up is `pending` with its consent record (when, on which page, the sentence shown, a salted hash
 * of the address it came from) until the link in the confirmation email confirms it; unsubscribing keeps the row,
 * so the address is never mailed again. Rows from before double opt-in were migrated as confirmed (decision 007).
 */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: id(),
    email: varchar("email", { length: LIMITS.email }).notNull(),
    source: varchar("source", { length: LIMITS.source }).notNull(),
    createdAt: createdAt(),
    status: varchar("status", { length: 16, enum: SUBSCRIBER_STATUSES }).notNull().default("pending"),
    consentText: varchar("consent_text", { length: 500 }),
    consentAddressHash: char("consent_address_hash", { length: 64 }),
    confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    ...pipelineColumns(),
  },
  (t) => [
    emailCheck("newsletter_subscribers", t.email),
    check("newsletter_subscribers_source_check", sql`${t.source} LIKE '/%'`),
    check("newsletter_subscribers_status_check", sql`${t.status} IN ('pending', 'confirmed', 'unsubscribed')`),
    // One row per address, whatever its case: subscribing twice succeeds and stores one row.
    uniqueIndex("newsletter_subscribers_email_key").using("btree", sql`lower(${t.email})`),
    index("newsletter_subscribers_status_created_at_idx").using("btree", t.status, t.createdAt),
    ...pipelineIndexes("newsletter_subscribers", t, t.createdAt, searchText(...searchColumns.newsletter(t)), { emailIndex: false }),
  ],
);

export const meetingColumns = () => ({
  /** The meeting's start and end, in UTC. */
  meetingAt: timestamp("meeting_at", { withTimezone: true }),
  meetingEndsAt: timestamp("meeting_ends_at", { withTimezone: true }),
  /** Who hosts it and the event's name, as the booking service names them. */
  host: varchar("host", { length: 200 }),
  eventName: varchar("event_name", { length: 200 }),
});

export const demoLeads = pgTable(
  "demo_leads",
  {
    id: id(),
    /** Null until a delivery that names the person arrives (a no-show can come first). */
    name: varchar("name", { length: LIMITS.name }),
    email: varchar("email", { length: LIMITS.email }).notNull(),
    company: varchar("company", { length: LIMITS.company }),
    /** The booking questions' answers, by question. */
    answers: jsonb("answers").$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
    /** The meeting on the lead now: its live booking's, else its last booking's. */
    ...meetingColumns(),
    /** What became of that meeting: booked, cancelled, no-show, held. */
    meetingStatus: varchar("meeting_status", { length: 16 }),
    /** The stage the booking service moved the lead from, put back when the booking is cancelled. */
    stageBefore: varchar("stage_before", { length: 16, enum: LEAD_STAGES }),
    ...pipelineColumns(),
  },
  (t) => [
    emailCheck("demo_leads", t.email),
    blankOrNull("demo_leads_company_check", t.company),
    uniqueIndex("demo_leads_email_key").using("btree", sql`lower(${t.email})`),
    ...pipelineIndexes("demo_leads", t, t.createdAt, searchText(...searchColumns.demo(t)), { emailIndex: false }),
  ],
);

/** The tables an operator exports, by their SQL name. */
export const leadTables = {
  contact_requests: contactRequests,
  feature_requests: featureRequests,
  newsletter_subscribers: newsletterSubscribers,
  resource_leads: resourceLeads,
  demo_leads: demoLeads,
} as const;
