import type * as React from "react";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { availabilityLabels, type ListPoint } from "~/content/capabilities";
import type { IconName } from "~/content/icons";
import { cn } from "~/lib/utils";
import { IconBadge } from "./icon";

interface IconCardProps {
  icon: IconName;
  title: string;
  description: string;
  points?: readonly ListPoint[];
  className?: string;
  /** Heading level inside the page outline. */
  as?: "h2" | "h3";
  /** A picture at the top of the card (a product scene), above the icon. */
  visual?: React.ReactNode;
}

export function IconCard({ icon, title, description, points, className, as: Heading = "h3", visual }: IconCardProps) {
  return (
    <Card className={cn("h-full", visual && "overflow-hidden", className)}>
      {visual}
      <IconBadge name={icon} />
      <Heading className="text-lg leading-snug font-semibold">{title}</Heading>
      <p className="text-sm text-muted-foreground">{description}</p>
      {points?.length ? <CheckList items={points} className="mt-auto pt-2" /> : null}
    </Card>
  );
}

/** A list of what is included: available items get a check mark, planned ones a clock and their status in words. */
export function CheckList({ items, className }: { items: readonly ListPoint[]; className?: string }) {
  return (
    <ul className={cn("flex flex-col gap-2 text-sm", className)}>
      {items.map((item) => {
        const { label, availability } = typeof item === "string" ? { label: item, availability: "available" as const } : item;
        const available = availability === "available";
        return (
          <li key={label} className={cn("flex items-start gap-2", !available && "text-muted-foreground")}>
            {available ? (
              <Icon name="check" className="mt-0.5 size-4 shrink-0 text-success" />
            ) : (
              <Icon name="clock" className="mt-0.5 size-4 shrink-0" />
            )}
            <span>
              {label}{" "}
              {available ? null : (
                <Badge variant="outline" className="ml-1.5 align-middle text-muted-foreground">
                  {availabilityLabels[availability]}
                </Badge>
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
