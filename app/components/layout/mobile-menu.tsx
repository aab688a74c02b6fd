import { Menu } from "lucide-react";
import { useState } from "react";
import { NavLink } from "react-router";
import { Button } from "~/components/ui/button";
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from "~/components/ui/sheet";
import { headerActions, headerLinks } from "~/content/nav";
import { site } from "~/content/site";
import { cn } from "~/lib/utils";
import { ExternalLink } from "./external-link";

export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
          <Menu className="size-6" aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent aria-describedby={undefined}>
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
