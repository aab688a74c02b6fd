import { data } from "react-router";
import { audienceSentence, IssueCountList, IssueStateBadge, TOPIC_LABELS } from "~/features/newsletter";
import { ConsoleHeading, Notice } from "~/components/console/frame";
import { PostForm } from "~/components/console/post-form";
import { Button } from "~/components/ui/button";
import { Field, fieldErrorProps } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { archiveIssuePath } from "~/content/paths";
import { databaseContext, newsletterContext, noticesContext, operatorContext, redirectTableContext } from "~/context";
import { requireArea } from "~/middleware.server";
import { formatDateTime, plural } from "~/lib/console/format";
import { consoleMeta } from "~/lib/console/meta";
import { formatInZone, timesAre, zonedInputValue } from "~/lib/console/time-zone";
import { ErrorSummary, PublishPanel, type FieldProblem, type PublishState } from "~/components/console/publish-panel";
import { consolePaths } from "~/lib/console/paths";
import { doneMessage, fail, formText, futureTime, readFields, redirectDone, refused } from "~/lib/editor/action.server";
import {
  audienceOf,
  deleteIssue,
  findIssue,
  saveIssue,
  scheduleIssue,
  sendIssue,
  unscheduleIssue,
  type IssueChange,
  type IssueRow,
} from "~/features/newsletter/index.server";
import { previewIssue, queueTestCopy } from "~/features/newsletter/index.server";
import { ISSUE_LIMITS, issueFieldsSchema, type IssueFields } from "~/features/newsletter";
import { applyHere } from "~/features/redirects/index.server";
import type { Route } from "./+types/console.newsletter.$id";

// One newsletter issue: edit its words, send a test to yourself, then send it now or schedule it. Every action is a
// plain form (the console never hydrates), checked by the console's guard (session, origin, anti-forgery token) and here
// by the role. Sent issues are read-only: the copies already went out with these words.

export const middleware: Route.MiddlewareFunction[] = [requireArea("newsletter")];

export const meta: Route.MetaFunction = ({ data }) => consoleMeta(data ? `Newsletter: ${data.issue.row.subject}` : "Newsletter");

const DONE = {
  started: "Started as a draft. Read the preview below, send yourself a test, then send or schedule it.",
  saved: "Saved.",
  test: "Saved, and a test copy is on its way to your address.",
  sent: "Sending: the copies are queued and go out at the configured rate. This page shows how far it got.",
  scheduled: "Scheduled. It goes out at the time shown, unless you take it off the schedule first.",
  unscheduled: "Taken off the schedule: it is a draft again.",
} as const;

/** The sentences, with the one for a send whose archive address had a redirect, which went (decision 034). */
const doneSentences = (row: Pick<IssueRow, "number">) => ({
  ...DONE,
  "sent-released": `${DONE.sent} The redirect from ${archiveIssuePath(row.number ?? 0)} was removed: it would have hidden this issue in the archive.`,
});

async function issueOr404(context: Route.LoaderArgs["context"], id: string) {
  const number = Number(id);
  const issue =
    Number.isSafeInteger(number) && number > 0
      ? await findIssue(context.get(databaseContext).db, context.get(newsletterContext).audiences, number)
      : undefined;
  if (!issue) throw data("This issue does not exist.", { status: 404 });
  return issue;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const issue = await issueOr404(context, params.id);
  const [audience, preview] = await Promise.all([
    audienceOf(context.get(databaseContext).db, context.get(newsletterContext).audiences, issue.row.topic, issue.row.sourceKey),
    previewIssue(issue.row, context.get(newsletterContext)),
  ]);
  return {
    issue,
    audience,
    preview: { subject: preview.subject, html: preview.html },
    done: doneMessage(request, doneSentences(issue.row)) ?? null,
    you: context.get(operatorContext).email,
    timeZone: context.get(operatorContext).timeZone,
  };
}

/** The issue's fields as the form shows them, in order. */
const ISSUE_FORM: { name: keyof IssueFields; label: string; hint?: string; optional?: boolean; rows?: number }[] = [
  { name: "subject", label: "Subject", hint: `At most ${ISSUE_LIMITS.subject} characters.` },
  { name: "preheader", label: "Preheader", hint: "The line mail apps show after the subject.", optional: true },
  { name: "title", label: "Title" },
  { name: "excerpt", label: "Text", hint: "Plain text: a few sentences about what is new.", rows: 5 },
  { name: "linkPath", label: "Link", hint: "A page of this site, starting with /." },
];

/** What the editor tells about a change that did not go through. */
function changeProblem(result: Exclude<IssueChange, { status: "done" }>) {
  return refused(result.status, {
    conflict: "Someone else changed this issue after you opened it. Nothing of yours was saved: reload the page and try again.",
    locked: "This issue was sent (or scheduled) meanwhile, so it can no longer be changed this way. Reload the page.",
    gone: "This issue does not exist.",
  });
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const { row } = (await issueOr404(context, params.id)) as { row: IssueRow };
  const db = context.get(databaseContext).db;
  const actor = context.get(operatorContext).email;
  const newsletter = context.get(newsletterContext);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const version = Number(form.get("version"));
  const back = (done: keyof ReturnType<typeof doneSentences>) => redirectDone(consolePaths.issue(row.id), done);

  if (intent === "save" || intent === "test") {
    const { fields, errors, values } = readFields(form, issueFieldsSchema(newsletter.siteUrl));
    if (!fields) return fail("Nothing was saved. Correct the fields marked below.", 422, { errors, values });
    const saved = await saveIssue(db, actor, row.id, version, fields);
    if (saved.status !== "done") return changeProblem(saved);
    if (intent === "save") throw back("saved");
    await queueTestCopy(db, actor, saved.row, newsletter.siteUrl);
    context.get(noticesContext).wake();
    throw back("test");
  }
  if (intent === "send") {
    if (form.get("confirm") !== "yes") {
      return fail("Nothing was sent. Tick the box to confirm that this issue should go to its subscribers now.", 422, {
        errors: { confirm: "Tick this box to send." },
      });
    }
    if ((await audienceOf(db, newsletter.audiences, row.topic, row.sourceKey)) === 0) {
      return fail(
        row.topic === "shipped"
          ? "Nothing was sent: nobody is waiting for this item (no linked request or confirmed vote that was not withdrawn)."
          : "Nothing was sent: no confirmed subscriber's consent covers this issue yet.",
        422,
      );
    }
    const sent = await sendIssue(db, actor, row.id, version, { ratePerMinute: newsletter.ratePerMinute, audiences: newsletter.audiences });
    if (sent.status !== "done") return changeProblem(sent);
    context.get(noticesContext).wake();
    if (sent.released.length > 0) await applyHere(context.get(redirectTableContext));
    throw back(sent.released.length > 0 ? "sent-released" : "sent");
  }
  if (intent === "schedule") {
    const timeZone = context.get(operatorContext).timeZone;
    const at = futureTime(form, "at", timeZone);
    if (!at) {
      return fail(`Not scheduled: choose a date and time in the future (${timeZone}).`, 422, {
        errors: { at: `Choose a time in the future, in ${timeZone}.` },
        values: { at: formText(form, "at") },
      });
    }
    const scheduled = await scheduleIssue(db, actor, row.id, version, at);
    if (scheduled.status !== "done") return changeProblem(scheduled);
    throw back("scheduled");
  }
  if (intent === "unschedule") {
    const unscheduled = await unscheduleIssue(db, actor, row.id, version);
    if (unscheduled.status !== "done") return changeProblem(unscheduled);
    throw back("unscheduled");
  }
  if (intent === "delete") {
    if (!(await deleteIssue(db, actor, row.id))) return fail("This issue was sent meanwhile, so it was not deleted.", 409);
    throw redirectDone(consolePaths.newsletter, "deleted");
  }
  return fail("Nothing to do.", 400);
}

/** An issue's fields and its send/schedule controls, by the ids the form gives them: what a refused action links to. */
const problemsOf = (errors: Record<string, string>): FieldProblem[] =>
  Object.keys(errors).map((id) => ({ id, label: FIELD_LABELS[id] ?? id }));

const FIELD_LABELS: Record<string, string> = {
  ...Object.fromEntries(ISSUE_FORM.map(({ name, label }) => [name, label])),
  at: "Send at",
  confirm: "Send now: the confirmation box",
};

const PANEL_STATE: Record<IssueStateName, PublishState> = { draft: "draft", scheduled: "scheduled", sending: "sending", sent: "sent" };
type IssueStateName = "draft" | "scheduled" | "sending" | "sent";

export default function Issue({ loaderData, actionData }: Route.ComponentProps) {
  const { issue, audience, preview, done, you, timeZone } = loaderData;
  const { row, state, counts } = issue;
  const editable = row.status !== "sending";
  const errors = actionData?.errors ?? {};
  const value = (name: keyof IssueFields) => actionData?.values?.[name] ?? row[name];
  const scheduledAt = state.state === "scheduled" ? state.at : null;
  const missing: FieldProblem[] =
    editable && audience === 0
      ? [
          {
            id: "send-now",
            label: row.topic === "shipped" ? "Someone waiting for this item" : "A confirmed subscriber whose consent covers this issue",
          },
        ]
      : [];
  return (
    <>
      <p>
        <a href={consolePaths.newsletter} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          ← All issues
        </a>
      </p>
      <ConsoleHeading
        title={row.subject}
        description={
          <>
            {TOPIC_LABELS[row.topic]} issue
            {row.number ? (
              <>
                {" "}
                #{row.number}, public at{" "}
                <a href={`/newsletter/${row.number}`} className="underline underline-offset-4">
                  /newsletter/{row.number}
                </a>
              </>
            ) : null}
            .
          </>
        }
      >
        <IssueStateBadge state={state} timeZone={timeZone} />
      </ConsoleHeading>
      {done ? <Notice>{done}</Notice> : null}

      {counts && row.status === "sending" ? <IssueCountList counts={counts} /> : null}

      {/* The panel first: on a phone it comes before the long preview; on a wide screen it stays in view (decision 046). */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_19rem] lg:items-start">
        <div className="lg:col-start-2 lg:row-start-1 lg:self-stretch">
          <PublishPanel
            state={PANEL_STATE[state.state]}
            summary={
              scheduledAt
                ? `Scheduled for ${formatInZone(scheduledAt, timeZone)}`
                : state.state === "sending"
                  ? `Sending: ${state.done.toLocaleString("en-US")} of ${state.of.toLocaleString("en-US")} copies`
                  : state.state === "sent"
                    ? "Sent: it went out with these words"
                    : "Draft: not sent yet"
            }
            missing={missing}
            ready={editable ? `Ready: it goes to ${audienceSentence(row.topic, audience)}, once each.` : null}
            refused={actionData && !actionData.ok ? <ErrorSummary message={actionData.message} problems={problemsOf(errors)} /> : null}
          >
            {editable ? (
              <>
                <PostForm id="send-now" className="flex flex-col gap-3" aria-label="Send now">
                  <h3 className="text-sm font-semibold">Send now</h3>
                  <input type="hidden" name="version" value={row.version} />
                  <label className="flex items-start gap-2 text-sm">
                    <input
                      type="checkbox"
                      id="confirm"
                      name="confirm"
                      value="yes"
                      required
                      className="mt-1"
                      {...fieldErrorProps("confirm", errors.confirm)}
                    />
                    <span>I have reviewed this issue; send it now. This cannot be undone.</span>
                  </label>
                  {errors.confirm ? (
                    <p id="confirm-error" className="text-sm font-medium text-destructive">
                      {errors.confirm}
                    </p>
                  ) : null}
                  <Button type="submit" name="intent" value="send" className="self-start" disabled={audience === 0}>
                    {audience === 0
                      ? "Nobody to send to yet"
                      : `Send to ${row.topic === "shipped" ? plural(audience, "person", "people") : plural(audience, "subscriber")}`}
                  </Button>
                </PostForm>
                <PostForm className="flex flex-col gap-3 border-t pt-4" aria-label="Schedule">
                  <h3 className="text-sm font-semibold">Schedule</h3>
                  <input type="hidden" name="version" value={row.version} />
                  <Field id="at" label="Send at" error={errors.at} hint={timesAre(timeZone)}>
                    <Input
                      id="at"
                      name="at"
                      type="datetime-local"
                      required
                      defaultValue={actionData?.values?.at ?? (scheduledAt ? zonedInputValue(scheduledAt, timeZone) : undefined)}
                      {...fieldErrorProps("at", errors.at)}
                    />
                  </Field>
                  <Button type="submit" name="intent" value="schedule" variant="outline" className="self-start">
                    {scheduledAt ? "Move to this time" : "Schedule"}
                  </Button>
                </PostForm>
                {scheduledAt ? (
                  <PostForm>
                    <input type="hidden" name="version" value={row.version} />
                    <Button type="submit" name="intent" value="unschedule" variant="outline">
                      Take off the schedule
                    </Button>
                  </PostForm>
                ) : null}
              </>
            ) : null}
          </PublishPanel>
        </div>

        <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-1">
          {editable ? (
            <PostForm className="flex flex-col gap-4 rounded-xl border bg-card p-4 sm:p-6" aria-label="The issue">
              <input type="hidden" name="version" value={row.version} />
              {ISSUE_FORM.map(({ name, label, hint, optional, rows }) => {
                const control = {
                  id: name,
                  name,
                  defaultValue: value(name),
                  required: !optional,
                  maxLength: ISSUE_LIMITS[name],
                  ...fieldErrorProps(name, errors[name]),
                };
                return (
                  <Field key={name} id={name} label={label} optional={optional} error={errors[name]} hint={hint}>
                    {rows ? <Textarea rows={rows} {...control} /> : <Input {...control} />}
                  </Field>
                );
              })}
              {row.coverPath ? (
                <p className="text-sm text-muted-foreground">
                  The picture is shown above the title ({row.coverAlt ? `“${row.coverAlt}”` : "no description"}).
                </p>
              ) : null}
              <div className="flex flex-wrap gap-2">
                <Button type="submit" name="intent" value="save">
                  Save
                </Button>
                <Button type="submit" name="intent" value="test" variant="outline">
                  Save and send a test to {you}
                </Button>
              </div>
            </PostForm>
          ) : (
            <section aria-label="What was sent" className="flex flex-col gap-2 rounded-xl border bg-card p-4 sm:p-6">
              <p className="text-sm text-muted-foreground">{row.preheader}</p>
              <h2 className="text-lg font-semibold">{row.title}</h2>
              <p className="whitespace-pre-wrap">{row.excerpt}</p>
              <p className="text-sm">Link: {row.linkPath}</p>
              {row.queuedAt ? (
                <p className="text-sm text-muted-foreground">
                  Queued <time dateTime={row.queuedAt.toISOString()}>{formatDateTime(row.queuedAt)}</time> for{" "}
                  {plural(row.recipientCount ?? 0, "recipient")}.
                </p>
              ) : null}
            </section>
          )}

          <section aria-labelledby="issue-preview" className="flex flex-col gap-3 rounded-xl border bg-card p-4 sm:p-6">
            <h2 id="issue-preview" className="font-semibold">
              {editable ? "The email as subscribers will receive it" : "The email as it was sent"}
            </h2>
            <p className="text-sm text-muted-foreground">
              Rendered by the template that sends it, from what is saved{editable ? " (save to see a change)" : ""}. Subject:{" "}
              <span className="font-medium text-foreground">{preview.subject}</span>. Each copy has its subscriber&apos;s own unsubscribe
              link
              {row.number ? "" : ", and the link to its page in the archive once it is sent"}.
            </p>
            {/* No scripts, no forms, no navigation of the console: the sandbox gives the email's HTML nothing but to be shown. */}
            <iframe
              title={`Preview of the email: ${preview.subject}`}
              srcDoc={preview.html}
              sandbox=""
              className="h-[720px] w-full rounded-md border bg-white"
            />
          </section>

          {editable ? (
            <PostForm>
              <Button type="submit" name="intent" value="delete" variant="outline">
                Delete this draft
              </Button>
            </PostForm>
          ) : null}
        </div>
      </div>
    </>
  );
}
