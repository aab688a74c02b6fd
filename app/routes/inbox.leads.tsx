import { requireArea } from "~/lib/auth/guard.server";
import { InboxHeading } from "~/components/inbox/inbox-frame";
import { LeadFilters } from "~/components/inbox/lead-filters";
import { LeadList } from "~/components/inbox/lead-list";
import { Pagination } from "~/components/inbox/pagination";
import { PostForm } from "~/components/inbox/post-form";
import { Button } from "~/components/ui/button";
import { databaseContext } from "~/context";
import { isFiltered, leadFilterParams, parseLeadFilter, type LeadFilter } from "~/lib/inbox/filters";
import { plural } from "~/lib/inbox/format";
import { leadPage } from "~/lib/inbox/leads.server";
import { inboxMeta } from "~/lib/inbox/meta";
import { inboxPaths } from "~/lib/inbox/paths";
import type { Route } from "./+types/inbox.leads";

export const middleware: Route.MiddlewareFunction[] = [requireArea("leads", { elseHome: true })];

export const meta: Route.MetaFunction = () => inboxMeta("Leads");

export async function loader({ request, context }: Route.LoaderArgs) {
  const filter = parseLeadFilter(new URL(request.url).searchParams);
  const page = await leadPage(context.get(databaseContext).db, filter);
  return { filter: { ...filter, page: page.page }, ...page };
}

const pageHref = (filter: LeadFilter) => (page: number) => {
  const query = leadFilterParams(filter, { page }).toString();
  return query ? `${inboxPaths.leads}?${query}` : inboxPaths.leads;
};

export default function Leads({ loaderData }: Route.ComponentProps) {
  const { filter, rows, total, byKind, page, pageCount } = loaderData;
  const exportParams = [...leadFilterParams(filter, { page: 1 })];
  return (
    <>
      <InboxHeading
        title="Leads"
        description={`${plural(total, "lead")}${isFiltered(filter) ? " match these filters" : ""}, newest first. Times are in UTC.`}
      >
        {/* The export is a POST: it is recorded in the audit log, so another site must not be able to start one. */}
        <PostForm action={inboxPaths.export}>
          {exportParams.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Button type="submit" variant="outline" disabled={total === 0}>
            Export CSV ({plural(total, "row")})
          </Button>
        </PostForm>
      </InboxHeading>
      <LeadFilters filter={filter} byKind={byKind} />
      <LeadList rows={rows} />
      <Pagination page={page} pageCount={pageCount} href={pageHref(filter)} label="Pages of leads" />
    </>
  );
}
