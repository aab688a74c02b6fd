import { sql } from "drizzle-orm";
import { check, index, pgTable, timestamp, varchar } from "drizzle-orm/pg-core";
import { LIMITS } from "../../lib/forms/limits";
import { demoLeads } from "../bookings/tables";
import { blankOrNull, createdAt, emailCheck, id, notBlank } from "../../lib/db/schema/columns";
import { pipelineColumns, pipelineIndexes, searchColumns, searchText } from "../../lib/db/schema/lead-columns";
import { newsletterSubscribers } from "../newsletter/tables";

// The leads the site's forms store (contact, feature request, download) and the list of every lead table an operator
// exports. The newsletter's subscribers are in ./newsletter.ts, the demos booked in ./bookings.ts.

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
    /** The roadmap item the team linked the request to (issue 37): the request then counts as its requester's vote. */
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

/** The tables an operator exports, by their SQL name. */
export const leadTables = {
  contact_requests: contactRequests,
  feature_requests: featureRequests,
  newsletter_subscribers: newsletterSubscribers,
  resource_leads: resourceLeads,
  demo_leads: demoLeads,
} as const;
