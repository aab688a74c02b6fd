import { Link, redirect } from "react-router";
import { ConsoleHeading } from "~/components/console/frame";
import { PostForm } from "~/components/console/post-form";
import { Section } from "~/components/console/section";
import { Button } from "~/components/ui/button";
import { Field, fieldErrorProps } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { databaseContext, livePathsContext, operatorContext } from "~/context";
import { createPage, listPages } from "~/features/campaign-pages/index.server";
import { consoleMeta } from "~/lib/console/meta";
import { consolePaths } from "~/lib/console/paths";
import { formatInZone } from "~/lib/console/time-zone";
import { fail, formText, type EditorAnswer } from "~/lib/editor/action.server";
import type { Route } from "./+types/console.pages";

// Campaign pages (docs/decisions/047): every page with where it stands, and a new one at a free address. Its address is
// taken from the moment it is created, in any letter case, by the page (a draft too).

export const meta: Route.MetaFunction = () => consoleMeta("Campaign pages");

export async function loader({ context }: Route.LoaderArgs) {
  const rows = await listPages(context.get(databaseContext).db);
  return {
    timeZone: context.get(operatorContext).timeZone,
    pages: rows.map((row) => ({
      id: row.id,
      path: row.path,
      title: (row.draft ?? row.scheduled ?? row.published ?? {}) as { title?: string },
      live: row.published !== null,
      draft: row.draft !== null,
      publishAt: row.publishAt?.toISOString() ?? null,
      editedAt: row.editedAt.toISOString(),
      editedBy: row.editedBy,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const live = context.get(livePathsContext);
  const values = { path: formText(form, "path"), title: formText(form, "title") };
  if (!live) return fail("Pages cannot be created here: this server does not know the site's addresses.", 503, { values });
  const result = await createPage(context.get(databaseContext).db, live, context.get(operatorContext).email, values.path, values.title);
  if (result.status === "refused")
    return fail("The page was not created. Correct what is marked below.", 422, { errors: result.errors, values });
  throw redirect(consolePaths.page(result.row.id), 303);
}

export default function CampaignPages({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as EditorAnswer | undefined;
  const errors = answer?.errors ?? {};
  const { pages, timeZone } = loaderData;
  return (
    <>
      <ConsoleHeading
        title="Campaign pages"
        description="Pages for a campaign, built from the site's own sections, live at their own address without a release."
      />
      <Section title="New page">
        {answer && !answer.ok ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {answer.message}
          </p>
        ) : null}
        <PostForm className="flex flex-col gap-4 sm:flex-row sm:items-start" aria-label="New page">
          <Field id="new-path" label="Address" error={errors.path} hint="Such as /agencies or /webinars/spring." className="grow">
            <Input
              id="new-path"
              name="path"
              required
              maxLength={80}
              defaultValue={answer?.values?.path}
              {...fieldErrorProps("new-path", errors.path)}
            />
          </Field>
          <Field id="new-title" label="Title" error={errors.title} className="grow">
            <Input
              id="new-title"
              name="title"
              required
              maxLength={60}
              defaultValue={answer?.values?.title}
              {...fieldErrorProps("new-title", errors.title)}
            />
          </Field>
          <Button type="submit" className="sm:mt-7">
            Create page
          </Button>
        </PostForm>
      </Section>
      {pages.length === 0 ? (
        <p className="text-sm text-muted-foreground">No campaign pages yet.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {pages.map((page) => (
            <li key={page.id} className="flex flex-col gap-1 rounded-xl border bg-card p-4">
              <Link
                to={consolePaths.page(page.id)}
                reloadDocument
                className="font-semibold text-primary underline-offset-4 hover:underline"
              >
                {page.title.title || page.path}
              </Link>
              <p className="text-sm">
                <span className="font-mono">{page.path}</span>
                {" · "}
                {page.live ? "Live" : "Not live"}
                {page.draft ? " · unpublished draft" : ""}
                {page.publishAt ? ` · scheduled for ${formatInZone(page.publishAt, timeZone)}` : ""}
              </p>
              <p className="text-xs text-muted-foreground">
                Last change by {page.editedBy}, {formatInZone(page.editedAt, timeZone)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
