import * as DialogPrimitive from "@radix-ui/react-dialog";
import { Icon } from "~/components/ui/icon";
import type * as React from "react";
import { cn } from "~/lib/utils";

// A dialog that slides in from the right: Radix gives it the focus trap, Escape, outside click and focus return.
export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;
export const SheetTitle = DialogPrimitive.Title;

export function SheetContent({ className, children, ...props }: React.ComponentProps<typeof DialogPrimitive.Content>) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay data-slot="sheet-overlay" className="fixed inset-0 z-50 bg-black/50" />
      <DialogPrimitive.Content
        data-slot="sheet-content"
        className={cn(
          "fixed inset-y-0 right-0 z-50 flex w-[min(20rem,85vw)] flex-col gap-6 overflow-y-auto border-l bg-background p-6 shadow-xl",
          className,
        )}
        {...props}
      >
        {children}
        <DialogPrimitive.Close className="absolute top-5 right-5 rounded-sm p-1 opacity-80 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring">
          <Icon name="x" className="size-5" />
          <span className="sr-only">Close menu</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
