import type { Stat } from "~/content/stats";
import { ExternalLink } from "~/components/layout/external-link";
import { cn } from "~/lib/utils";

/** The citation of a claim, shown wherever a statistic with a source appears. */
export function StatSource({ stat, className }: { stat: Stat; className?: string }) {
  if (!stat.source) return null;
  return (
    <p className={cn("text-xs text-muted-foreground", className)}>
      Source:{" "}
      <ExternalLink href={stat.source.url} className="underline underline-offset-2 hover:text-foreground">
        {stat.source.label}
      </ExternalLink>
    </p>
  );
}

export function StatFigure({ stat, className }: { stat: Stat; className?: string }) {
  return (
    <div className={cn("flex flex-col items-center gap-1 text-center", className)}>
      <p className="text-4xl font-extrabold tracking-tight text-primary">{stat.value}</p>
      <p className="text-sm text-muted-foreground">{stat.label}</p>
      <StatSource stat={stat} />
    </div>
  );
}
