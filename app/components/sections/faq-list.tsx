import { Icon } from "~/components/ui/icon";
import type { FaqEntry } from "~/content/faq";
import { cn } from "~/lib/utils";

/** Native disclosure widgets: keyboard and screen-reader support built in, and the answers stay in the HTML. */
export function FaqList({ entries, className }: { entries: readonly FaqEntry[]; className?: string }) {
  return (
    <div className={cn("mx-auto flex max-w-3xl flex-col gap-3", className)}>
      {entries.map((entry) => (
        <details key={entry.question} className="group rounded-xl border bg-card text-card-foreground shadow-sm">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 text-left font-semibold [&::-webkit-details-marker]:hidden">
            <span>{entry.question}</span>
            <Icon name="chevron-down" className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180" />
          </summary>
          <p className="px-5 pb-5 text-muted-foreground">{entry.answer}</p>
        </details>
      ))}
    </div>
  );
}
