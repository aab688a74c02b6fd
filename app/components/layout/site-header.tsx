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

  return (
    <header
      data-compact={compact}
      className={cn(
        "sticky top-0 z-40 w-full border-b transition-[padding,background-color,box-shadow] duration-300",
        compact
          ? "border-border bg-background/75 py-2 shadow-sm backdrop-blur-md"
          : "border-transparent bg-background py-4",
      )}
    >
      <Container className="flex items-center justify-between gap-4">
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
  );
}
