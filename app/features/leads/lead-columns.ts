import { sql, type SQL } from "drizzle-orm";
import { bigint, check, date, index, jsonb, timestamp, varchar, type AnyPgColumn } from "drizzle-orm/pg-core";
import { LIMITS } from "../../lib/forms/limits";
import { VISIT_LIMITS } from "../../lib/forms/visit";
import { LEAD_STAGES, type LeadNote } from "./kinds";
import { sourceColumns } from "../../lib/db/schema/columns";
import { operators } from "../../lib/db/schema/console";

// What every lead table carries for the leads list (contact, feature request, newsletter, download, demo): the columns, the
// search text and the indexes its list and search read.

/**
 * What every lead table carries for the console (docs/decisions/014): where the visit came from (the columns
 * the privacy policy lists, app/lib/forms/visit.ts) and how the team works the lead: its stage, owner, follow-up and notes.
 */
export const pipelineColumns = () => ({
  landingPage: varchar("landing_page", { length: VISIT_LIMITS.landing_page }),
  ...sourceColumns(),
  /**
   * Where the lead is in the sales pipeline (app/features/leads/kinds.ts), who moved it there and when: its one state (the
   * status new/handled folded into it, migration pipeline). A lead is new until someone moves it on.
   */
  stage: varchar("stage", { length: 16, enum: LEAD_STAGES }).notNull().default("new"),
  stageAt: timestamp("stage_at", { withTimezone: true }),
  stageBy: varchar("stage_by", { length: LIMITS.email }),
  /** The operator working the lead (a role that reaches the leads); nobody's once that account is removed. */
  ownerId: bigint("owner_id", { mode: "number" }).references(() => operators.id, { onDelete: "set null" }),
  /** The day (UTC) the owner wants to be reminded of the lead; its reminder is an outbox job (app/features/leads/follow-up.server.ts). */
  followUpOn: date("follow_up_on", { mode: "string" }),
  /** The follow-up day whose reminder went out: a second run of its job, on any instance, finds it and sends nothing. */
  followUpRemindedOn: date("follow_up_reminded_on", { mode: "string" }),
  /** The team's notes, oldest first, each with who wrote it and when; erased with the lead. */
  notes: jsonb("notes").$type<LeadNote[]>().notNull().default([]),
  /** The server-side analytics' visitor id of the visit that sent it (docs/decisions/021): a daily hash, never reversible. */
  visitorId: bigint("visitor_id", { mode: "number" }),
});

type PipelineColumns = { [Key in keyof ReturnType<typeof pipelineColumns>]: AnyPgColumn } & { id: AnyPgColumn; email: AnyPgColumn };

/** The text the leads list searches (and its trigram index covers), as one expression per table. */
export const searchText = (...columns: AnyPgColumn[]) =>
  sql.join(
    columns.map((column) => sql`coalesce(${column}, '')`),
    sql` || ' ' || `,
  );

type Columns<Name extends string> = Record<Name, AnyPgColumn>;

/** What the leads list searches in each lead table (name, email, company and text): the index and the query both read it. */
export const searchColumns = {
  contact: (t: Columns<"name" | "email" | "companyName" | "message">) => [t.name, t.email, t.companyName, t.message],
  "feature-request": (t: Columns<"name" | "email" | "company" | "featureTitle" | "description" | "useCase">) => [
    t.name,
    t.email,
    t.company,
    t.featureTitle,
    t.description,
    t.useCase,
  ],
  newsletter: (t: Columns<"email" | "source">) => [t.email, t.source],
  download: (t: Columns<"name" | "email" | "resourceTitle">) => [t.name, t.email, t.resourceTitle],
  demo: (t: Columns<"name" | "email" | "company" | "eventName">) => [t.name, t.email, t.company, t.eventName],
};

/** The attribution the leads list filters on ("came from"), as one expression. */
export const attributionText = (t: PipelineColumns) =>
  searchText(t.landingPage, t.referrer, t.utmSource, t.utmMedium, t.utmCampaign, t.utmTerm, t.utmContent);

/**
 * The leads list shows newest first (time, then id), by stage and by owner, and searches by substring: pages of 50 stay
 * fast at 100,000 rows (bench/leads.ts). Trigram indexes need pg_trgm (migration trigram_search).
 */
export const pipelineIndexes = (table: string, t: PipelineColumns, time: AnyPgColumn, search: SQL, { emailIndex = true } = {}) => [
  check(`${table}_stage_check`, sql`${t.stage} IN (${sql.raw(LEAD_STAGES.map((stage) => `'${stage}'`).join(", "))})`),
  index(`${table}_time_idx`).on(time, t.id),
  // The list and the board by stage and by owner ("mine"), newest first.
  index(`${table}_stage_idx`).on(t.stage, time, t.id),
  index(`${table}_owner_idx`)
    .on(t.ownerId, time, t.id)
    .where(sql`${t.ownerId} IS NOT NULL`),
  index(`${table}_search_idx`).using("gin", sql`(${search}) gin_trgm_ops`),
  index(`${table}_attribution_idx`).using("gin", sql`(${attributionText(t)}) gin_trgm_ops`),
  // Data-subject requests find every row of an address, whatever its case.
  ...(emailIndex ? [index(`${table}_email_idx`).using("btree", sql`lower(${t.email})`)] : []),
];
