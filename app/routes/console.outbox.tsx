import { requireArea } from "~/middleware.server";
import { ConsoleTime } from "~/components/console/time";
import { ConsoleHeading, Notice } from "~/components/console/frame";
import { OUTBOX_STATUS, OutboxList, SuppressionList } from "~/features/outbox";
import { suppressionsPage } from "~/lib/mail/suppressions.server";
import { Pagination } from "~/components/console/pagination";
import { databaseContext, jobWordsContext } from "~/context";
import { describeJob } from "~/lib/jobs/job-words";
import { pageOf, PAGE_SIZE } from "~/lib/console/pagination";
import { plural } from "~/lib/console/format";
import { consoleMeta } from "~/lib/console/meta";
import { isOutboxStatus, outboxCounts, outboxPage, type OutboxStatus } from "~/features/outbox/index.server";
import { consolePaths } from "~/lib/console/paths";
import { alertStatesOf, deliveryHealth, type AlertState, type DeliveryHealth } from "~/lib/ops/alerts.server";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/console.outbox";

export const middleware: Route.MiddlewareFunction[] = [requireArea("leads")];

/** The newest addresses on the do-not-mail list shown under the jobs. */
const SUPPRESSIONS_SHOWN = 100;

export const meta: Route.MetaFunction = () => consoleMeta("Outbox");

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const status = isOutboxStatus(params.get("status")) ? (params.get("status") as OutboxStatus) : null;
  const { db } = context.get(databaseContext);
  const counts = await outboxCounts(db);
  const total = status ? counts[status] : Object.values(counts).reduce((sum, rows) => sum + rows, 0);
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(pageOf(params), pageCount);
  const [{ rows }, health, alerts, suppressions] = await Promise.all([
    outboxPage(db, { status, page }),
    deliveryHealth(db),
    alertStatesOf(db),
    suppressionsPage(db, SUPPRESSIONS_SHOWN, 0),
  ]);
  const words = context.get(jobWordsContext);
  return {
    status,
    counts,
    total,
    rows: rows.map((row) => ({ ...row, ...describeJob(row, words) })),
    page,
    pageCount,
    health,
    alerts,
    suppressions,
  };
}

const href = (status: OutboxStatus | null, page = 1) => {
  const query = new URLSearchParams();
  if (status) query.set("status", status);
  if (page > 1) query.set("page", String(page));
  return query.size > 0 ? `${consolePaths.outbox}?${query.toString()}` : consolePaths.outbox;
};

export default function Outbox({ loaderData }: Route.ComponentProps) {
  const { status, counts, rows, page, pageCount, health, alerts, suppressions } = loaderData;
  const all = Object.values(counts).reduce((sum, value) => sum + value, 0);
  const tab = (value: OutboxStatus | null, label: string, count: number) => (
    <a
      key={value ?? "all"}
      href={href(value)}
      aria-current={status === value ? "page" : undefined}
      className={cn(
        "inline-flex h-9 items-center gap-2 rounded-md border px-3 text-sm font-medium whitespace-nowrap hover:bg-accent",
        status === value ? "border-primary bg-primary/10" : "bg-card",
        value === "failed" && count > 0 && "text-destructive",
      )}
    >
      {label} ({count.toLocaleString("en-US")})
    </a>
  );
  return (
    <>
      <ConsoleHeading
        title="Outbox"
        description={`Every email and webhook the site sends, with its delivery state: ${plural(counts.failed, "failed job")}.`}
      />
      <DeliveryState health={health} alerts={alerts} />
      <nav aria-label="Job states" className="flex flex-wrap gap-2">
        {tab(null, "All", all)}
        {(Object.keys(OUTBOX_STATUS) as OutboxStatus[]).map((value) => tab(value, OUTBOX_STATUS[value].label, counts[value]))}
      </nav>
      <OutboxList rows={rows} />
      <Pagination page={page} pageCount={pageCount} href={(next) => href(status, next)} label="Pages of jobs" />
      <SuppressionList rows={suppressions.rows} total={suppressions.total} />
    </>
  );
}

/** The same state the alerts report (decision 020): what is wrong now, and when the team was told. */
function DeliveryState({ health, alerts }: { health: DeliveryHealth; alerts: AlertState[] }) {
  const problems = [
    health.failedJobs > 0 ? `${plural(health.failedJobs, "job")} failed for good` : null,
    alerts.some((alert) => alert.condition === "stale-queue" && alert.active) && health.oldestWaitingMinutes !== null
      ? `the oldest waiting job has waited ${plural(health.oldestWaitingMinutes, "minute")}`
      : null,
  ].filter(Boolean);
  const told = alerts
    .filter((alert) => alert.active && alert.notifiedAt)
    .map((alert) => alert.notifiedAt!)
    .sort((a, b) => b.getTime() - a.getTime())[0];
  if (problems.length === 0) {
    const waiting =
      health.oldestWaitingMinutes === null
        ? "nothing is waiting"
        : `the oldest waiting job has waited ${plural(health.oldestWaitingMinutes, "minute")}`;
    return <Notice>Delivery is healthy: no job failed for good, and {waiting}.</Notice>;
  }
  return (
    <Notice tone="error">
      Delivery needs attention: {problems.join("; ")}.{" "}
      {told ? (
        <>
          The team was alerted <ConsoleTime value={told} />.
        </>
      ) : (
        "The team has not been alerted yet."
      )}
    </Notice>
  );
}
