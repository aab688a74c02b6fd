import { Badge } from "~/components/ui/badge";
import type { OutboxStatus } from "~/lib/db/schema/outbox";
import { ConsoleTime } from "~/components/console/time";
import type { WordedOutboxRow } from "./types";
import { RecordList } from "~/components/console/record-list";

type Variant = "default" | "secondary" | "outline" | "success" | "warning";
export const OUTBOX_STATUS: Record<OutboxStatus, { label: string; variant: Variant }> = {
  pending: { label: "Waiting", variant: "secondary" },
  sending: { label: "Sending", variant: "warning" },
  sent: { label: "Sent", variant: "success" },
  failed: { label: "Failed", variant: "outline" },
  suppressed: { label: "Not sent: do not mail", variant: "outline" },
};

export function OutboxStatusBadge({ status }: { status: string }) {
  const { label, variant } = OUTBOX_STATUS[status as OutboxStatus] ?? { label: status, variant: "outline" as const };
  return (
    <Badge variant={variant} className={status === "failed" ? "border-destructive/60 text-destructive" : undefined}>
      {label}
    </Badge>
  );
}

/** Every email and webhook job: its state, how often it was tried, and why it failed. */
export function OutboxList({ rows }: { rows: WordedOutboxRow[] }) {
  return (
    <RecordList label="Jobs" empty="No jobs here.">
      {rows.map((job) => (
        <li key={job.id} className="flex flex-col gap-2 p-4 lg:grid lg:grid-cols-12 lg:items-start lg:gap-4">
          <div className="flex flex-wrap items-center gap-2 lg:col-span-2">
            <OutboxStatusBadge status={job.status} />
          </div>
          <div className="flex min-w-0 flex-col gap-0.5 lg:col-span-4">
            <p className="font-semibold">{job.told}</p>
            {job.whom ? <p className="text-sm break-words text-muted-foreground">{job.whom}</p> : null}
          </div>
          <div className="flex min-w-0 flex-col gap-0.5 text-sm lg:col-span-4">
            <p>
              {job.attempts} {job.attempts === 1 ? "attempt" : "attempts"}
              {job.status === "pending" && job.attempts > 0 ? (
                <>
                  , next <ConsoleTime value={job.runAfter} />
                </>
              ) : null}
              {job.sentAt ? (
                <>
                  , sent <ConsoleTime value={job.sentAt} />
                </>
              ) : null}
            </p>
            {job.lastError ? <p className="text-destructive">{job.lastError}</p> : null}
          </div>
          <p className="text-sm text-muted-foreground lg:col-span-2 lg:text-right">
            Queued <ConsoleTime value={job.createdAt} />
          </p>
        </li>
      ))}
    </RecordList>
  );
}
