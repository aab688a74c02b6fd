import type { RefObject } from "react";
import { NavLink } from "react-router";
import { Button } from "~/components/ui/button";
import { Sheet, SheetContent, SheetTitle } from "~/components/ui/sheet";
import { headerActions, headerLinks } from "~/content/nav";
import { site } from "~/content/site";
import { cn } from "~/lib/utils";
import { ExternalLink } from "./external-link";

export interface MobileMenuPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button, which lives outside this lazily loaded panel: focus goes back to it on close. */
  trigger: RefObject<HTMLButtonElement | null>;
}

/** The sheet behind the header's menu button, with its dialog machinery; loaded by ./mobile-menu on first use. */
export function MobileMenuPanel({ open, onOpenChange, trigger }: MobileMenuPanelProps) {
  const close = () => onOpenChange(false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        aria-describedby={undefined}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          trigger.current?.focus();
        }}
      >
        <SheetTitle className="text-lg font-semibold">Menu</SheetTitle>
        <nav aria-label="Mobile" className="flex flex-col gap-1">
          {headerLinks.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end
              onClick={close}
              className={({ isActive }) =>
                cn("rounded-md px-3 py-2.5 text-base font-medium hover:bg-accent", isActive && "bg-accent text-accent-foreground")
              }
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex flex-col gap-3">
          <Button asChild variant="outline" onClick={close}>
            <NavLink to={headerActions.contact.to}>{headerActions.contact.label}</NavLink>
          </Button>
          <Button asChild variant="secondary" onClick={close}>
            <NavLink to={headerActions.demo.to}>{headerActions.demo.label}</NavLink>
          </Button>
          <Button asChild onClick={close}>
            <ExternalLink href={site.appSignUpUrl}>Get Started</ExternalLink>
          </Button>
        </div>
      </SheetContent>
    </Sheet>
  );
}
