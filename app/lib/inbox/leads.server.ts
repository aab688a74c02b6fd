import { and, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "~/lib/db/client.server";
import { rowsOf } from "~/lib/db/rows.server";
import {
  attributionText,
  contactRequests,
  demoLeads,
  featureRequests,
  newsletterSubscribers,
  resourceLeads,
  searchColumns,
  searchText,
} from "~/lib/db/schema";
import { timelineOf } from "~/lib/bookings/timeline.server";
import { DEFAULT_FILTER, type LeadFilter } from "./filters";
import { recordAudit } from "~/lib/console/audit.server";
import { PAGE_SIZE } from "~/lib/console/pagination";
import { LEAD_KINDS, type LeadKind, type LeadStage, type LeadStatus } from "./kinds";
import type { ExportRow, LeadDetail, LeadField, LeadRow } from "./types";

// The inbox's reading of the four lead tables as one list: a UNION ALL of one SELECT per table, each filtered on its
// own indexes (time, new-only, trigram search, trigram attribution), merged newest first. bench/inbox.ts times
// it at 100,000 leads.

const NULL = sql`NULL`;

/** How one lead table reads as a row of the inbox: the same named columns from each, NULL where a table has none. */
interface LeadSource {
  kind: LeadKind;
  table: typeof contactRequests | typeof featureRequests | typeof newsletterSubscribers | typeof resourceLeads | typeof demoLeads;
  time: AnyPgColumn;
  /** A demo's meeting (UTC); no other kind has one. */
  meeting?: AnyPgColumn;
  search: SQL;
  columns: Record<"name" | "company" | "subject" | "body" | "useCase" | "page" | "resource" | "subscription", SQL | AnyPgColumn>;
}

const sources: Record<LeadKind, LeadSource> = {
  contact: {
    kind: "contact",
    table: contactRequests,
    time: contactRequests.createdAt,
    search: searchText(...searchColumns.contact(contactRequests)),
    columns: {
      name: contactRequests.name,
      company: contactRequests.companyName,
      subject: NULL,
      body: contactRequests.message,
      useCase: NULL,
      page: NULL,
      resource: NULL,
      subscription: NULL,
    },
  },
  "feature-request": {
    kind: "feature-request",
    table: featureRequests,
    time: featureRequests.createdAt,
    search: searchText(...searchColumns["feature-request"](featureRequests)),
    columns: {
      name: featureRequests.name,
      company: featureRequests.company,
      subject: featureRequests.featureTitle,
      body: featureRequests.description,
      useCase: featureRequests.useCase,
      page: NULL,
      resource: NULL,
      subscription: NULL,
    },
  },
  newsletter: {
    kind: "newsletter",
    table: newsletterSubscribers,
    time: newsletterSubscribers.createdAt,
    search: searchText(...searchColumns.newsletter(newsletterSubscribers)),
    columns: {
      name: NULL,
      company: NULL,
      subject: NULL,
      body: NULL,
      useCase: NULL,
      page: newsletterSubscribers.source,
      resource: NULL,
      subscription: newsletterSubscribers.status,
    },
  },
  download: {
    kind: "download",
    table: resourceLeads,
    time: resourceLeads.downloadedAt,
    search: searchText(...searchColumns.download(resourceLeads)),
    columns: {
      name: resourceLeads.name,
      company: NULL,
      subject: resourceLeads.resourceTitle,
      body: NULL,
      useCase: NULL,
      page: NULL,
      resource: resourceLeads.resourceId,
      subscription: NULL,
    },
  },
  demo: {
    kind: "demo",
    table: demoLeads,
    time: demoLeads.createdAt,
    meeting: demoLeads.meetingAt,
    search: searchText(...searchColumns.demo(demoLeads)),
    columns: {
      name: demoLeads.name,
      company: demoLeads.company,
      subject: sql`${demoLeads.eventName} || coalesce(' (' || ${demoLeads.meetingStatus} || ')', '')`,
      body: demoLeads.meetingStatus,
      useCase: NULL,
      page: NULL,
      resource: NULL,
      subscription: NULL,
    },
  },
};

/** A LIKE pattern that finds `text` anywhere, with LIKE's own wildcards in it taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

const dayStart = (day: string) => sql`${`${day}T00:00:00Z`}::timestamptz`;
const dayAfter = (day: string) => sql`${`${day}T00:00:00Z`}::timestamptz + interval '1 day'`;

type Conditions = Omit<LeadFilter, "page" | "type"> & { email?: string };

/** A WHERE clause, or none: `WHERE true` would keep PostgreSQL from merging the branches' index order. */
const where = (condition: SQL | undefined) => (condition ? sql` WHERE ${condition}` : sql``);

/** The conditions of a filter on one table (all but the type, which picks the tables). */
function conditions(source: LeadSource, filter: Conditions, after?: Cursor): SQL | undefined {
  const { table, time } = source;
  const status: Record<LeadStatus | "all", SQL | undefined> = {
    all: undefined,
    new: isNull(table.handledAt),
    handled: isNotNull(table.handledAt),
  };
  return and(
    filter.q ? sql`(${source.search}) ILIKE ${containsPattern(filter.q)}` : undefined,
    status[filter.status],
    filter.from ? sql`${time} >= ${dayStart(filter.from)}` : undefined,
    filter.to ? sql`${time} < ${dayAfter(filter.to)}` : undefined,
    filter.source ? sql`(${attributionText(table)}) ILIKE ${containsPattern(filter.source)}` : undefined,
    after ? sql`(${time}, ${table.id}) < (${after.at.toISOString()}::timestamptz, ${after.id})` : undefined,
    filter.email ? eq(sql`lower(${table.email})`, filter.email.trim().toLowerCase()) : undefined,
  );
}

/**
 * A text column of the list. Every branch gives each column the same type (text), so PostgreSQL can flatten the
 * UNION ALL and merge the branches' own index order instead of sorting every row (varchar and NULL would differ).
 */
const text = (value: SQL | AnyPgColumn) => sql`(${value})::text`;

const attributionColumns = (source: LeadSource) => {
  const { table } = source;
  return sql`${text(table.landingPage)} AS landing_page, ${text(table.referrer)} AS referrer, ${text(table.utmSource)} AS utm_source,
    ${text(table.utmMedium)} AS utm_medium, ${text(table.utmCampaign)} AS utm_campaign, ${text(table.utmTerm)} AS utm_term,
    ${text(table.utmContent)} AS utm_content`;
};

/** One table's SELECT in the list's shape; `full` adds every column the CSV export writes. */
function branch(
  source: LeadSource,
  filter: Omit<LeadFilter, "page" | "type">,
  { full = false, after }: { full?: boolean; after?: Cursor } = {},
) {
  const { table, time, columns } = source;
  const summary = sql`left(coalesce(${text(columns.subject)}, ${text(columns.body)}, 'Signed up on ' || ${text(columns.page)}), 240)`;
  const detail = full
    ? sql`, ${text(columns.subject)} AS subject, ${text(columns.body)} AS body, ${text(columns.useCase)} AS use_case,
        ${text(columns.page)} AS page, ${text(columns.resource)} AS resource, ${text(table.handledBy)} AS handled_by,
        ${text(table.note)} AS note`
    : sql``;
  return sql`SELECT ${source.kind}::text AS kind, ${table.id} AS id, ${time} AS at, ${text(columns.name)} AS name,
    ${text(table.email)} AS email, ${text(columns.company)} AS company, ${summary} AS summary,
    ${text(columns.subscription)} AS subscription, ${table.handledAt} AS handled_at, ${source.meeting ?? sql`NULL::timestamptz`} AS meeting_at,
    ${attributionColumns(source)}${detail}
    FROM ${table}${where(conditions(source, filter, after))}`;
}

const kindsOf = (filter: Pick<LeadFilter, "type">): LeadKind[] => (filter.type === "all" ? [...LEAD_KINDS] : [filter.type]);

const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));
const textOrNull = (value: unknown) => (value === null || value === undefined ? null : String(value));

function leadRow(row: Record<string, unknown>): ExportRow {
  return {
    kind: row.kind as LeadKind,
    id: Number(row.id),
    at: date(row.at)!,
    name: textOrNull(row.name),
    email: String(row.email),
    company: textOrNull(row.company),
    summary: textOrNull(row.summary),
    subscription: textOrNull(row.subscription),
    handledAt: date(row.handled_at),
    meetingAt: date(row.meeting_at),
    landingPage: textOrNull(row.landing_page),
    referrer: textOrNull(row.referrer),
    utmSource: textOrNull(row.utm_source),
    utmMedium: textOrNull(row.utm_medium),
    utmCampaign: textOrNull(row.utm_campaign),
    utmTerm: textOrNull(row.utm_term),
    utmContent: textOrNull(row.utm_content),
    subject: textOrNull(row.subject),
    body: textOrNull(row.body),
    useCase: textOrNull(row.use_case),
    page: textOrNull(row.page),
    resource: textOrNull(row.resource),
    handledBy: textOrNull(row.handled_by),
    note: textOrNull(row.note),
  };
}

export interface LeadPage {
  rows: LeadRow[];
  /** Rows matching the filter, over every page. */
  total: number;
  /** Rows matching the filter but for its type, per type: what each type choice would show. */
  byKind: Record<LeadKind, number>;
  page: number;
  pageCount: number;
}

/** One page of the inbox for a filter, and how many rows the filter matches. */
export async function leadPage(db: Database, filter: LeadFilter): Promise<LeadPage> {
  const counts = rowsOf<{ kind: LeadKind; rows: unknown }>(
    await db.execute(
      sql.join(
        LEAD_KINDS.map(
          (kind) =>
            sql`SELECT ${kind}::text AS kind, count(*) AS rows FROM ${sources[kind].table}${where(conditions(sources[kind], filter))}`,
        ),
        sql` UNION ALL `,
      ),
    ),
  );
  const byKind = Object.fromEntries(LEAD_KINDS.map((kind) => [kind, Number(counts.find((row) => row.kind === kind)?.rows ?? 0)])) as Record<
    LeadKind,
    number
  >;
  const total = kindsOf(filter).reduce((sum, kind) => sum + byKind[kind], 0);
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(filter.page, pageCount);
  const branches = kindsOf(filter).map((kind) => branch(sources[kind], filter));
  const rows =
    total === 0
      ? []
      : rowsOf(
          await db.execute(
            sql`SELECT * FROM (${sql.join(branches, sql` UNION ALL `)}) AS leads ORDER BY at DESC, id DESC LIMIT ${PAGE_SIZE} OFFSET ${(page - 1) * PAGE_SIZE}`,
          ),
        ).map(leadRow);
  return { rows, total, byKind, page, pageCount };
}

interface Cursor {
  at: Date;
  id: number;
}

const EXPORT_BATCH = 1000;

/** Every row a filter matches (all pages), newest first, read in batches from where the last one ended. */
export async function* leadsForExport(db: Database, filter: LeadFilter): AsyncGenerator<ExportRow> {
  let after: Cursor | undefined;
  for (;;) {
    const branches = kindsOf(filter).map((kind) => branch(sources[kind], filter, { full: true, after }));
    const batch = rowsOf(
      await db.execute(
        sql`SELECT * FROM (${sql.join(branches, sql` UNION ALL `)}) AS leads ORDER BY at DESC, id DESC LIMIT ${EXPORT_BATCH}`,
      ),
    ).map(leadRow);
    yield* batch;
    const last = batch.at(-1);
    if (!last || batch.length < EXPORT_BATCH) return;
    after = { at: last.at, id: last.id };
  }
}

/** Leads nobody has handled yet, per type: the inbox's badge. */
export async function newLeadCounts(db: Database): Promise<Record<LeadKind, number>> {
  const rows = rowsOf<{ kind: LeadKind; rows: unknown }>(
    await db.execute(
      sql.join(
        LEAD_KINDS.map(
          (kind) =>
            sql`SELECT ${kind}::text AS kind, count(*) AS rows FROM ${sources[kind].table} WHERE ${isNull(sources[kind].table.handledAt)}`,
        ),
        sql` UNION ALL `,
      ),
    ),
  );
  return Object.fromEntries(LEAD_KINDS.map((kind) => [kind, Number(rows.find((row) => row.kind === kind)?.rows ?? 0)])) as Record<
    LeadKind,
    number
  >;
}

export const tableOf = (kind: LeadKind) => sources[kind].table;

/** Every lead from one address, newest first (the lead page's "also from this address"). */
export async function leadsOfAddress(db: Database, email: string): Promise<LeadRow[]> {
  const filter = { ...DEFAULT_FILTER, email };
  const branches = LEAD_KINDS.map((kind) => branch(sources[kind], filter));
  return rowsOf(
    await db.execute(sql`SELECT * FROM (${sql.join(branches, sql` UNION ALL `)}) AS leads ORDER BY at DESC, id DESC LIMIT 100`),
  ).map(leadRow);
}

function fieldsOf(kind: LeadKind, row: Record<string, unknown>): LeadField[] {
  const value = (key: string) => (row[key] ?? null) as string | Date | null;
  switch (kind) {
    case "contact":
      return [
        { label: "Company", value: value("companyName") },
        { label: "Message", value: value("message"), long: true },
      ];
    case "feature-request":
      return [
        { label: "Company", value: value("company") },
        { label: "Feature title", value: value("featureTitle") },
        { label: "Description", value: value("description"), long: true },
        { label: "Use case", value: value("useCase"), long: true },
      ];
    case "newsletter":
      return [
        { label: "Subscribed from", value: value("source") },
        { label: "Subscription", value: value("status") },
        { label: "Consent shown", value: value("consentText"), long: true },
        { label: "Confirmation sent", value: value("confirmationSentAt") },
        { label: "Confirmed", value: value("confirmedAt") },
        { label: "Unsubscribed", value: value("unsubscribedAt") },
      ];
    case "download":
      return [
        { label: "Resource", value: value("resourceTitle") },
        { label: "Resource id", value: value("resourceId") },
      ];
    case "demo":
      return [
        { label: "Company", value: value("company") },
        { label: "Meeting", value: value("meetingAt") },
        { label: "Meeting ends", value: value("meetingEndsAt") },
        { label: "Host", value: value("host") },
        { label: "Event", value: value("eventName") },
        { label: "Meeting status", value: value("meetingStatus") },
        ...Object.entries((row.answers ?? {}) as Record<string, string>).map(([label, answer]) => ({ label, value: answer, long: true })),
      ];
  }
}

/** One lead with everything stored about it; null when there is no such lead (erased, purged, a wrong address). */
export async function leadDetail(db: Database, kind: LeadKind, id: number): Promise<LeadDetail | null> {
  const { table, time } = sources[kind];
  const [row] = (await db.select().from(table).where(eq(table.id, id))) as Record<string, unknown>[];
  if (!row) return null;
  const text = (key: string) => (row[key] ?? null) as string | null;
  return {
    kind,
    id,
    at: row[time === resourceLeads.downloadedAt ? "downloadedAt" : "createdAt"] as Date,
    name: text("name"),
    email: String(row.email),
    handledAt: (row.handledAt ?? null) as Date | null,
    handledBy: text("handledBy"),
    stage: row.stage as LeadStage,
    stageAt: (row.stageAt ?? null) as Date | null,
    stageBy: text("stageBy"),
    note: text("note"),
    landingPage: text("landingPage"),
    referrer: text("referrer"),
    utmSource: text("utmSource"),
    utmMedium: text("utmMedium"),
    utmCampaign: text("utmCampaign"),
    utmTerm: text("utmTerm"),
    utmContent: text("utmContent"),
    fields: fieldsOf(kind, row),
    ...(kind === "demo" ? { timeline: await timelineOf(db, id) } : {}),
  };
}

/**
 * Moves a lead to a stage of the pipeline (who, now) and records it in the audit log; false when there is no such lead.
 * Leaving `new` marks it handled (the first time); going back to `new` makes it new again.
 */
export async function setLeadStage(db: Database, kind: LeadKind, id: number, stage: LeadStage, operatorEmail: string) {
  const table = tableOf(kind);
  const now = new Date();
  const handled =
    stage === "new"
      ? { handledAt: null, handledBy: null }
      : {
          handledAt: sql`coalesce(${table.handledAt}, ${now.toISOString()}::timestamptz)`,
          handledBy: sql`coalesce(${table.handledBy}, ${operatorEmail})`,
        };
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(table)
      .set({ stage, stageAt: now, stageBy: operatorEmail, ...handled })
      .where(eq(table.id, id))
      .returning({ id: table.id });
    if (updated.length === 0) return false;
    await recordAudit(tx, operatorEmail, "lead-stage", { kind, id, stage });
    return true;
  });
}

/** Marks a lead handled (contacted, unless it is further along already) or new again; false when there is no such lead. */
export async function setLeadStatus(db: Database, kind: LeadKind, id: number, status: LeadStatus, operatorEmail: string) {
  if (status === "new") return setLeadStage(db, kind, id, "new", operatorEmail);
  const [row] = await db
    .select({ stage: tableOf(kind).stage })
    .from(tableOf(kind))
    .where(eq(tableOf(kind).id, id));
  if (!row) return false;
  return setLeadStage(db, kind, id, row.stage === "new" ? "contacted" : row.stage, operatorEmail);
}

export async function setLeadNote(db: Database, kind: LeadKind, id: number, note: string | null) {
  const table = tableOf(kind);
  const updated = await db.update(table).set({ note }).where(eq(table.id, id)).returning({ id: table.id });
  return updated.length > 0;
}
