import type { TimelineEvent } from "~/lib/console/timeline";
import { cn } from "~/lib/utils";
import { ConsoleTime } from "./time";

const ACTOR: Record<TimelineEvent["actor"], { words: string; dot: string }> = {
  person: { words: "From them", dot: "bg-primary" },
  site: { words: "The site", dot: "bg-muted-foreground" },
  team: { words: "The team", dot: "bg-foreground" },
};

/** One person's story, newest first (decision 045): what they did, what the site sent them, what the team did. */
export function Timeline({ events, label, empty }: { events: TimelineEvent[]; label: string; empty: string }) {
  if (events.length === 0) return <p className="text-muted-foreground">{empty}</p>;
  return (
    <ol aria-label={label} className="flex flex-col">
      {events.map((event, index) => (
        <li
          key={`${event.kind}-${event.at.getTime()}-${index}`}
          data-kind={event.kind}
          className="grid grid-cols-[auto_1fr] gap-x-3 py-2.5"
        >
          <span aria-hidden="true" className={cn("mt-2 size-2 rounded-full", ACTOR[event.actor].dot)} />
          <div className="flex min-w-0 flex-col gap-1">
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="sr-only">{ACTOR[event.actor].words}: </span>
              <span className={cn("font-medium", event.problem && "text-destructive")}>{event.title}</span>
              <ConsoleTime value={event.at} className="text-sm text-muted-foreground" />
            </p>
            {event.quote ? (
              <blockquote className="border-l-2 pl-3 text-sm break-words whitespace-pre-wrap">{event.quote}</blockquote>
            ) : null}
            {event.detail || event.moment || event.href ? (
              <p className={cn("text-sm break-words", event.problem ? "text-destructive" : "text-muted-foreground")}>
                {event.detail}
                {event.moment ? (
                  <>
                    {event.detail ? " " : null}
                    {event.momentLabel ? `${event.momentLabel} ` : null}
                    <ConsoleTime value={event.moment} />
                  </>
                ) : null}
                {event.href ? (
                  <>
                    {event.detail || event.moment ? " · " : null}
                    <a href={event.href} className="font-medium text-primary underline-offset-4 hover:underline">
                      {event.hrefLabel ?? "Open"}
                    </a>
                  </>
                ) : null}
              </p>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
