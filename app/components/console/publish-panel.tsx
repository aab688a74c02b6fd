import { useEffect, useRef } from "react";
import type * as React from "react";
import { Button } from "~/components/ui/button";
import { Field, fieldErrorProps } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { formatInZone, timesAre, zonedInputValue } from "~/lib/console/time-zone";
import type { EditorAnswer } from "~/lib/editor/answer";
import { cn } from "~/lib/utils";

// What an editor sees beside every editor (a post, site content, a newsletter issue; decision 046): the state, what is
// still missing before it can go out, a refused action's errors, and the buttons, in one box that stays in view on a
// wide screen and comes first on a phone, with a bar at the screen's foot that leads back to it.

/**
 * A field with a problem: its control's id and its label. The sentence itself stays beside the field (the control
 * points at it), so the panel names the field and links to it, and nothing is said twice.
 */
export interface FieldProblem {
  id: string;
  label: string;
}

export type PublishState = "draft" | "scheduled" | "live" | "changed" | "sending" | "sent";

const STATE_LABEL: Record<PublishState, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  live: "Live",
  changed: "Changed since publishing",
  sending: "Sending",
  sent: "Sent",
};

const PANEL_ID = "publishing";

/**
 * A link to a place on this page: a field to correct, or the panel. Followed by the browser, a fragment is a navigation
 * to React Router once the editor has hydrated, and a navigation forgets the action's answer: the summary, the messages
 * beside the fields and the words they kept as typed would all be gone at the click. So the link moves the focus (or
 * the view, to what takes no focus) itself, as following it does without JavaScript.
 */
function InPageLink({ target, className, children }: { target: string; className?: string; children: React.ReactNode }) {
  const go = (event: React.MouseEvent<HTMLAnchorElement>) => {
    const element = document.getElementById(target);
    if (!element || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    element.focus();
    if (document.activeElement !== element) element.scrollIntoView({ block: "start" });
  };
  return (
    <a href={`#${target}`} className={className} onClick={go}>
      {children}
    </a>
  );
}

/**
 * A refused action, said where the editor is: role=alert announces it, and focus moves to it (`autoFocus` for the
 * server's page without JavaScript, an effect once React runs), each problem a link to its field.
 */
export function ErrorSummary({ message, problems, takeFocus = true }: { message: string; problems: FieldProblem[]; takeFocus?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!takeFocus) return;
    ref.current?.focus();
    ref.current?.scrollIntoView({ block: "nearest" });
  }, [takeFocus, message, problems]);
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      autoFocus={takeFocus}
      data-error-summary=""
      className="flex flex-col gap-2 rounded-lg border border-destructive/50 bg-destructive/5 p-3 text-sm outline-offset-2"
    >
      <p className="font-semibold text-destructive">{message}</p>
      {problems.length > 0 ? (
        <ul aria-label="Fields to correct" className="flex list-disc flex-col gap-1 pl-5">
          {problems.map((problem) => (
            <li key={problem.id}>
              <InPageLink target={problem.id} className="text-foreground underline underline-offset-4">
                {problem.label}
              </InPageLink>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

interface PublishPanelProps {
  state: PublishState;
  /** The state in one sentence: "Scheduled for Mar 1, 2027, 09:00 (Europe/Berlin)", "Draft: only the console sees it". */
  summary: string;
  /** What is still missing before it can go out; empty: ready. */
  missing: FieldProblem[];
  /** The sentence when nothing is missing (it differs for a post and an issue); null: nothing to say. */
  ready?: string | null;
  /** A refused action's summary (ErrorSummary), first in the panel. */
  refused?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
}

const STATE_DOT: Record<PublishState, string> = {
  draft: "bg-muted-foreground",
  scheduled: "bg-primary",
  live: "bg-success",
  changed: "bg-warning",
  sending: "bg-warning",
  sent: "bg-success",
};

export function PublishPanel({
  state,
  summary,
  missing,
  ready = "Nothing is missing: it can be published.",
  refused,
  children,
  className,
}: PublishPanelProps) {
  return (
    <aside
      id={PANEL_ID}
      aria-labelledby={`${PANEL_ID}-heading`}
      className={cn(
        "flex scroll-mt-4 flex-col gap-4 rounded-xl border bg-card p-4 sm:p-5 lg:sticky lg:top-4 lg:max-h-[calc(100dvh-2rem)] lg:overflow-y-auto",
        className,
      )}
    >
      <div className="flex flex-col gap-1">
        <h2 id={`${PANEL_ID}-heading`} className="font-semibold">
          Publishing
        </h2>
        <p className="flex items-baseline gap-2 text-sm font-medium" data-publish-state={state}>
          <span aria-hidden="true" className={cn("inline-block size-2 shrink-0 rounded-full", STATE_DOT[state])} />
          <span>{summary}</span>
        </p>
      </div>
      {refused}
      {missing.length > 0 ? (
        <div className="flex flex-col gap-1 text-sm">
          <h3 className="font-medium">Still missing before it can go out</h3>
          <ul className="flex list-disc flex-col gap-1 pl-5">
            {missing.map((problem) => (
              <li key={problem.id}>
                <InPageLink target={problem.id} className="underline underline-offset-4">
                  {problem.label}
                </InPageLink>
              </li>
            ))}
          </ul>
        </div>
      ) : ready ? (
        <p className="text-sm text-muted-foreground">{ready}</p>
      ) : null}
      {children}
    </aside>
  );
}

/** On a phone the panel sits above a long form: this bar, last in the form, stays at the screen's foot and leads back to it. */
export function PublishJumpBar({ state, missing }: { state: PublishState; missing: number }) {
  return (
    <InPageLink
      target={PANEL_ID}
      className="sticky bottom-0 z-10 flex items-center justify-between gap-2 rounded-lg border bg-background px-4 py-3 text-sm font-medium shadow-sm lg:hidden"
    >
      <span>{`Publishing: ${STATE_LABEL[state]}${missing > 0 ? `, ${missing} missing` : ""}`}</span>
      <span aria-hidden="true" className="text-primary">
        ↑
      </span>
    </InPageLink>
  );
}

/** The panel's schedule: a time in the operator's zone (decision 046), and the buttons to schedule or take it off. */
export function ScheduleFields({
  error,
  typed,
  scheduledAt,
  timeZone,
}: {
  error: string | undefined;
  /** What was typed, when the change was refused. */
  typed: string | undefined;
  /** ISO instant. */
  scheduledAt: string | null;
  timeZone: string;
}) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-medium">Schedule</legend>
      <Field id="publish-at" label="Publish at" error={error} hint={timesAre(timeZone)}>
        <Input
          id="publish-at"
          name="publishAtLocal"
          type="datetime-local"
          defaultValue={typed ?? (scheduledAt ? zonedInputValue(scheduledAt, timeZone) : undefined)}
          {...fieldErrorProps("publish-at", error)}
        />
      </Field>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" name="intent" value="schedule" variant="outline">
          {scheduledAt ? "Reschedule" : "Schedule"}
        </Button>
        {scheduledAt ? (
          <Button type="submit" name="intent" value="unschedule" variant="outline">
            Take off the schedule
          </Button>
        ) : null}
      </div>
    </fieldset>
  );
}

/** What went through, said above the editor: the sentence, the time it ends with, and a preview link just made. */
export function ChangeDone({ answer, timeZone }: { answer: EditorAnswer & { previewUrl?: string }; timeZone: string }) {
  return (
    <div role="status" className="text-sm font-medium">
      <p>
        {answer.message}
        {answer.at ? ` ${formatInZone(answer.at, timeZone)}.` : null}
      </p>
      {answer.previewUrl ? (
        <a href={answer.previewUrl} className="break-words text-primary underline" target="_blank" rel="noreferrer">
          {answer.previewUrl}
        </a>
      ) : null}
    </div>
  );
}

/** The panel's first buttons in every editor of site content: save first (the button Enter presses in a field), publish, preview. */
export function PublishButtons({ children }: { children?: React.ReactNode }) {
  return (
    <div className="flex flex-wrap gap-3">
      <Button type="submit" name="intent" value="save" variant="outline">
        Save draft
      </Button>
      <Button type="submit" name="intent" value="publish">
        Publish now
      </Button>
      <Button type="submit" name="intent" value="preview-link" variant="outline">
        Save and make a preview link
      </Button>
      {children}
    </div>
  );
}
