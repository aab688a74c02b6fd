import type { ReactNode } from "react";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import type { IconName } from "~/content/icons";
import type { RoadmapFeature, RoadmapMonth, RoadmapStatus } from "~/content/roadmap";
import { cn } from "~/lib/utils";
import { IconBadge } from "./icon";

const statusStyle = {
  completed: { variant: "success", icon: "check-circle" },
  planned: { variant: "secondary", icon: "clock" },
  // The shared warning badge lacks contrast on light backgrounds; the secret status uses the primary color instead.
  secret: { variant: "outline", icon: "sparkles", className: "border-primary/40 bg-primary/5 text-primary" },
} as const satisfies Record<RoadmapStatus, { variant: "success" | "secondary" | "outline"; icon: IconName; className?: string }>;

export function StatusBadge({ status, label }: { status: RoadmapStatus; label: string }) {
  const style = statusStyle[status];
  return (
    <Badge variant={style.variant} className={"className" in style ? style.className : undefined}>
      <Icon name={style.icon} />
      {label}
    </Badge>
  );
}

/**
 * Months in order down a vertical line; each month's features as cards with their status. `planned` fills the foot of
 * each planned item's card (its votes, decision 036).
 */
export function RoadmapTimeline({
  months,
  planned,
  className,
}: {
  months: readonly RoadmapMonth[];
  planned?: (feature: RoadmapFeature) => ReactNode;
  className?: string;
}) {
  return (
    <ol className={cn("relative flex flex-col gap-12 border-l-2 border-border pl-6 sm:pl-10", className)}>
      {months.map((month) => (
        <li key={month.month} className="relative" aria-labelledby={`month-${month.month}`}>
          <span
            aria-hidden="true"
            className="absolute top-1.5 -left-[calc(1.5rem+7px)] size-3 rounded-full bg-primary ring-4 ring-background sm:-left-[calc(2.5rem+7px)]"
          />
          <h2 id={`month-${month.month}`} className="mb-5 text-2xl font-bold tracking-tight">
            <time dateTime={month.month}>{month.label}</time>
          </h2>
          <ul className="grid gap-5 md:grid-cols-2">
            {month.features.map((feature) => (
              <li key={feature.id} id={feature.id} className="scroll-mt-24">
                <Card className={cn("h-full", feature.status === "secret" && "border-dashed border-primary/40")}>
                  <div className="flex items-start justify-between gap-3">
                    <IconBadge name={feature.icon} />
                    <StatusBadge status={feature.status} label={feature.statusLabel} />
                  </div>
                  <h3 className="text-lg font-semibold">{feature.name}</h3>
                  <p className="text-sm text-muted-foreground">{feature.description}</p>
                  {feature.status === "planned" ? planned?.(feature) : null}
                </Card>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
