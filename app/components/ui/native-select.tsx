import { Icon } from "~/components/ui/icon";
import type * as React from "react";
import { cn } from "~/lib/utils";
import { fieldControlClass } from "./input";

/** The browser's own select (keyboard, mobile pickers, forms without JavaScript) drawn like the other fields. */
export function NativeSelect({ className, ...props }: React.ComponentProps<"select">) {
  return (
    <div data-slot="native-select-wrapper" className="relative">
      <select data-slot="native-select" className={cn(fieldControlClass, "h-10 appearance-none pr-9", className)} {...props} />
      <Icon name="chevron-down" className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground" />
    </div>
  );
}
