import { toCsvLine } from "~/lib/csv";
import type { Database } from "~/lib/db/client.server";
import type { LeadFilter } from "./filters";
import { leadsForExport } from "./leads.server";
import type { ExportRow } from "./types";

// The inbox's CSV export: every row the current filter matches (not only the page shown), one line per lead whatever
// its type, in the same encoding as `npm run db:export` (app/lib/csv.ts: formulas defused, ISO times, empty for NULL).

const COLUMNS: [header: string, value: (row: ExportRow) => unknown][] = [
  ["type", (row) => row.kind],
  ["id", (row) => row.id],
  ["received_at", (row) => row.at],
  ["status", (row) => (row.handledAt ? "handled" : "new")],
  ["name", (row) => row.name],
  ["email", (row) => row.email],
  ["company", (row) => row.company],
  ["subject", (row) => row.subject],
  ["message", (row) => row.body],
  ["use_case", (row) => row.useCase],
  ["resource_id", (row) => row.resource],
  ["newsletter_source", (row) => row.page],
  ["newsletter_status", (row) => row.subscription],
  ["handled_at", (row) => row.handledAt],
  ["handled_by", (row) => row.handledBy],
  ["note", (row) => row.note],
  ["landing_page", (row) => row.landingPage],
  ["referrer", (row) => row.referrer],
  ["utm_source", (row) => row.utmSource],
  ["utm_medium", (row) => row.utmMedium],
  ["utm_campaign", (row) => row.utmCampaign],
  ["utm_term", (row) => row.utmTerm],
  ["utm_content", (row) => row.utmContent],
];

export const EXPORT_HEADER = COLUMNS.map(([header]) => header);

export async function* leadsCsv(db: Database, filter: LeadFilter): AsyncGenerator<string> {
  yield toCsvLine(EXPORT_HEADER);
  for await (const row of leadsForExport(db, filter)) yield toCsvLine(COLUMNS.map(([, value]) => value(row)));
}

/** `leads-2026-11-23.csv`: the day of the export, in UTC. */
export const exportFileName = (now = new Date()) => `leads-${now.toISOString().slice(0, 10)}.csv`;
