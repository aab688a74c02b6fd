import type { DateRange } from "./range";

// What the reports hand the console's pages (./reports.server.ts builds them): plain data, importable by components.

export type Cell = string | number | null;

export interface ReportColumn {
  key: string;
  label: string;
  /** A count, or a share (0 to 1) shown as a percentage. */
  kind?: "text" | "count" | "rate";
  /** A figure of the previous period, shown beside this one's: a row counted only then has nothing in this period. */
  previous?: boolean;
}

export interface ReportTable {
  id: string;
  title: string;
  /** Whether it says anything about leads (an account without lead details would not see it). */
  leads: boolean;
  columns: ReportColumn[];
  rows: Record<string, Cell>[];
}

export interface Report {
  range: DateRange;
  previous: DateRange;
  summary: { label: string; value: number; previous: number }[];
  tables: ReportTable[];
}
