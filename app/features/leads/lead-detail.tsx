import type * as React from "react";
import { attributionEntries, type Attribution } from "./attribution";
import { leadFilterParams, DEFAULT_FILTER } from "./filters";
import { formatDateTime } from "~/lib/console/format";
import { consolePaths } from "~/lib/console/paths";
import type { LeadNote } from "./kinds";
import type { LeadDetail, LeadField, LeadRow } from "./types";
import type { OutboxRow } from "../outbox/index";
import { KindBadge, StageBadge, SubscriptionBadge } from "./lead-badges";
import { OutboxStatusBadge } from "../outbox/index";

function FieldValue({ field }: { field: LeadField }) {
  if (field.value === null || field.value === "") return <span className="text-muted-foreground">Not given</span>;
  if (field.value instanceof Date) return <time dateTime={field.value.toISOString()}>{formatDateTime(field.value)}</time>;
  if (field.label === "Subscription") return <SubscriptionBadge status={field.value} />;
  return <span className={field.long ? "whitespace-pre-wrap" : undefined}>{field.value}</span>;
}

/** What the visitor sent, label by label. */
export function LeadFields({ fields }: { fields: LeadField[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[10rem_1fr]">
      {fields.map((field) => (
        <div key={field.label} className="contents">
          <dt className="text-sm font-medium text-muted-foreground">{field.label}</dt>
          <dd className="min-w-0">
            <FieldValue field={field} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

const MEETING_EVENTS: Record<string, string> = {
  booked: "Booked",
  rescheduled: "Rescheduled",
  cancelled: "Cancelled",
  "no-show": "No-show",
  held: "Meeting held",
};

/** A demo's bookings as the booking service reported them, in the order they happened. */
export function MeetingTimeline({ entries }: { entries: NonNullable<LeadDetail["timeline"]> }) {
  if (entries.length === 0) return <p className="text-muted-foreground">Nothing reported yet.</p>;
  return (
    <ol className="flex flex-col gap-2" aria-label="Meeting timeline">
      {entries.map((entry, index) => (
        <li key={index} className="flex flex-wrap gap-x-3 text-sm">
          <span className="font-medium">{MEETING_EVENTS[entry.kind] ?? entry.kind}</span>
          {entry.meetingAt && entry.kind !== "cancelled" && entry.kind !== "no-show" && entry.kind !== "held" ? (
            <span>
              for <time dateTime={entry.meetingAt.toISOString()}>{formatDateTime(entry.meetingAt)}</time>
            </span>
          ) : null}
          <span className="text-muted-foreground">
            reported <time dateTime={entry.occurredAt.toISOString()}>{formatDateTime(entry.occurredAt)}</time>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** Where the visit came from; each value links to the leads that share it. */
export function AttributionList({ visit }: { visit: Attribution }) {
  const entries = attributionEntries(visit);
  if (entries.length === 0) {
    return (
      <p className="text-muted-foreground">
        Not recorded: the visitor arrived directly, or their browser sent no referrer and no utm_ tags.
      </p>
    );
  }
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[10rem_1fr]">
      {entries.map((entry) => (
        <div key={entry.label} className="contents">
          <dt className="text-sm font-medium text-muted-foreground">{entry.label}</dt>
          <dd className="min-w-0">
            <a
              href={`${consolePaths.leads}?${leadFilterParams(DEFAULT_FILTER, { source: entry.filter }).toString()}`}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {entry.value}
              <span className="sr-only"> (show every lead that came from it)</span>
            </a>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Other leads from the same address. */
export function RelatedLeads({ rows }: { rows: LeadRow[] }) {
  if (rows.length === 0) return <p className="text-muted-foreground">Nothing else from this address.</p>;
  return (
    <ul className="flex flex-col [&>li+li]:border-t">
      {rows.map((row) => (
        <li key={`${row.kind}-${row.id}`} className="flex flex-wrap items-center gap-2 py-2">
          <KindBadge kind={row.kind} />
          <StageBadge stage={row.stage} />
          <a href={consolePaths.lead(row.kind, row.id)} className="line-clamp-1 min-w-0 flex-1 font-medium hover:underline">
            {row.summary ?? row.email}
          </a>
          <time dateTime={row.at.toISOString()} className="text-sm text-muted-foreground">
            {formatDateTime(row.at)}
          </time>
        </li>
      ))}
    </ul>
  );
}

/** The emails and webhooks about this address, as the outbox holds them. */
export function OutboxJobs({ rows }: { rows: OutboxRow[] }) {
  if (rows.length === 0) return <p className="text-muted-foreground">No email or webhook about this address.</p>;
  return (
    <ul className="flex flex-col [&>li+li]:border-t">
      {rows.map((job) => (
        <li key={job.id} className="flex flex-col gap-1 py-2">
          <div className="flex flex-wrap items-center gap-2">
            <OutboxStatusBadge status={job.status} />
            <span className="font-medium">{job.kind}</span>
            <span className="text-sm text-muted-foreground">
              {job.attempts} {job.attempts === 1 ? "attempt" : "attempts"} ·{" "}
              <time dateTime={job.createdAt.toISOString()}>{formatDateTime(job.createdAt)}</time>
            </span>
          </div>
          {job.lastError ? <p className="text-sm text-destructive">{job.lastError}</p> : null}
        </li>
      ))}
    </ul>
  );
}

/** A lead's notes, newest first, each with who wrote it and when; the text as written (React escapes it). */
export function NotesTimeline({ notes }: { notes: LeadNote[] }) {
  if (notes.length === 0) return <p className="text-muted-foreground">No notes yet.</p>;
  return (
    <ol aria-label="Notes, newest first" className="flex flex-col [&>li+li]:border-t">
      {notes.map((note, index) => (
        <li key={`${note.at}-${index}`} className="flex flex-col gap-1 py-3">
          <p className="text-sm text-muted-foreground">
            <span className="font-medium text-foreground">{note.by ?? "Earlier note (author not kept)"}</span> ·{" "}
            <time dateTime={note.at}>{formatDateTime(note.at)}</time>
          </p>
          <p className="break-words whitespace-pre-wrap">{note.text}</p>
        </li>
      ))}
    </ol>
  );
}
