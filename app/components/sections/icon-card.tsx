import { Check } from "lucide-react";
import { Card } from "~/components/ui/card";
import type { IconName } from "~/content/icons";
import { cn } from "~/lib/utils";
import { IconBadge } from "./icon";

interface IconCardProps {
  icon: IconName;
  title: string;
  description: string;
  points?: readonly string[];
  className?: string;
  /** Heading level inside the page outline. */
  as?: "h2" | "h3";
}

export function IconCard({ icon, title, description, points, className, as: Heading = "h3" }: IconCardProps) {
  return (
    <Card className={cn("h-full", className)}>
      <IconBadge name={icon} />
      <Heading className="text-lg leading-snug font-semibold">{title}</Heading>
      <p className="text-sm text-muted-foreground">{description}</p>
      {points?.length ? <CheckList items={points} className="mt-auto pt-2" /> : null}
    </Card>
  );
}

export function CheckList({ items, className }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={cn("flex flex-col gap-2 text-sm", className)}>
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2">
          <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
