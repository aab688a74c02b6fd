import { describeAttribution } from "./attribution";
import { ConsoleTime } from "~/components/console/time";
import { formatDay } from "~/lib/console/format";
import { consolePaths } from "~/lib/console/paths";
import type { LeadOwner, LeadRow } from "./types";
import { KindBadge, StageBadge, SubscriptionBadge } from "./lead-badges";
import { RecordList } from "~/components/console/record-list";

/** One page of leads, newest first; each row opens the lead. A list on a phone, columns on a wide screen. */
export function LeadList({ rows, owners }: { rows: LeadRow[]; owners: LeadOwner[] }) {
  const ownerEmail = new Map(owners.map((owner) => [owner.id, owner.email]));
  return (
    <RecordList label="Leads" empty="No leads match these filters.">
      {rows.map((row) => (
        <LeadItem
          key={`${row.kind}-${row.id}`}
          row={row}
          owner={row.ownerId === null ? null : (ownerEmail.get(row.ownerId) ?? "another account")}
        />
      ))}
    </RecordList>
  );
}

function LeadItem({ row, owner }: { row: LeadRow; owner: string | null }) {
  const cameFrom = describeAttribution(row);
  return (
    <li className="relative flex flex-col gap-2 p-4 focus-within:bg-accent/60 hover:bg-accent/60 lg:grid lg:grid-cols-12 lg:items-start lg:gap-4">
      <div className="flex flex-wrap items-center gap-2 lg:col-span-2 lg:flex-col lg:items-start">
        <KindBadge kind={row.kind} />
        <StageBadge stage={row.stage} kind={row.kind} />
      </div>
      <div className="flex min-w-0 flex-col gap-0.5 lg:col-span-3">
        <a href={consolePaths.lead(row.kind, row.id)} className="line-clamp-1 font-semibold after:absolute after:inset-0 hover:underline">
          {row.name ?? row.email}
        </a>
        <p className="line-clamp-1 text-sm text-muted-foreground">
          {row.name ? row.email : null}
          {row.company ? ` · ${row.company}` : null}
        </p>
      </div>
      <div className="flex min-w-0 flex-col gap-1 lg:col-span-3">
        {row.summary ? <p className="line-clamp-2 text-sm">{row.summary}</p> : null}
        {row.subscription ? <SubscriptionBadge status={row.subscription} /> : null}
        {row.meetingAt ? (
          <p className="text-sm">
            Meeting <ConsoleTime value={row.meetingAt} />
          </p>
        ) : null}
      </div>
      <div className="flex min-w-0 flex-col gap-1 text-sm text-muted-foreground lg:col-span-2">
        <p className="break-words">{owner ? `Owner: ${owner}` : "No owner"}</p>
        {row.followUpOn ? (
          <p>
            Follow up <time dateTime={row.followUpOn}>{formatDay(row.followUpOn)}</time>
          </p>
        ) : null}
        <p className="line-clamp-2">{cameFrom ?? "Source not recorded"}</p>
      </div>
      <p className="text-sm text-muted-foreground lg:col-span-2 lg:text-right">
        <ConsoleTime value={row.at} />
      </p>
    </li>
  );
}
