import {
  BarChart,
  LineChart,
  countsNothing,
  isEmpty,
  isWide,
  ReportTableView,
  addDays,
  daysOf,
  parseRange,
  type Report,
} from "~/features/analytics";
import { ConsoleHeading } from "~/components/console/frame";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { databaseContext, operatorContext } from "~/context";
import { seesLeads, buildReport, consoleBrowsersToday } from "~/features/analytics/index.server";
import { requireArea } from "~/middleware.server";
import { consoleMeta } from "~/lib/console/meta";
import { consolePaths } from "~/lib/console/paths";
import { demoCounts } from "~/features/bookings/index.server";
import type { Route } from "./+types/console.reports";

export const meta: Route.MetaFunction = () => consoleMeta("Reports");

export const middleware: Route.MiddlewareFunction[] = [requireArea("reports")];

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const { db } = context.get(databaseContext);
  const [report, leftOutToday] = await Promise.all([
    buildReport(db, parseRange(query), { leads: seesLeads(context.get(operatorContext)), demos: demoCounts }) satisfies Promise<Report>,
    consoleBrowsersToday(db),
  ]);
  // The one table shown with every row, when its "Show all" link was followed.
  return { ...report, leftOutToday, whole: query.get("all") };
}

const count = (value: number) => value.toLocaleString("en-US");

function change(value: number, previous: number) {
  if (previous === 0) return value === 0 ? "no change" : "new in this period";
  const percent = ((value - previous) / previous) * 100;
  return `${percent >= 0 ? "+" : ""}${percent.toFixed(1)}% on the previous period (${count(previous)})`;
}

function RangeForm({ range }: { range: Report["range"] }) {
  const today = new Date().toISOString().slice(0, 10);
  const presets = [7, 30, 90, 365].map((days) => ({
    days,
    href: `${consolePaths.reports}?from=${addDays(today, -(days - 1))}&to=${today}`,
  }));
  return (
    <div className="flex flex-col gap-3 rounded-xl border bg-card p-4">
      <form method="get" action={consolePaths.reports} className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="report-from">From</Label>
          <Input id="report-from" name="from" type="date" defaultValue={range.from} className="w-44" />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="report-to">To</Label>
          <Input id="report-to" name="to" type="date" defaultValue={range.to} className="w-44" />
        </div>
        <Button type="submit">Show</Button>
      </form>
      <nav aria-label="Periods" className="flex flex-wrap gap-3 text-sm">
        {presets.map(({ days, href }) => (
          <a key={days} href={href} className="font-medium text-primary underline-offset-4 hover:underline">
            Last {days} days
          </a>
        ))}
      </nav>
    </div>
  );
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { range, previous, summary, tables, whole, leftOutToday } = loaderData;
  const overTime = tables.find((table) => table.id === "visitors-over-time")!;
  const days = daysOf(range);
  // A table with nothing counted in this period is named in one line, not shown as a card saying so (decision 021).
  const empty = tables.filter(isEmpty);
  const shown = tables.filter((table) => table !== overTime && !isEmpty(table));
  return (
    <>
      <ConsoleHeading
        title="Reports"
        description={`${range.from} to ${range.to} (UTC), compared with ${previous.from} to ${previous.to}. Counted by the server without cookies or scripts; a visitor is one browser on one day.`}
      />
      <p className="text-sm">
        <a href={consolePaths.experiments} className="text-primary underline">
          Experiments on the campaign pages
        </a>
      </p>
      <RangeForm range={range} />
      {/* Two a row on a phone: four cards one under the other took a screen before the chart. */}
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {summary.map((item) => (
          <div key={item.label} className="flex flex-col gap-1 rounded-xl border bg-card p-4">
            <dt className="text-sm text-muted-foreground">{item.label}</dt>
            <dd className="text-2xl font-bold tabular-nums">{count(item.value)}</dd>
            <dd className="text-xs text-muted-foreground">{change(item.value, item.previous)}</dd>
          </div>
        ))}
      </dl>
      {/* The chart first; its numbers a click away, so thirty rows of days do not stand between it and the tables. */}
      {isEmpty(overTime) ? null : (
        <ReportTableView table={overTime} range={range} folded>
          <LineChart
            title="Visitors and page views per day"
            days={days}
            series={[
              { label: "Page views", values: overTime.rows.map((row) => Number(row.views)), className: "text-muted-foreground" },
              { label: "Visitors", values: overTime.rows.map((row) => Number(row.visitors)), className: "text-primary" },
            ]}
          />
        </ReportTableView>
      )}
      {empty.length > 0 ? (
        <p id="nothing-counted" className="rounded-xl border bg-card p-4 text-sm text-muted-foreground">
          <strong className="font-semibold text-foreground">Nothing counted in this period:</strong>{" "}
          {empty.map((table) => table.title).join(", ")}.
        </p>
      ) : null}
      {/* Each card as tall as its table (a short one beside a long one is not stretched into an empty box). */}
      {shown.length === 0 ? null : (
        <div className="grid items-start gap-6 lg:grid-cols-2">
          {shown.map((table) => (
            <ReportTableView
              key={table.id}
              table={table}
              range={range}
              whole={table.id === whole}
              // More columns than half the width holds (the goals, the leads by stage): the grid's whole width.
              className={isWide(table) ? "lg:col-span-2" : undefined}
            >
              {table.id === "funnel" ? (
                // From a tablet's width up: on a phone its labels would be a few pixels high, and the table says the same.
                <div className="max-sm:hidden">
                  <BarChart
                    title="From visit to lead to each stage"
                    bars={table.rows
                      .filter((row) => !countsNothing(table, row))
                      .map((row) => ({ label: String(row.value), value: Number(row.count) }))}
                  />
                </div>
              ) : null}
            </ReportTableView>
          ))}
        </div>
      )}
      <p id="own-visits" className="rounded-xl border bg-card p-4 text-sm text-muted-foreground">
        <strong className="font-semibold text-foreground">Your team&apos;s own visits are not counted.</strong> A browser that opens the
        console is left out for the whole day (UTC) it does so: its page views and goals of that day are removed from these counts, those
        from before it signed in too.{" "}
        {leftOutToday === 0
          ? "No browser is left out today."
          : `Today ${leftOutToday === 1 ? "1 browser is" : `${leftOutToday.toLocaleString("en-US")} browsers are`} left out.`}
      </p>
    </>
  );
}
