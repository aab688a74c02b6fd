import { plural } from "~/lib/console/format";
import { ConsoleTime } from "~/components/console/time";
import { Section } from "~/components/console/section";

/** The tables a data-subject request looks in, in words. */
export const SUBJECT_TABLE_LABELS: Readonly<Record<string, string>> = {
  contact_requests: "Contact requests",
  feature_requests: "Feature requests",
  newsletter_deliveries: "Newsletter issues sent",
  newsletter_subscribers: "Newsletter subscriptions",
  resource_leads: "Downloads",
  roadmap_votes: "Roadmap votes",
  roadmap_notice_deliveries: "Shipped notices",
  roadmap_withdrawals: "Roadmap withdrawals",
  demo_booking_events: "Demo bookings as the booking service reported them",
  demo_bookings: "Demo meetings",
  demo_leads: "Demos booked",
  outbox: "Emails and webhooks (outbox)",
  spam_posts: "Posts held as spam",
  email_suppressions: "Do not mail (bounces and complaints)",
  email_soft_bounces: "Soft bounces counted",
};

function Value({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === "") return <span className="text-muted-foreground">(none)</span>;
  if (value instanceof Date) return <ConsoleTime value={value} />;
  if (typeof value === "object")
    return <pre className="overflow-x-auto rounded-md bg-muted p-2 text-xs whitespace-pre-wrap">{JSON.stringify(value, null, 2)}</pre>;
  return <span className="whitespace-pre-wrap">{String(value)}</span>;
}

/** Everything stored about one address, table by table, every column as the database names it. */
export function SubjectReport({ records }: { records: Record<string, Record<string, unknown>[]> }) {
  return (
    <>
      {Object.entries(records).map(([table, rows]) => (
        <Section key={table} id={`table-${table}`} title={`${SUBJECT_TABLE_LABELS[table] ?? table}: ${plural(rows.length, "row")}`}>
          {rows.length === 0 ? (
            <p className="text-muted-foreground">Nothing stored here.</p>
          ) : (
            rows.map((row, index) => (
              <dl
                key={index}
                className="grid gap-x-6 gap-y-2 border-t pt-3 text-sm first-of-type:border-t-0 first-of-type:pt-0 sm:grid-cols-[12rem_1fr]"
              >
                {Object.entries(row).map(([column, value]) => (
                  <div key={column} className="contents">
                    <dt className="font-mono text-xs text-muted-foreground sm:pt-0.5">{column}</dt>
                    <dd className="min-w-0">
                      <Value value={value} />
                    </dd>
                  </div>
                ))}
              </dl>
            ))
          )}
        </Section>
      ))}
    </>
  );
}

/** "3 rows: 1 in Contact requests, 2 in Downloads". */
export function describeCounts(counts: Record<string, number>): string {
  const total = Object.values(counts).reduce((sum, rows) => sum + rows, 0);
  const parts = Object.entries(counts)
    .filter(([, rows]) => rows > 0)
    .map(([table, rows]) => `${rows} in ${SUBJECT_TABLE_LABELS[table] ?? table}`);
  return parts.length > 0 ? `${plural(total, "row")}: ${parts.join(", ")}` : "no rows";
}
