import { sql, type SQL } from "drizzle-orm";
import { bigint, check, index, timestamp, varchar, type AnyPgColumn } from "drizzle-orm/pg-core";
import { LIMITS } from "../../forms/limits";
import { VISIT_LIMITS } from "../../forms/visit";
import { LEAD_STAGES, NOTE_MAX_LENGTH } from "../../inbox/kinds";
import { sourceColumns } from "./columns";

// What every lead table carries for the inbox (contact, feature request, newsletter, download, demo): the columns, the
// search text and the indexes its list and search read.

/**
 * What every lead table carries for the operator inbox (docs/decisions/014): where the visit came from (the columns
 * the privacy policy lists, app/lib/forms/visit.ts) and how the team handled the lead (new until `handled_at`).
 */
export const inboxColumns = () => ({
  landingPage: varchar("landing_page", { length: VISIT_LIMITS.landing_page }),
  ...sourceColumns(),
  handledAt: timestamp("handled_at", { withTimezone: true }),
  /** The operator's address when it was handled: kept when the operator's account is removed. */
  handledBy: varchar("handled_by", { length: LIMITS.email }),
  note: varchar("note", { length: NOTE_MAX_LENGTH }),
  /**
   * Where the lead is in the sales pipeline (app/lib/inbox/kinds.ts), who moved it there and when. `handled_at` stays
   * the moment it first left `new` (the list's "new" filter and its index read it).
   */
  stage: varchar("stage", { length: 16, enum: LEAD_STAGES }).notNull().default("new"),
  stageAt: timestamp("stage_at", { withTimezone: true }),
  stageBy: varchar("stage_by", { length: LIMITS.email }),
  /** The server-side analytics' visitor id of the visit that sent it (docs/decisions/021): a daily hash, never reversible. */
  visitorId: bigint("visitor_id", { mode: "number" }),
});

type InboxColumns = { [Key in keyof ReturnType<typeof inboxColumns>]: AnyPgColumn } & { id: AnyPgColumn; email: AnyPgColumn };

/** The text the inbox searches (and its trigram index covers), as one expression per table. */
export const searchText = (...columns: AnyPgColumn[]) =>
  sql.join(
    columns.map((column) => sql`coalesce(${column}, '')`),
    sql` || ' ' || `,
  );

type Columns<Name extends string> = Record<Name, AnyPgColumn>;

/** What the inbox searches in each lead table (name, email, company and text): the index and the query both read it. */
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

/** The attribution the inbox filters on ("came from"), as one expression. */
export const attributionText = (t: InboxColumns) =>
  searchText(t.landingPage, t.referrer, t.utmSource, t.utmMedium, t.utmCampaign, t.utmTerm, t.utmContent);

/**
 * The inbox lists newest first (time, then id), new leads on their own, and searches by substring: pages of 50 stay
 * fast at 100,000 rows (bench/inbox.ts). Trigram indexes need pg_trgm (migration trigram_search).
 */
export const inboxIndexes = (table: string, t: InboxColumns, time: AnyPgColumn, search: SQL, { emailIndex = true } = {}) => [
  check(`${table}_stage_check`, sql`${t.stage} IN (${sql.raw(LEAD_STAGES.map((stage) => `'${stage}'`).join(", "))})`),
  index(`${table}_time_idx`).on(time, t.id),
  index(`${table}_new_idx`)
    .on(time, t.id)
    .where(sql`${t.handledAt} IS NULL`),
  index(`${table}_search_idx`).using("gin", sql`(${search}) gin_trgm_ops`),
  index(`${table}_attribution_idx`).using("gin", sql`(${attributionText(t)}) gin_trgm_ops`),
  // Data-subject requests find every row of an address, whatever its case.
  ...(emailIndex ? [index(`${table}_email_idx`).using("btree", sql`lower(${t.email})`)] : []),
];
