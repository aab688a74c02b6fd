import { plural } from "~/lib/console/format";
import { ConsoleTime } from "~/components/console/time";
import { SUPPRESSION_LABELS, type Suppression } from "~/lib/mail/suppression";
import { RecordList } from "~/components/console/record-list";

/** The do-not-mail list (docs/decisions/024): who gets no mail, why, and since when. */
export function SuppressionList({ rows, total }: { rows: Suppression[]; total: number }) {
  return (
    <section aria-labelledby="do-not-mail" className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h2 id="do-not-mail" className="text-xl font-semibold tracking-tight">
          Do not mail ({total.toLocaleString("en-US")})
        </h2>
        <p className="text-sm text-muted-foreground">
          Addresses that bounced for good, marked our mail as spam or bounced for now too often get no mail of any kind. Only a newsletter
          sign-up they start again themselves reaches them, and confirming it takes them off this list.
          {total > rows.length ? ` The newest ${plural(rows.length, "address", "addresses")} are shown.` : ""}
        </p>
      </div>
      <RecordList label="Addresses that get no mail" empty="No address is on the list.">
        {rows.map((row) => (
          <li key={row.email} className="flex flex-col gap-1 p-4 text-sm lg:grid lg:grid-cols-12 lg:gap-4">
            <p className="font-medium break-words lg:col-span-4">{row.email}</p>
            <p className="lg:col-span-2">
              {SUPPRESSION_LABELS[row.reason]}{" "}
              <span className="text-muted-foreground">({row.source === "smtp" ? "our mail server" : "the mail provider"})</span>
            </p>
            <p className="break-words text-muted-foreground lg:col-span-4">{row.detail ?? "No detail given."}</p>
            <p className="text-muted-foreground lg:col-span-2">
              Since <ConsoleTime value={row.createdAt} />
            </p>
          </li>
        ))}
      </RecordList>
    </section>
  );
}
