import { requireArea } from "~/middleware.server";
import { databaseContext, operatorContext } from "~/context";
import { leadsCsv, exportFileName, leadPage } from "~/features/leads/index.server";
import { filtersInUse, parseLeadFilter } from "~/features/leads";
import { recordAudit } from "~/lib/console/audit.server";
import type { Route } from "./+types/console.leads.export";

export const middleware: Route.MiddlewareFunction[] = [requireArea("leads")];

/** Streams the CSV of exactly the filter the list showed (every page of it), and records the export. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const params = new URLSearchParams();
  for (const [name, value] of form) if (typeof value === "string") params.append(name, value);
  const filter = { ...parseLeadFilter(params), page: 1 };
  const { db } = context.get(databaseContext);
  const operator = context.get(operatorContext);
  const { total } = await leadPage(db, filter, operator.operatorId);
  await recordAudit(db, operator.email, "export", { rows: total, filters: filtersInUse(filter) });

  const lines = leadsCsv(db, filter, operator.operatorId);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await lines.next();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName()}"`,
      "Cache-Control": "no-store",
    },
  });
}
