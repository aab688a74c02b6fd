import { ConsoleHeading, Notice } from "~/components/console/frame";
import { ConsoleTime } from "~/components/console/time";
import { RecordList } from "~/components/console/record-list";
import { RedirectForm, type RedirectFormValues, STATUS_LABELS, doneKeyOf, REDIRECT_DONE } from "~/features/redirects";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { databaseContext, operatorContext, redirectTableContext, siteOriginContext, livePathsContext } from "~/context";
import { requireArea } from "~/middleware.server";
import { plural } from "~/lib/console/format";
import { consoleMeta } from "~/lib/console/meta";
import { consolePaths } from "~/lib/console/paths";
import { doneMessage, fail, formText, redirectDone } from "~/lib/editor/action.server";
import {
  applyHere,
  listRedirects,
  MISSING_PATH_DAYS,
  redirectSiteOf,
  saveRedirect,
  topMissingPaths,
} from "~/features/redirects/index.server";
import type { Route } from "./+types/console.redirects";

// The redirect manager (docs/decisions/034): every redirect with its hits, a form to add one, and the most requested
// missing paths of the last 30 days as candidates. Applied by the server on every instance within seconds of a save.

export const middleware: Route.MiddlewareFunction[] = [requireArea("redirects")];

export const meta: Route.MetaFunction = () => consoleMeta("Redirects");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const [redirects, candidates] = await Promise.all([listRedirects(db), topMissingPaths(db)]);
  const source = new URL(request.url).searchParams.get("source") ?? "";
  return { redirects, candidates, source: source.slice(0, 500), done: doneMessage(request, REDIRECT_DONE) ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (formText(form, "intent") !== "add") return fail("Nothing to do.", 400);
  const values = { source: formText(form, "source"), target: formText(form, "target"), status: formText(form, "status") };
  const db = context.get(databaseContext).db;
  const saved = await saveRedirect(
    db,
    context.get(operatorContext).email,
    redirectSiteOf(context.get(siteOriginContext), context.get(livePathsContext)),
    values,
  );
  if (saved.status === "invalid") return fail("Nothing was added. Correct the fields marked below.", 422, { errors: saved.errors, values });
  if (saved.status !== "done") return fail("Nothing was added: try again.", 409, { values });
  await applyHere(context.get(redirectTableContext));
  throw redirectDone(consolePaths.redirects, doneKeyOf("added", saved));
}

export default function Redirects({ loaderData, actionData }: Route.ComponentProps) {
  const { redirects, candidates, source, done } = loaderData;
  const values = (actionData?.values as RedirectFormValues | undefined) ?? { source, target: "", status: "301" };
  return (
    <>
      <ConsoleHeading
        title="Redirects"
        description="Old addresses sent to a page of the site or elsewhere, applied by the server within seconds of a save."
      />
      {done ? <Notice>{done}</Notice> : null}
      {actionData?.message ? <Notice tone="error">{actionData.message}</Notice> : null}

      <section aria-labelledby="new-redirect-heading" className="flex flex-col gap-3">
        <h2 id="new-redirect-heading" className="text-lg font-semibold">
          New redirect
        </h2>
        <RedirectForm id="new-redirect" label="New redirect" values={values} errors={actionData?.errors} autoFocusTarget={source !== ""}>
          <Button type="submit" name="intent" value="add">
            Add redirect
          </Button>
        </RedirectForm>
      </section>

      <section aria-labelledby="redirects-heading" className="flex flex-col gap-3">
        <h2 id="redirects-heading" className="text-lg font-semibold">
          {plural(redirects.length, "redirect")}
        </h2>
        <RecordList label="Redirects" empty="No redirects yet.">
          {redirects.map((row) => (
            <li key={row.id} className="flex flex-col gap-2 p-4 sm:grid sm:grid-cols-12 sm:items-center sm:gap-4">
              <div className="flex min-w-0 flex-col gap-1 sm:col-span-7">
                <a
                  href={consolePaths.redirect(row.id)}
                  className="font-mono text-sm font-medium break-words text-primary underline-offset-4 hover:underline"
                >
                  {row.source}
                </a>
                <span className="text-sm break-words text-muted-foreground">{row.target ? <>→ {row.target}</> : "gone: answers 410"}</span>
              </div>
              <div className="sm:col-span-2">
                <Badge variant={row.status === 410 ? "warning" : "secondary"}>{STATUS_LABELS[row.status]}</Badge>
              </div>
              <div className="text-sm text-muted-foreground sm:col-span-3 sm:text-right">
                <span className="font-medium text-foreground">{plural(row.hits, "hit")}</span>
                <br />
                {row.lastHitAt ? (
                  <>
                    last <ConsoleTime value={row.lastHitAt} />
                  </>
                ) : (
                  "never followed yet"
                )}
              </div>
            </li>
          ))}
        </RecordList>
      </section>

      <section aria-labelledby="candidates-heading" className="flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          <h2 id="candidates-heading" className="text-lg font-semibold">
            Missing pages people ask for
          </h2>
          <p className="text-sm text-muted-foreground">
            Addresses that answered “page not found” to the most visitors in the last {MISSING_PATH_DAYS} days, counted by path only (no
            visitor is recorded). Redirect the ones that used to be pages.
          </p>
        </div>
        <RecordList label="Missing pages" empty="No missing page was asked for in the last 30 days.">
          {candidates.map((candidate) => (
            <li key={candidate.path} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
              <div className="flex min-w-0 flex-col gap-1">
                <span className="font-mono text-sm break-words">{candidate.path}</span>
                <span className="text-xs text-muted-foreground">
                  {`${plural(candidate.visitors, "visitor")}, ${plural(candidate.hits, "request")}, last on ${candidate.lastDay}`}
                </span>
              </div>
              <a
                href={`${consolePaths.redirects}?source=${encodeURIComponent(candidate.path)}`}
                className="text-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                {/* The path in the name, after the words seen (a name must start with what the link shows). */}
                Redirect this<span className="sr-only"> ({candidate.path})</span>
              </a>
            </li>
          ))}
        </RecordList>
      </section>
    </>
  );
}
