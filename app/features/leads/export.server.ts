import { toCsvLine } from "~/lib/csv";
import type { Database } from "~/lib/db/client.server";
import type { LeadFilter } from "./filters";
import { leadsForExport } from "./leads.server";
import { operators } from "~/lib/db/schema/console";
import type { ExportRow } from "./types";

// The leads' CSV export: every row the current filter matches (not only the page shown), one line per lead whatever
// its type, in the same encoding as `npm run db:export` (app/lib/csv.ts: formulas defused, ISO times, empty for NULL).

const COLUMNS: [header: string, value: (row: ExportRow & { ownerEmail: string | null }) => unknown][] = [
  ["type", (row) => row.kind],
  ["id", (row) => row.id],
  ["received_at", (row) => row.at],
  ["stage", (row) => row.stage],
  ["name", (row) => row.name],
  ["email", (row) => row.email],
  ["company", (row) => row.company],
  ["subject", (row) => row.subject],
  ["message", (row) => row.body],
  ["use_case", (row) => row.useCase],
  ["resource_id", (row) => row.resource],
  ["newsletter_source", (row) => row.page],
  ["newsletter_status", (row) => row.subscription],
  ["stage_at", (row) => row.stageAt],
  ["stage_by", (row) => row.stageBy],
  ["owner", (row) => row.ownerEmail],
  ["follow_up_on", (row) => row.followUpOn],
  // Oldest first, one a line: "2026-11-26T10:00:00.000Z ops@example.com: Called back".
  ["notes", (row) => row.notes.map((note) => `${note.at} ${note.by ?? "(before notes had authors)"}: ${note.text}`).join("\n")],
  ["landing_page", (row) => row.landingPage],
  ["referrer", (row) => row.referrer],
  ["utm_source", (row) => row.utmSource],
  ["utm_medium", (row) => row.utmMedium],
  ["utm_campaign", (row) => row.utmCampaign],
  ["utm_term", (row) => row.utmTerm],
  ["utm_content", (row) => row.utmContent],
];

export const EXPORT_HEADER = COLUMNS.map(([header]) => header);

/** The CSV of every lead `filter` matches; `viewerId` is whose leads "mine" are. */
export async function* leadsCsv(db: Database, filter: LeadFilter, viewerId?: number): AsyncGenerator<string> {
  const owners = new Map((await db.select({ id: operators.id, email: operators.email }).from(operators)).map((row) => [row.id, row.email]));
  yield toCsvLine(EXPORT_HEADER);
  for await (const row of leadsForExport(db, filter, viewerId)) {
    const withOwner = { ...row, ownerEmail: row.ownerId === null ? null : (owners.get(row.ownerId) ?? null) };
    yield toCsvLine(COLUMNS.map(([, value]) => value(withOwner)));
  }
}

/** `leads-2026-11-23.csv`: the day of the export, in UTC. */
export const exportFileName = (now = new Date()) => `leads-${now.toISOString().slice(0, 10)}.csv`;
