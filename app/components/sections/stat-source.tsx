import { basisNote, type Stat } from "~/content/stats";
import { ExternalLink } from "~/components/layout/external-link";
import { cn } from "~/lib/utils";

/** What a figure rests on, shown wherever it appears: the study's link and what it measured, or that it is a target. */
export function StatSource({ stat, className, measured = false }: { stat: Stat; className?: string; measured?: boolean }) {
  if (stat.basis.kind !== "study") {
    return <p className={cn("text-xs text-muted-foreground", className)}>{basisNote(stat)}</p>;
  }
  // The figures are edited in the browser (decision 035): only a web address becomes a link, whatever was stored.
  const { url, label } = stat.basis.source;
  return (
    <div className={cn("flex flex-col gap-1 text-xs text-muted-foreground", className)}>
      {measured ? <p>{stat.basis.measured}</p> : null}
      <p>
        Source:{" "}
        {/^https:\/\//.test(url) ? (
          <ExternalLink href={url} className="underline underline-offset-2 hover:text-foreground">
            {label}
          </ExternalLink>
        ) : (
          label
        )}
      </p>
    </div>
  );
}

export function StatFigure({ stat, className }: { stat: Stat; className?: string }) {
  return (
    <div className={cn("flex flex-col items-center gap-1 text-center", className)}>
      <p className="text-4xl font-extrabold tracking-tight text-primary">{stat.value}</p>
      <p className="text-sm text-muted-foreground">{stat.label}</p>
      <StatSource stat={stat} measured />
    </div>
  );
}
