import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { consolePaths } from "~/lib/console/paths";
import { cn } from "~/lib/utils";
import { dueWords } from "~/features/leads";
import { ConsoleTime } from "~/components/console/time";
import { TODAY_SECTION_LABELS, TODAY_SECTIONS, type TodayLine, type TodaySection } from "./lines";

// Today's page body (decision 044): a section each for follow-ups overdue, due today and new hand-raisers, one line per
// person with what they want, how long ago (the console's times, in the operator's zone) and one action.

const EMPTY: Record<TodaySection, string> = {
  overdue: "No follow-up is overdue.",
  due: "No follow-up is due today.",
  new: "Nobody new has raised a hand.",
};

export function TodayList({
  lines,
  today,
  owners,
}: {
  lines: TodayLine[];
  today: string;
  /** Account addresses by id, for a line someone else owns. */
  owners: Map<number, string>;
}) {
  return (
    <div className="flex flex-col gap-6">
      {TODAY_SECTIONS.map((section) => {
        const rows = lines.filter((line) => line.section === section);
        const headingId = `today-${section}`;
        return (
          <section key={section} aria-labelledby={headingId} className="flex flex-col gap-2">
            <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
              {TODAY_SECTION_LABELS[section]}
              <span className="rounded-full bg-secondary px-2 py-0.5 text-xs font-semibold text-secondary-foreground">
                {rows.length.toLocaleString("en-US")}
                <span className="sr-only"> {rows.length === 1 ? "person" : "people"}</span>
              </span>
            </h2>
            {rows.length === 0 ? (
              <p className="text-sm text-muted-foreground">{EMPTY[section]}</p>
            ) : (
              <ol aria-labelledby={headingId} className="divide-y rounded-xl border bg-card">
                {rows.map((line) => (
                  <TodayRow key={`${line.section}-${line.email}`} line={line} today={today} owners={owners} />
                ))}
              </ol>
            )}
          </section>
        );
      })}
    </div>
  );
}

function TodayRow({ line, today, owners }: { line: TodayLine; today: string; owners: Map<number, string> }) {
  const { source } = line;
  const href = source.kind === "vote" ? consolePaths.roadmapItem(source.itemId) : consolePaths.lead(source.kind, source.id);
  const action = source.kind === "vote" ? "See the vote" : line.section === "new" ? "Open" : "Follow up";
  const owner = line.mine ? "Yours" : line.ownerId === null ? "Nobody's" : (owners.get(line.ownerId) ?? "A former account's");
  return (
    <li
      data-today-line=""
      className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1 px-4 py-3 md:grid-cols-[12rem_minmax(0,1fr)_8rem_6rem_7rem]"
    >
      <span className="truncate font-semibold" title={line.email}>
        {line.who}
      </span>
      <span className="col-span-2 row-start-2 truncate text-sm text-muted-foreground md:col-span-1 md:row-start-auto" title={line.want}>
        {line.want}
      </span>
      <span className="row-start-3 text-sm text-muted-foreground md:row-start-auto">
        {line.section === "new" || !line.followUpOn ? (
          <ConsoleTime value={line.at} />
        ) : (
          <time dateTime={line.followUpOn}>{dueWords(line.followUpOn, today)}</time>
        )}
      </span>
      <span className="row-start-3 justify-self-end md:row-start-auto md:justify-self-start">
        <Badge variant={line.mine ? "default" : "outline"} className="max-w-24 truncate" title={owner}>
          {owner}
        </Badge>
      </span>
      <a
        href={href}
        className={cn(buttonVariants({ size: "sm", variant: line.section === "new" ? "outline" : "default" }), "justify-self-end")}
      >
        {action}
        <span className="sr-only"> {line.section === "new" ? line.who : `with ${line.who}`}</span>
      </a>
    </li>
  );
}
