import { databaseContext, operatorContext } from "~/context";
import { seesLeads, buildReport, LEAD_TABLE_IDS } from "~/features/analytics/index.server";
import { reportCsv, reportFileName, parseRange } from "~/features/analytics";
import { forbidden } from "~/lib/console/guard.server";
import { requireArea } from "~/middleware.server";
import { recordAudit } from "~/lib/console/audit.server";
import { demoCounts } from "~/features/bookings/index.server";
import type { Route } from "./+types/console.reports.export";

export const middleware: Route.MiddlewareFunction[] = [requireArea("reports")];

/** One report table of a date range as CSV, every row; a post (with the session's token), recorded in the audit log. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const params = new URLSearchParams();
  for (const [name, value] of form) if (typeof value === "string") params.append(name, value);
  const range = parseRange(params);
  const { db } = context.get(databaseContext);
  const leads = seesLeads(context.get(operatorContext));
  if (!leads && LEAD_TABLE_IDS.includes(params.get("table") ?? "")) forbidden("This account cannot see the tables about leads.");
  const report = await buildReport(db, range, { leads, demos: demoCounts });
  const table = report.tables.find((candidate) => candidate.id === params.get("table"));
  if (!table) return new Response("No such report.\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  await recordAudit(db, context.get(operatorContext).email, "report-export", {
    table: table.id,
    rows: table.rows.length,
    from: range.from,
    to: range.to,
  });
  return new Response(reportCsv(table), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${reportFileName(table.id, range)}"`,
      "Cache-Control": "no-store",
    },
  });
}
