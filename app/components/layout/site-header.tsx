import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { headerActions } from "~/content/nav";
import { cn } from "~/lib/utils";
import { Container } from "./container";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { SiteNav } from "./site-nav";
import { ThemeToggle } from "./theme-toggle";

export function SiteHeader() {
  // Fixed over a spacer of the full height: shrinking it never moves the page, which would shift the layout and
  // throw a smooth scroll to the top off by the difference. The frame's inline script sets data-compact on scroll.
  return (
    <>
      <div aria-hidden className="h-18 shrink-0" />
      <header
        data-site-header
        data-compact="false"
        className="fixed inset-x-0 top-0 z-40 h-18 border-b border-transparent bg-background transition-[height,background-color,box-shadow] duration-300 data-[compact=true]:h-14 data-[compact=true]:border-border data-[compact=true]:bg-background/75 data-[compact=true]:shadow-sm data-[compact=true]:backdrop-blur-md"
      >
        <Container className="flex h-full items-center justify-between gap-4">
          <Logo />
          <SiteNav
            label="Main"
            className="hidden items-center gap-1 md:flex"
            linkClassName="rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground"
            activeClassName="text-foreground"
          />
          <div className="flex items-center gap-2">
            <ThemeToggle />
            <Link to={headerActions.contact.to} className={cn(buttonVariants({ variant: "outline" }), "hidden md:inline-flex")}>
              {headerActions.contact.label}
            </Link>
            <Link to={headerActions.demo.to} className={cn(buttonVariants(), "hidden md:inline-flex")}>
              {headerActions.demo.label}
            </Link>
            <MobileMenu />
          </div>
        </Container>
      </header>
    </>
  );
}
