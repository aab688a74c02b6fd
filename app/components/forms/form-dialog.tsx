import type * as React from "react";
import { Button, type ButtonProps } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/utils";

// A form in a native modal <dialog> (decision 041): showModal() keeps focus inside, closes on Escape and makes the
// page inert; the page script (app/lib/page-scripts/lead-forms.ts) opens it from its link and gives focus back.

interface DialogOpenerProps extends Omit<React.ComponentProps<"a">, "href"> {
  /** Where the link leads without JavaScript (or with a modifier key): the form's own page. */
  href: string;
  dialogId: string;
  size?: ButtonProps["size"];
  variant?: ButtonProps["variant"];
}

/** A real link to the form's page, which the page script turns into the opening of the dialog. */
export function DialogOpener({ href, dialogId, size, variant, className, children, ...props }: DialogOpenerProps) {
  return (
    <Button asChild size={size} variant={variant} className={className}>
      <a href={href} aria-haspopup="dialog" aria-controls={dialogId} data-dialog-open="" {...props}>
        {children}
      </a>
    </Button>
  );
}

/** The dialog's title and description, named by the dialog (`<id>-title`, `<id>-description`). */
export function FormDialogHeader({
  dialogId,
  title,
  description,
  className,
}: {
  dialogId: string;
  title: React.ReactNode;
  description: React.ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("flex flex-col gap-1.5 pr-6", className)}>
      <h2 id={`${dialogId}-title`} className="text-xl font-semibold">
        {title}
      </h2>
      <p id={`${dialogId}-description`} className="text-sm text-muted-foreground">
        {description}
      </p>
    </div>
  );
}

/** The modal itself, closed until its link opens it. */
export function FormDialog({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <dialog
      id={id}
      data-form-dialog=""
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      // A phone keeps a clear margin of the page on every side: at 1 rem the form read as touching the edge.
      className="m-auto max-h-[calc(100dvh-3rem)] w-[calc(100%-3rem)] max-w-lg overflow-y-auto overscroll-contain rounded-xl border bg-popover p-0 text-popover-foreground shadow-xl backdrop:bg-black/60"
    >
      <div className="relative grid gap-4 p-5 sm:p-6">
        {children}
        <button
          type="button"
          data-dialog-close=""
          className="absolute top-4 right-4 rounded-sm opacity-70 transition-opacity hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring"
        >
          <Icon name="x" className="size-5" />
          <span className="sr-only">Close</span>
        </button>
      </div>
    </dialog>
  );
}
