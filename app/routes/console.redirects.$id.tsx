import { data } from "react-router";
import { ConsoleTime } from "~/components/console/time";
import { ConsoleHeading, Notice } from "~/components/console/frame";
import { PostForm } from "~/components/console/post-form";
import { RedirectForm, type RedirectFormValues, doneKeyOf, REDIRECT_DONE } from "~/features/redirects";
import { Button } from "~/components/ui/button";
import { databaseContext, operatorContext, redirectTableContext, siteOriginContext, livePathsContext } from "~/context";
import { requireArea } from "~/middleware.server";
import { plural } from "~/lib/console/format";
import { consoleMeta } from "~/lib/console/meta";
import { consolePaths } from "~/lib/console/paths";
import { doneMessage, fail, formText, redirectDone, refused } from "~/lib/editor/action.server";
import { applyHere, deleteRedirect, findRedirect, redirectSiteOf, saveRedirect } from "~/features/redirects/index.server";
import type { Route } from "./+types/console.redirects.$id";

// One redirect: change its path, target or kind, or delete it, at the version the editor opened; a second editor
// saving the same redirect is told instead of overwriting the first.

export const middleware: Route.MiddlewareFunction[] = [requireArea("redirects")];

export const meta: Route.MetaFunction = ({ data }) => consoleMeta(data ? `Redirect: ${data.row.source}` : "Redirect");

async function redirectOr404(context: Route.LoaderArgs["context"], id: string) {
  const number = Number(id);
  const row = Number.isSafeInteger(number) && number > 0 ? await findRedirect(context.get(databaseContext).db, number) : undefined;
  if (!row) throw data("This redirect does not exist.", { status: 404 });
  return row;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const row = await redirectOr404(context, params.id);
  return { row, done: doneMessage(request, REDIRECT_DONE) ?? null };
}

const CHANGED_MEANWHILE = {
  conflict: "Someone else changed this redirect after you opened it. Nothing of yours was saved: reload the page and try again.",
  gone: "This redirect does not exist.",
};

export async function action({ params, request, context }: Route.ActionArgs) {
  const row = await redirectOr404(context, params.id);
  const db = context.get(databaseContext).db;
  const actor = context.get(operatorContext).email;
  const form = await request.formData();
  const intent = formText(form, "intent");
  const version = Number(formText(form, "version"));
  if (intent === "save") {
    const values = { source: formText(form, "source"), target: formText(form, "target"), status: formText(form, "status") };
    const saved = await saveRedirect(db, actor, redirectSiteOf(context.get(siteOriginContext), context.get(livePathsContext)), values, {
      id: row.id,
      version,
    });
    if (saved.status === "invalid")
      return fail("Nothing was saved. Correct the fields marked below.", 422, { errors: saved.errors, values });
    if (saved.status !== "done") return refused(saved.status, CHANGED_MEANWHILE);
    await applyHere(context.get(redirectTableContext));
    throw redirectDone(consolePaths.redirect(row.id), doneKeyOf("saved", saved));
  }
  if (intent === "delete") {
    const deleted = await deleteRedirect(db, actor, row.id, version);
    if (deleted.status !== "done") return refused(deleted.status, CHANGED_MEANWHILE);
    await applyHere(context.get(redirectTableContext));
    throw redirectDone(consolePaths.redirects, "deleted");
  }
  return fail("Nothing to do.", 400);
}

export default function RedirectPage({ loaderData, actionData }: Route.ComponentProps) {
  const { row, done } = loaderData;
  const values = (actionData?.values as RedirectFormValues | undefined) ?? {
    source: row.source,
    target: row.target ?? "",
    status: String(row.status),
  };
  return (
    <>
      <p>
        <a href={consolePaths.redirects} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          ← All redirects
        </a>
      </p>
      <ConsoleHeading
        title={row.source}
        description={
          <>
            {plural(row.hits, "hit")}
            {row.lastHitAt ? (
              <>
                , the last one <ConsoleTime value={row.lastHitAt} />
              </>
            ) : null}
            . Last changed by {row.updatedBy} <ConsoleTime value={row.updatedAt} />.
          </>
        }
      />
      {done ? <Notice>{done}</Notice> : null}
      {actionData?.message ? <Notice tone="error">{actionData.message}</Notice> : null}
      <RedirectForm id="redirect" label="The redirect" values={values} errors={actionData?.errors}>
        <input type="hidden" name="version" value={row.version} />
        <Button type="submit" name="intent" value="save">
          Save
        </Button>
      </RedirectForm>
      <PostForm aria-label="Delete the redirect" className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="version" value={row.version} />
        <Button type="submit" name="intent" value="delete" variant="outline">
          Delete this redirect
        </Button>
        <span className="text-sm text-muted-foreground">The old path answers 404 again.</span>
      </PostForm>
    </>
  );
}
