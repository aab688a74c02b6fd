import { Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { Button, type ButtonProps } from "~/components/ui/button";

/** What a lazily loaded dialog body receives: Radix's open state, and where focus goes back when it closes. */
export interface DialogState {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
}

interface DialogLinkProps {
  /** Where the link leads without JavaScript (or with a modifier key): the form's own page. */
  href: string;
  /** Loads the dialog's code; called when the browser is idle and when the visitor points at or focuses the link. */
  preload: () => Promise<unknown>;
  render: (dialog: DialogState) => ReactNode;
  size?: ButtonProps["size"];
  variant?: ButtonProps["variant"];
  className?: string;
  children: ReactNode;
}

function whenIdle(task: () => void) {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(task, { timeout: 4000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(task, 1500);
  return () => window.clearTimeout(timer);
}

/**
 * A link that opens a dialog in place. The dialog's code (Radix, the form) is not part of the page's first load: it is
 * fetched when the browser is idle or on first intent, and the page works before that because the link is real.
 */
export function DialogLink({ href, preload, render, size, variant, className, children }: DialogLinkProps) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const trigger = useRef<HTMLAnchorElement>(null);
  const warm = () => void preload().catch(() => {});

  useEffect(() => whenIdle(() => void preload().catch(() => {})), [preload]);

  return (
    <>
      <Button asChild size={size} variant={variant} className={className}>
        <a
          ref={trigger}
          href={href}
          aria-haspopup="dialog"
          onPointerEnter={warm}
          onFocus={warm}
          onClick={(event) => {
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
            event.preventDefault();
            setMounted(true);
            setOpen(true);
          }}
        >
          {children}
        </a>
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          {render({
            open,
            onOpenChange: setOpen,
            // The trigger is a link, not a Radix trigger, so focus is handed back to it explicitly.
            onCloseAutoFocus: (event) => {
              event.preventDefault();
              trigger.current?.focus();
            },
          })}
        </Suspense>
      ) : null}
    </>
  );
}
