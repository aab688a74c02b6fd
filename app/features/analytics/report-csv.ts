import { toCsvLine } from "~/lib/csv";
import type { ReportTable } from "./report-types";

// A report table as CSV, exactly as the page shows it but every row: the header is the columns' labels, a rate is a
// share between 0 and 1 with four decimals.

export function reportCsv(table: ReportTable): string {
  const cell = (value: unknown, kind: string | undefined) => (kind === "rate" && typeof value === "number" ? value.toFixed(4) : value);
  return [
    toCsvLine(table.columns.map((column) => column.label)),
    ...table.rows.map((row) => toCsvLine(table.columns.map((column) => cell(row[column.key], column.kind)))),
  ].join("");
}

export const reportFileName = (table: string, range: { from: string; to: string }) => `${table}-${range.from}-to-${range.to}.csv`;
