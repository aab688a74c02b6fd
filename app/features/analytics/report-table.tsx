import { Button } from "~/components/ui/button";
import type { DateRange } from "./range";
import type { Cell, ReportColumn, ReportTable } from "./report-types";
import { consolePaths } from "~/lib/console/paths";
import { cn } from "~/lib/utils";
import { PostForm } from "~/components/console/post-form";

// A report's table as the console shows it: the first rows, the whole table on request, and its CSV export.

/** Rows shown on the page until the table is opened whole (`?all=<table id>`); the CSV has every one. */
export const SHOWN_ROWS = 20;

/** A table with more columns than this takes the report's whole width, and on a phone says it scrolls sideways. */
export const NARROW_COLUMNS = 4;
export const isWide = (table: ReportTable) => table.columns.length > NARROW_COLUMNS;

/** The address of the report with one table shown whole (or none), scrolled to that table. */
export function reportHref(range: DateRange, all: string | null, at: string) {
  return `${consolePaths.reports}?from=${range.from}&to=${range.to}${all ? `&all=${encodeURIComponent(all)}` : ""}#report-${at}`;
}

export function formatCell(value: Cell, kind: ReportColumn["kind"]): string {
  if (value === null) return "–";
  if (kind === "rate") return `${(Number(value) * 100).toFixed(1)}%`;
  if (kind === "count") return Number(value).toLocaleString("en-US");
  return String(value);
}

/** A row with nothing counted in this period: every count of this period is zero (the previous period's may not be). */
export const countsNothing = (table: ReportTable, row: ReportTable["rows"][number]) =>
  table.columns.every((column) => column.kind !== "count" || column.previous || !Number(row[column.key] ?? 0));

/** A table with nothing counted in this period at all: the page names it in one line instead of showing it. */
export const isEmpty = (table: ReportTable) => table.rows.every((row) => countsNothing(table, row));

function Table({ table, rows }: { table: ReportTable; rows: ReportTable["rows"] }) {
  const wide = isWide(table);
  return (
    // Focusable, so a keyboard can scroll a table wider than a phone's screen (the table inside gives it its name); a
    // shadow on the side that has more columns, and the row names kept in view while the numbers scroll.
    <div
      className="scroll-cue-x overflow-x-auto rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      tabIndex={0}
    >
      <table className="w-full text-sm">
        <caption className="sr-only">{table.title}</caption>
        <thead>
          <tr className="border-b text-left text-muted-foreground">
            {table.columns.map((column, columnIndex) => (
              <th
                key={column.key}
                scope="col"
                className={cn(
                  column.kind === "count" || column.kind === "rate" ? "px-2 py-1.5 text-right font-medium" : "px-2 py-1.5 font-medium",
                  wide && columnIndex === 0 && "sticky left-0 bg-card",
                )}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index} className="border-b last:border-0">
              {table.columns.map((column, columnIndex) =>
                columnIndex === 0 ? (
                  <th
                    key={column.key}
                    scope="row"
                    className={cn(
                      "px-2 py-1.5 text-left font-normal break-words",
                      wide && "sticky left-0 bg-card max-md:max-w-36 max-md:shadow-[1px_0_0_var(--color-border)]",
                    )}
                  >
                    {formatCell(row[column.key] ?? null, column.kind)}
                  </th>
                ) : (
                  <td
                    key={column.key}
                    // A base ("10 leads") or a label beside the numbers stays on one line; the table scrolls instead.
                    className={
                      column.kind === "count" || column.kind === "rate"
                        ? "px-2 py-1.5 text-right tabular-nums"
                        : "px-2 py-1.5 whitespace-nowrap"
                    }
                  >
                    {formatCell(row[column.key] ?? null, column.kind)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const disclosure =
  "cursor-pointer rounded-sm text-xs font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none";

/**
 * A report's table with its heading and its CSV button. Rows with something counted come first (the first
 * SHOWN_ROWS, or every one with `whole`); rows with nothing counted in this period wait behind a disclosure that
 * needs no script; `folded` puts the whole table behind one (the numbers of a chart above it).
 */
export function ReportTableView({
  table,
  range,
  whole = false,
  folded = false,
  className,
  children,
}: {
  table: ReportTable;
  range: DateRange;
  whole?: boolean;
  folded?: boolean;
  className?: string;
  children?: React.ReactNode;
}) {
  const counted = table.rows.filter((row) => !countsNothing(table, row));
  const zeros = table.rows.filter((row) => countsNothing(table, row));
  const rows = whole ? counted : counted.slice(0, SHOWN_ROWS);
  const wide = isWide(table);
  const rowsCount = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "row" : "rows"}`;
  return (
    <section aria-labelledby={`report-${table.id}`} className={cn("flex min-w-0 flex-col gap-3 rounded-xl border bg-card p-4", className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`report-${table.id}`} className="text-lg font-semibold">
          {table.title}
        </h2>
        <PostForm action={consolePaths.reportsExport}>
          <input type="hidden" name="table" value={table.id} />
          <input type="hidden" name="from" value={range.from} />
          <input type="hidden" name="to" value={range.to} />
          <Button type="submit" variant="outline" size="sm" aria-label={`Download CSV: ${table.title}`}>
            Download CSV
          </Button>
        </PostForm>
      </div>
      {children}
      {folded ? (
        <details className="flex flex-col gap-2">
          <summary className={disclosure}>Show the numbers: {rowsCount(table.rows.length)}</summary>
          <Table table={table} rows={table.rows} />
        </details>
      ) : (
        <>
          {rows.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nothing counted in this period.</p>
          ) : (
            <Table table={table} rows={rows} />
          )}
          {wide && rows.length > 0 ? (
            <p className="text-xs text-muted-foreground md:hidden">
              {table.columns.length} columns: scroll the table sideways to see them all.
            </p>
          ) : null}
          {counted.length > SHOWN_ROWS ? (
            <p className="text-xs text-muted-foreground">
              {whole ? (
                <>
                  All {rowsCount(counted.length)} with something counted.{" "}
                  <a href={reportHref(range, null, table.id)} className="font-medium text-primary underline-offset-4 hover:underline">
                    Show the first {SHOWN_ROWS}
                  </a>
                </>
              ) : (
                <>
                  The first {SHOWN_ROWS} of {rowsCount(counted.length)} with something counted.{" "}
                  <a
                    href={reportHref(range, table.id, table.id)}
                    aria-label={`Show all ${rowsCount(counted.length)}: ${table.title}`}
                    className="font-medium text-primary underline-offset-4 hover:underline"
                  >
                    Show all {rowsCount(counted.length)}
                  </a>
                </>
              )}
            </p>
          ) : null}
          {zeros.length > 0 ? (
            <details className="flex flex-col gap-2">
              <summary className={disclosure}>Show all: {rowsCount(zeros.length)} with nothing counted in this period</summary>
              <Table table={table} rows={zeros} />
            </details>
          ) : null}
        </>
      )}
    </section>
  );
}
