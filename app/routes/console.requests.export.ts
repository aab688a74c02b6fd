import { requireArea } from "~/middleware.server";
import { databaseContext, operatorContext } from "~/context";
import { emailField } from "~/lib/forms/form-fields";
import { recordAudit } from "~/lib/console/audit.server";
import { countsOf, subjectJson, subjectRecords } from "~/features/data-requests/index.server";
import type { Route } from "./+types/console.requests.export";

export const middleware: Route.MiddlewareFunction[] = [requireArea("leads")];

/** Everything stored about one address as a JSON file, for the person who asked (the right of access and portability). */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = emailField.safeParse((await request.formData()).get("email"));
  if (!parsed.success)
    return new Response("Please enter a valid email address.\n", { status: 400, headers: { "Cache-Control": "no-store" } });
  const { db } = context.get(databaseContext);
  const records = await subjectRecords(db, parsed.data);
  await recordAudit(db, context.get(operatorContext).email, "subject-export", { rows: countsOf(records) });
  const now = new Date();
  return new Response(subjectJson(parsed.data, records, now), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="data-request-${now.toISOString().slice(0, 10)}.json"`,
      "Cache-Control": "no-store",
    },
  });
}
