import { ISSUE_LIMITS, IssueStateBadge, issueStartSchema, TOPIC_LABELS } from "~/features/newsletter";
import { ConsoleHeading, Notice } from "~/components/console/frame";
import { PostForm } from "~/components/console/post-form";
import { RecordList } from "~/components/console/record-list";
import { Section } from "~/components/console/section";
import { Button } from "~/components/ui/button";
import { Field, fieldErrorProps } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { databaseContext, newsletterContext, operatorContext } from "~/context";
import { requireArea } from "~/middleware.server";
import { formatDateTime, plural } from "~/lib/console/format";
import { consoleMeta } from "~/lib/console/meta";
import { consolePaths } from "~/lib/console/paths";
import { fail, readFields, redirectDone } from "~/lib/editor/action.server";
import { audienceOf, listIssues, startIssue } from "~/features/newsletter/index.server";
import type { Route } from "./+types/console.newsletter";

// The newsletter's issues (docs/decisions/025): a draft appears when a post is first published or a deploy adds a
// resource, or an editor starts one from scratch here; an editor or admin reviews it, tests it, and sends or schedules
// it. Nothing is mailed without that click.

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
  return { issues, resourceAudience, postAudience, deleted: done === "deleted", timeZone: context.get(operatorContext).timeZone };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") !== "start") return fail("Nothing to do.", 400);
  const { fields, errors, values } = readFields(form, issueStartSchema(context.get(newsletterContext).siteUrl));
  if (!fields) return fail("The issue was not started, and nothing was stored. Correct the fields marked below.", 422, { errors, values });
  const row = await startIssue(context.get(databaseContext).db, context.get(operatorContext).email, fields);
  throw redirectDone(consolePaths.issue(row.id), "started");
}

/** The form that starts an issue from scratch, with what was typed when it was refused. */
function StartIssueForm({
  resourceAudience,
  postAudience,
  values = {},
  errors = {},
}: {
  resourceAudience: number;
  postAudience: number;
  values?: Record<string, string> | undefined;
  errors?: Record<string, string> | undefined;
}) {
  const control = (name: keyof typeof ISSUE_LIMITS, required: boolean) => ({
    id: `start-${name}`,
    name,
    defaultValue: values[name] ?? "",
    required,
    maxLength: ISSUE_LIMITS[name],
    ...fieldErrorProps(`start-${name}`, errors[name]),
  });
  const field = (name: keyof typeof ISSUE_LIMITS, label: string, hint?: string) => ({
    id: `start-${name}`,
    label,
    error: errors[name],
    hint,
  });
  return (
    <Section title="Start an issue">
      <p className="text-sm text-muted-foreground">
        About anything worth an email: it is saved as a draft, with its preview, to test and send like the others.
      </p>
      <PostForm className="flex flex-col gap-4" aria-label="Start an issue">
        <Field
          id="start-topic"
          label="Who receives it"
          error={errors.topic}
          hint="An issue for every subscriber ends with the button “Get the free resource”; one for the posts’ subscribers with “Read the article”."
        >
          <NativeSelect
            id="start-topic"
            name="topic"
            defaultValue={values.topic ?? "resource"}
            {...fieldErrorProps("start-topic", errors.topic)}
          >
            <option value="resource">Every confirmed subscriber ({resourceAudience.toLocaleString("en-US")})</option>
            <option value="post">Subscribers to the posts ({postAudience.toLocaleString("en-US")})</option>
          </NativeSelect>
        </Field>
        <Field {...field("subject", "Subject", `At most ${ISSUE_LIMITS.subject} characters.`)}>
          <Input {...control("subject", true)} />
        </Field>
        <Field {...field("preheader", "Preheader", "The line mail apps show after the subject.")} optional>
          <Input {...control("preheader", false)} />
        </Field>
        <Field {...field("title", "Title")}>
          <Input {...control("title", true)} />
        </Field>
        <Field {...field("excerpt", "Text", "Plain text: a few sentences about what is new.")}>
          <Textarea rows={4} {...control("excerpt", true)} />
        </Field>
        <Field {...field("linkPath", "Link", "A page of this site, starting with /.")}>
          <Input {...control("linkPath", true)} />
        </Field>
        <Field {...field("coverPath", "Picture", "A file on this site, /images/…, shown above the title.")} optional>
          <Input {...control("coverPath", false)} />
        </Field>
        <Field {...field("coverAlt", "Picture description (alt text)", "Required when there is a picture.")}>
          <Input {...control("coverAlt", false)} />
        </Field>
        <div>
          <Button type="submit" name="intent" value="start">
            Start the issue
          </Button>
        </div>
      </PostForm>
    </Section>
  );
}

export default function Newsletter({ loaderData, actionData }: Route.ComponentProps) {
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
      {actionData?.message ? <Notice tone="error">{actionData.message}</Notice> : null}
      <RecordList
        label="Issues"
        empty="No issues yet. Publishing a post, or a deploy that adds a resource, makes a draft here; or start one below."
      >
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
      <StartIssueForm
        resourceAudience={resourceAudience}
        postAudience={postAudience}
        values={actionData?.values}
        errors={actionData?.errors}
      />
    </>
  );
}
