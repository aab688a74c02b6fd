import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "~/lib/db/client.server";
import { containsPattern } from "~/lib/db/like";
import { rowsOf } from "~/lib/db/rows.server";
import { attributionText, searchColumns, searchText } from "./lead-columns";
import { contactRequests, demoLeads, featureRequests, newsletterSubscribers, resourceLeads } from "./tables";
import { operators } from "~/lib/db/schema/console";
import { DEFAULT_FILTER, type LeadFilter } from "./filters";
import { PAGE_SIZE } from "~/lib/console/pagination";
import { isAudienceKind, LEAD_KINDS, LEAD_STAGES, type LeadKind, type LeadNote, type LeadStage } from "./kinds";
import type { ExportRow, LeadDetail, LeadField, LeadRow } from "./types";

// The leads list's reading of the five lead tables as one list: a UNION ALL of one SELECT per table, each filtered on its
// own indexes (time, stage, owner, trigram search, trigram attribution), merged newest first. What changes a lead
// (stage, owner, follow-up, notes) is in ./pipeline.server.ts. bench/leads.ts times
// it at 100,000 leads.

const NULL = sql`NULL`;

/** How one lead table reads as a row of the leads list: the same named columns from each, NULL where a table has none. */
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

const dayStart = (day: string) => sql`${`${day}T00:00:00Z`}::timestamptz`;
const dayAfter = (day: string) => sql`${`${day}T00:00:00Z`}::timestamptz + interval '1 day'`;

/** A filter's conditions, with the operator reading the list (whose leads "mine" means) and, for a data request, an address. */
type Conditions = Omit<LeadFilter, "page" | "type"> & {
  email?: string;
  viewerId?: number;
  /** Leaves the audience out (the board). */
  pipelineOnly?: boolean;
  /** Today's leads (YYYY-MM-DD): a follow-up on that day or before, or a new hand-raiser (./today.ts). */
  today?: string;
};

/** A WHERE clause, or none: `WHERE true` would keep PostgreSQL from merging the branches' index order. */
const where = (condition: SQL | undefined) => (condition ? sql` WHERE ${condition}` : sql``);

/** The conditions of a filter on one table (all but the type, which picks the tables). */
function conditions(source: LeadSource, filter: Conditions, after?: Cursor): SQL | undefined {
  const { table, time } = source;
  const owner =
    filter.owner === "all"
      ? undefined
      : filter.owner === "nobody"
        ? isNull(table.ownerId)
        : // "mine" without a known reader matches nobody's leads rather than everybody's.
          eq(table.ownerId, filter.owner === "mine" ? (filter.viewerId ?? 0) : filter.owner);
  return and(
    filter.q ? sql`(${source.search}) ILIKE ${containsPattern(filter.q)}` : undefined,
    filter.stage === "all" ? undefined : eq(table.stage, filter.stage),
    owner,
    filter.from ? sql`${time} >= ${dayStart(filter.from)}` : undefined,
    filter.to ? sql`${time} < ${dayAfter(filter.to)}` : undefined,
    filter.source ? sql`(${attributionText(table)}) ILIKE ${containsPattern(filter.source)}` : undefined,
    after ? sql`(${time}, ${table.id}) < (${after.at.toISOString()}::timestamptz, ${after.id})` : undefined,
    filter.email ? eq(sql`lower(${table.email})`, filter.email.trim().toLowerCase()) : undefined,
    // The audience is outside the pipeline until a person moves it on (decision 044).
    filter.pipelineOnly && isAudienceKind(source.kind) ? sql`${table.stage} <> 'new'` : undefined,
    filter.today
      ? sql`((${table.followUpOn} <= ${filter.today}::date AND ${table.stage} NOT IN ('lost', 'spam'))${
          isAudienceKind(source.kind) ? sql`` : sql` OR ${table.stage} = 'new'`
        })`
      : undefined,
  );
}

/** When the team last did something to a lead: its last move or its newest note (notes are kept oldest first). */
const touchedAt = (table: LeadSource["table"]) => sql`greatest(${table.stageAt}, (${table.notes} -> -1 ->> 'at')::timestamptz)`;

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
function branch(source: LeadSource, filter: Conditions, { full = false, after }: { full?: boolean; after?: Cursor } = {}) {
  const { table, time, columns } = source;
  const summary = sql`left(coalesce(${text(columns.subject)}, ${text(columns.body)}, 'Signed up on ' || ${text(columns.page)}), 240)`;
  const detail = full
    ? sql`, ${text(columns.subject)} AS subject, ${text(columns.body)} AS body, ${text(columns.useCase)} AS use_case,
        ${text(columns.page)} AS page, ${text(columns.resource)} AS resource, ${table.stageAt} AS stage_at,
        ${text(table.stageBy)} AS stage_by, ${table.notes} AS notes`
    : sql``;
  return sql`SELECT ${source.kind}::text AS kind, ${table.id} AS id, ${time} AS at, ${text(columns.name)} AS name,
    ${text(table.email)} AS email, ${text(columns.company)} AS company, ${summary} AS summary,
    ${text(columns.subscription)} AS subscription, ${text(table.stage)} AS stage, ${table.ownerId} AS owner_id,
    ${text(table.followUpOn)} AS follow_up_on, ${source.meeting ?? sql`NULL::timestamptz`} AS meeting_at,
    ${touchedAt(table)} AS touched_at,
    ${attributionColumns(source)}${detail}
    FROM ${table}${where(conditions(source, filter, after))}`;
}

const kindsOf = (filter: Pick<LeadFilter, "type">): LeadKind[] => (filter.type === "all" ? [...LEAD_KINDS] : [filter.type]);

const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));
const textOrNull = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** The notes column as the driver hands it (parsed JSON, or its text), oldest first. */
function notesOf(value: unknown): LeadNote[] {
  const parsed = typeof value === "string" ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(parsed) ? (parsed as LeadNote[]) : [];
}

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
    stage: row.stage as LeadStage,
    ownerId: row.owner_id === null || row.owner_id === undefined ? null : Number(row.owner_id),
    followUpOn: textOrNull(row.follow_up_on),
    meetingAt: date(row.meeting_at),
    touchedAt: date(row.touched_at),
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
    stageAt: date(row.stage_at),
    stageBy: textOrNull(row.stage_by),
    notes: notesOf(row.notes),
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

/** One page of the leads list for a filter, and how many rows the filter matches; `viewerId` is whose leads "mine" are. */
export async function leadPage(db: Database, filter: LeadFilter, viewerId?: number): Promise<LeadPage> {
  filter = { ...filter, ...(viewerId ? { viewerId } : {}) };
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
export async function* leadsForExport(db: Database, filter: LeadFilter, viewerId?: number): AsyncGenerator<ExportRow> {
  filter = { ...filter, ...(viewerId ? { viewerId } : {}) };
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

/** Leads still at the stage `new`, per type: the Leads link's badge. The audience is never new (decision 044): 0. */
export async function newLeadCounts(db: Database): Promise<Record<LeadKind, number>> {
  const rows = rowsOf<{ kind: LeadKind; rows: unknown }>(
    await db.execute(
      sql.join(
        LEAD_KINDS.filter((kind) => !isAudienceKind(kind)).map(
          (kind) =>
            sql`SELECT ${kind}::text AS kind, count(*) AS rows FROM ${sources[kind].table} WHERE ${eq(sources[kind].table.stage, "new")}`,
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
  const [found] = await db
    .select({ row: table, ownerEmail: operators.email, ownerTimeZone: operators.timeZone })
    .from(table)
    .leftJoin(operators, eq(operators.id, table.ownerId))
    .where(eq(table.id, id));
  if (!found) return null;
  const row = found.row as Record<string, unknown>;
  const text = (key: string) => (row[key] ?? null) as string | null;
  return {
    kind,
    id,
    at: row[time === resourceLeads.downloadedAt ? "downloadedAt" : "createdAt"] as Date,
    name: text("name"),
    email: String(row.email),
    stage: row.stage as LeadStage,
    stageAt: (row.stageAt ?? null) as Date | null,
    stageBy: text("stageBy"),
    ownerId: (row.ownerId ?? null) as number | null,
    ownerEmail: found.ownerEmail,
    ownerTimeZone: found.ownerTimeZone,
    followUpOn: text("followUpOn"),
    followUpRemindedOn: text("followUpRemindedOn"),
    notes: notesOf(row.notes).toReversed(),
    landingPage: text("landingPage"),
    referrer: text("referrer"),
    utmSource: text("utmSource"),
    utmMedium: text("utmMedium"),
    utmCampaign: text("utmCampaign"),
    utmTerm: text("utmTerm"),
    utmContent: text("utmContent"),
    fields: fieldsOf(kind, row),
  };
}

/** The most leads Today reads: more than a day's work, and the page says how many there are. */
const TODAY_LEADS = 500;

/**
 * Today's leads for a day (YYYY-MM-DD, the operator's): follow-ups due that day or before (but for lost and spam
 * leads), and new hand-raisers (the audience is never new, decision 044). ./today.ts orders them.
 */
export async function todayLeads(db: Database, today: string): Promise<LeadRow[]> {
  const filter: Conditions = { ...DEFAULT_FILTER, today };
  const branches = LEAD_KINDS.map((kind) => branch(sources[kind], filter));
  return rowsOf(
    await db.execute(
      sql`SELECT * FROM (${sql.join(branches, sql` UNION ALL `)}) AS leads ORDER BY follow_up_on NULLS LAST, at, id LIMIT ${TODAY_LEADS}`,
    ),
  ).map(leadRow);
}

/** The most cards a board column shows; the rest are a link to the list at that stage. */
export const BOARD_CARDS = 20;

export interface BoardColumn {
  stage: LeadStage;
  /** Leads at this stage that the board's filter matches, over every page. */
  total: number;
  /** The newest BOARD_CARDS of them. */
  rows: LeadRow[];
}

/**
 * The board: for each stage, the newest leads at it and how many there are, for a filter's type and owner. The audience
 * (a sign-up or a download nobody has moved on) is never on it (decision 044).
 */
export async function leadBoard(db: Database, filter: LeadFilter, viewerId?: number): Promise<BoardColumn[]> {
  return Promise.all(
    LEAD_STAGES.map(async (stage) => {
      const stageFilter = { ...filter, stage, page: 1, pipelineOnly: true, ...(viewerId ? { viewerId } : {}) };
      const branches = kindsOf(filter).map((kind) => branch(sources[kind], stageFilter));
      const counts = rowsOf<{ rows: unknown }>(
        await db.execute(
          sql`SELECT count(*) AS rows FROM (${sql.join(
            kindsOf(filter).map((kind) => sql`SELECT 1 FROM ${sources[kind].table}${where(conditions(sources[kind], stageFilter))}`),
            sql` UNION ALL `,
          )}) AS leads`,
        ),
      );
      const rows = rowsOf(
        await db.execute(
          sql`SELECT * FROM (${sql.join(branches, sql` UNION ALL `)}) AS leads ORDER BY at DESC, id DESC LIMIT ${BOARD_CARDS}`,
        ),
      ).map(leadRow);
      return { stage, total: Number(counts[0]?.rows ?? 0), rows };
    }),
  );
}
