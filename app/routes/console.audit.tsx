import { requireArea } from "~/middleware.server";
import { AuditList } from "~/components/console/audit-list";
import { ConsoleHeading } from "~/components/console/frame";
import { Pagination } from "~/components/console/pagination";
import { databaseContext } from "~/context";
import { auditPage } from "~/lib/console/audit.server";
import { pageOf, PAGE_SIZE } from "~/lib/console/pagination";
import { consoleMeta } from "~/lib/console/meta";
import { consolePaths } from "~/lib/console/paths";
import type { AuditEntry } from "~/lib/console/types";
import { SUBJECT_TABLE_LABELS } from "~/features/data-requests";
import type { Route } from "./+types/console.audit";

export const middleware: Route.MiddlewareFunction[] = [requireArea("audit")];

export const meta: Route.MetaFunction = () => consoleMeta("Audit log");

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = pageOf(new URL(request.url).searchParams);
  const { rows, total } = await auditPage(context.get(databaseContext).db, page);
  return { entries: rows as AuditEntry[], page, pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
}

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { entries, page, pageCount } = loaderData;
  return (
    <>
      <ConsoleHeading
        title="Audit log"
        description="Who signed in, exported, looked up or erased what, and when. It records kinds and counts, never a lead's content or address."
      />
      <AuditList entries={entries} tableLabels={SUBJECT_TABLE_LABELS} />
      <Pagination page={page} pageCount={pageCount} href={(next) => `${consolePaths.audit}?page=${next}`} label="Pages of the audit log" />
    </>
  );
}
