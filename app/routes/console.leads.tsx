import { redirect } from "react-router";
import { requireArea } from "~/middleware.server";
import { ConsoleHeading } from "~/components/console/frame";
import {
  LeadFilters,
  LeadList,
  isFiltered,
  leadFilterFields,
  leadFilterOfAddress,
  leadFilterParams,
  parseLeadFilter,
  type LeadFilter,
} from "~/features/leads";
import { Pagination } from "~/components/console/pagination";
import { PostForm } from "~/components/console/post-form";
import { Button, buttonVariants } from "~/components/ui/button";
import { databaseContext, operatorContext } from "~/context";
import { plural } from "~/lib/console/format";
import { leadPage, leadOwners } from "~/features/leads/index.server";
import { consoleMeta } from "~/lib/console/meta";
import { consolePaths } from "~/lib/console/paths";
import type { Route } from "./+types/console.leads";

export const middleware: Route.MiddlewareFunction[] = [requireArea("leads", { elseHome: true })];

// The filters without a search text travel in the address (bookmarkable); a search text, often an email address, comes
// only in a POST body and is answered in place, so it never reaches the browser's history or a proxy's log.

export const meta: Route.MetaFunction = () => consoleMeta("Leads");

async function listOf(context: Route.LoaderArgs["context"], filter: LeadFilter) {
  const { db } = context.get(databaseContext);
  const [page, owners] = await Promise.all([leadPage(db, filter, context.get(operatorContext).operatorId), leadOwners(db)]);
  return { filter: { ...filter, page: page.page }, owners, ...page };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return listOf(context, leadFilterOfAddress(new URL(request.url).searchParams));
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const params = new URLSearchParams();
  for (const [name, value] of form) if (typeof value === "string") params.append(name, value);
  const filter = parseLeadFilter(params);
  if (!filter.q) {
    const query = leadFilterParams(filter).toString();
    throw redirect(query ? `${consolePaths.leads}?${query}` : consolePaths.leads, { status: 303 });
  }
  return listOf(context, filter);
}

const pageHref = (filter: LeadFilter) => (page: number) => {
  const query = leadFilterParams(filter, { page }).toString();
  return query ? `${consolePaths.leads}?${query}` : consolePaths.leads;
};

export default function Leads({ loaderData, actionData }: Route.ComponentProps) {
  const { filter, rows, owners, total, byKind, page, pageCount } = actionData ?? loaderData;
  const exportParams = [...leadFilterFields(filter, { page: 1 })];
  return (
    <>
      <ConsoleHeading
        title="Leads"
        description={`${plural(total, "lead")}${isFiltered(filter) ? " match these filters" : ""}, newest first.`}
      >
        {/* The export is a POST: it is recorded in the audit log, so another site must not be able to start one. */}
        <PostForm action={consolePaths.export}>
          {exportParams.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Button type="submit" variant="outline" disabled={total === 0}>
            Export CSV ({plural(total, "row")})
          </Button>
        </PostForm>
        <a href={consolePaths.board} className={buttonVariants({ variant: "outline" })}>
          Board
        </a>
      </ConsoleHeading>
      <LeadFilters filter={filter} byKind={byKind} owners={owners} />
      <LeadList rows={rows} owners={owners} />
      <Pagination
        page={page}
        pageCount={pageCount}
        href={pageHref(filter)}
        post={filter.q ? { action: consolePaths.leadsSearch, fields: (to) => leadFilterFields(filter, { page: to }) } : undefined}
        label="Pages of leads"
      />
    </>
  );
}
