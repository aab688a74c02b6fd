import { Icon } from "~/components/ui/icon";
import type { IconName } from "~/content/icons";
import { cn } from "~/lib/utils";

/** The rounded tinted square icons sit in on cards. */
export function IconBadge({ name, className }: { name: IconName; className?: string }) {
  return (
    <span className={cn("inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-secondary text-primary", className)}>
      <Icon name={name} className="size-5" />
    </span>
  );
}
