import { data } from "react-router";
import { ConsoleTime } from "~/components/console/time";
import { requireArea } from "~/middleware.server";
import { ConsoleHeading, Notice } from "~/components/console/frame";
import { Pagination } from "~/components/console/pagination";
import { PostForm } from "~/components/console/post-form";
import { RecordList } from "~/components/console/record-list";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { databaseContext, operatorContext, noticesContext } from "~/context";
import { leadFormsOf } from "~/forms.server";
import { pageOf } from "~/lib/console/pagination";
import { plural } from "~/lib/console/format";
import { LEAD_KIND_LABELS } from "~/features/leads";
import { consoleMeta } from "~/lib/console/meta";
import { consolePaths } from "~/lib/console/paths";
import { releaseSpam, spamPage, type SpamRow } from "~/features/leads/index.server";
import type { Route } from "./+types/console.spam";

// Posts the spam checks held (decision 020): what was posted and why it was held, and "Not spam", which stores one as
// its form would have when it arrived (then it is delivered and the team notified, once). Purged after
// RETENTION_SPAM_DAYS.

// Held posts are visitors' posts: the leads' area.
export const middleware: Route.MiddlewareFunction[] = [requireArea("leads")];

export const meta: Route.MetaFunction = () => consoleMeta("Spam");

export async function loader({ request, context }: Route.LoaderArgs) {
  return spamPage(context.get(databaseContext).db, pageOf(new URL(request.url).searchParams));
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const id = Number(form.get("id"));
  if (form.get("intent") !== "not-spam" || !Number.isSafeInteger(id)) return data({ error: "Nothing to do." }, { status: 400 });
  const released = await releaseSpam(context.get(databaseContext).db, id, leadFormsOf(context), context.get(operatorContext).email);
  if (released.status === "released") {
    context.get(noticesContext).wake();
    return { released: true } as const;
  }
  if (released.status === "gone")
    return data({ error: "That post is no longer held: someone released it, or it was purged." }, { status: 404 });
  return data(
    { error: `This post does not pass its form's checks, so it cannot be stored: ${released.problems.join(" ")}` },
    { status: 400 },
  );
}

const REASONS: Record<string, string> = {
  "honeypot-filled": "Filled in the hidden field",
  "honeypot-missing": "Came without the hidden field",
  "too-fast": "Sent faster than a person fills the form",
};

/** The fields worth reading first, then the rest; the hidden ones (visit, timing) are left out. */
const shownFields = (fields: Record<string, string>) =>
  Object.entries(fields).filter(([name]) => !name.startsWith("visit_") && name !== "fill_ms" && name !== "csrf");

export default function Spam({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, page, pageCount } = loaderData;
  return (
    <>
      <ConsoleHeading
        title="Spam"
        description={`${plural(total, "post")} held by the spam checks: never delivered, notified or counted as leads, and deleted after RETENTION_SPAM_DAYS (30 days by default).`}
      />
      {actionData && "released" in actionData ? (
        <Notice>Stored as a lead; its emails and the team's notice are on their way.</Notice>
      ) : null}
      {actionData && "error" in actionData ? <Notice tone="error">{actionData.error}</Notice> : null}
      <RecordList label="Held posts" empty="Nothing held as spam.">
        {rows.map((row) => (
          <HeldPost key={row.id} row={row} />
        ))}
      </RecordList>
      <Pagination page={page} pageCount={pageCount} href={(next) => `${consolePaths.spam}?page=${next}`} label="Pages of held posts" />
    </>
  );
}

function HeldPost({ row }: { row: SpamRow }) {
  return (
    <li className="flex flex-col gap-3 p-4 lg:grid lg:grid-cols-12 lg:items-start lg:gap-4">
      <div className="flex flex-col gap-1 lg:col-span-3">
        <p className="font-semibold">{row.form === "roadmap-vote" ? "Roadmap vote" : LEAD_KIND_LABELS[row.form].one}</p>
        <p className="text-sm text-muted-foreground">
          <ConsoleTime value={row.createdAt} />
        </p>
        <div className="flex flex-wrap gap-1">
          {row.reasons.map((reason) => (
            <Badge key={reason} variant="outline">
              {REASONS[reason] ?? reason}
            </Badge>
          ))}
        </div>
      </div>
      <dl className="grid min-w-0 grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm lg:col-span-7">
        {shownFields(row.fields).map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="text-muted-foreground">{name === "website" ? "hidden field" : name}</dt>
            <dd className="line-clamp-3 break-words whitespace-pre-wrap">{value || "(empty)"}</dd>
          </div>
        ))}
      </dl>
      <PostForm action={consolePaths.spam} className="lg:col-span-2 lg:text-right">
        <input type="hidden" name="intent" value="not-spam" />
        <input type="hidden" name="id" value={row.id} />
        <Button type="submit" variant="outline" size="sm">
          Not spam
        </Button>
      </PostForm>
    </li>
  );
}
