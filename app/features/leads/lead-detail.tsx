import type * as React from "react";
import { attributionEntries, type Attribution } from "./attribution";
import { leadFilterParams, DEFAULT_FILTER } from "./filters";
import { ConsoleTime } from "~/components/console/time";
import { consolePaths } from "~/lib/console/paths";
import type { LeadField } from "./types";
import { SubscriptionBadge } from "./lead-badges";

function FieldValue({ field }: { field: LeadField }) {
  if (field.value === null || field.value === "") return <span className="text-muted-foreground">Not given</span>;
  if (field.value instanceof Date) return <ConsoleTime value={field.value} />;
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
    // A label above its value: the list sits in the page's narrow side column.
    <dl className="flex flex-col gap-3">
      {entries.map((entry) => (
        <div key={entry.label} className="flex flex-col gap-0.5">
          <dt className="text-sm font-medium text-muted-foreground">{entry.label}</dt>
          <dd className="min-w-0 break-words">
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
