import { useEffect, useState } from "react";
import { Link, NavLink } from "react-router";
import { Button } from "~/components/ui/button";
import { headerActions, headerLinks } from "~/content/nav";
import { cn } from "~/lib/utils";
import { Container } from "./container";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { ThemeToggle } from "./theme-toggle";

export const COMPACT_HEADER_AFTER_PX = 50;

function useScrolledPast(threshold: number) {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return past;
}

export function SiteHeader() {
  const compact = useScrolledPast(COMPACT_HEADER_AFTER_PX);

  // Fixed over a spacer of the full height: shrinking it never moves the page, which would shift the layout and
  // throw a smooth scroll to the top off by the difference.
  return (
    <>
      <div aria-hidden className="h-18 shrink-0" />
      <header
        data-compact={compact}
        className={cn(
          "fixed inset-x-0 top-0 z-40 border-b transition-[height,background-color,box-shadow] duration-300",
          compact ? "h-14 border-border bg-background/75 shadow-sm backdrop-blur-md" : "h-18 border-transparent bg-background",
        )}
      >
        <Container className="flex h-full items-center justify-between gap-4">
          <Logo />
          <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
            {headerLinks.map((link) => (
              <NavLink
                key={link.to}
                to={link.to}
                end
                className={({ isActive }) =>
                  cn(
                    "rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground",
                    isActive && "text-foreground",
                  )
                }
              >
                {link.label}
              </NavLink>
            ))}
          </nav>
          <div className="flex items-center gap-2">
            <ThemeToggle />
            <Button asChild variant="outline" className="hidden md:inline-flex">
              <Link to={headerActions.contact.to}>{headerActions.contact.label}</Link>
            </Button>
            <Button asChild className="hidden md:inline-flex">
              <Link to={headerActions.demo.to}>{headerActions.demo.label}</Link>
            </Button>
            <MobileMenu />
          </div>
        </Container>
      </header>
    </>
  );
}
