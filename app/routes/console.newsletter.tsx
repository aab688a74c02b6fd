import { IssueStateBadge, TOPIC_LABELS } from "~/features/newsletter";
import { ConsoleHeading, Notice } from "~/components/console/frame";
import { RecordList } from "~/components/console/record-list";
import { consoleTimeZoneContext, databaseContext, newsletterContext } from "~/context";
import { requireArea } from "~/middleware.server";
import { formatDateTime, plural } from "~/lib/console/format";
import { consoleMeta } from "~/lib/console/meta";
import { consolePaths } from "~/lib/console/paths";
import { audienceOf, listIssues } from "~/features/newsletter/index.server";
import type { Route } from "./+types/console.newsletter";

// The newsletter's issues (docs/decisions/025): a draft appears when a post is first published or a deploy adds a
// resource; an editor or admin reviews it, tests it, and sends or schedules it. Nothing is mailed without that click.

export const middleware: Route.MiddlewareFunction[] = [requireArea("newsletter")];

export const meta: Route.MetaFunction = () => consoleMeta("Newsletter");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const { audiences } = context.get(newsletterContext);
  const [issues, resourceAudience, postAudience] = await Promise.all([
    listIssues(db, audiences),
    audienceOf(db, audiences, "resource"),
    audienceOf(db, audiences, "post"),
  ]);
  const done = new URL(request.url).searchParams.get("done");
  return { issues, resourceAudience, postAudience, deleted: done === "deleted", timeZone: context.get(consoleTimeZoneContext) };
}

export default function Newsletter({ loaderData }: Route.ComponentProps) {
  const { issues, resourceAudience, postAudience, deleted, timeZone } = loaderData;
  return (
    <>
      <ConsoleHeading
        title="Newsletter"
        description={
          <>
            An issue about a new resource goes to {plural(resourceAudience, "confirmed subscriber")}; one about a blog post to the{" "}
            {postAudience.toLocaleString("en-US")} whose consent covers posts. Addresses on the do-not-mail list are left out. Times are in
            UTC.
          </>
        }
      />
      {deleted ? <Notice>The draft was deleted.</Notice> : null}
      <RecordList label="Issues" empty="No issues yet. Publishing a post, or a deploy that adds a resource, makes a draft here.">
        {issues.map(({ row, state, counts }) => (
          <li key={row.id} className="flex flex-col gap-2 p-4 sm:grid sm:grid-cols-12 sm:items-center sm:gap-4">
            <div className="flex flex-col gap-1 sm:col-span-7">
              <a href={consolePaths.issue(row.id)} className="font-medium text-primary underline-offset-4 hover:underline">
                {row.subject}
              </a>
              <span className="text-xs text-muted-foreground">
                {TOPIC_LABELS[row.topic]} · drafted <time dateTime={row.createdAt.toISOString()}>{formatDateTime(row.createdAt)}</time>
                {row.number ? ` · issue #${row.number}` : ""}
              </span>
            </div>
            <div className="sm:col-span-3">
              <IssueStateBadge state={state} timeZone={timeZone} />
            </div>
            <div className="text-sm text-muted-foreground sm:col-span-2 sm:text-right">
              {counts ? `${plural(counts.sent, "copy", "copies")} sent` : ""}
            </div>
          </li>
        ))}
      </RecordList>
    </>
  );
}
