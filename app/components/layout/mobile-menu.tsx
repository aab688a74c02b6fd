import { NavLink } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { headerActions } from "~/content/nav";
import { site } from "~/content/site";
import { cn } from "~/lib/utils";
import { ExternalLink } from "./external-link";
import { SiteNav } from "./site-nav";

const MENU_ID = "mobile-menu";

/**
 * The small-screen menu: a native modal <dialog> (focus kept inside, Escape, the rest of the page inert), opened and
 * closed by the frame's inline script (lib/frame-script.ts), so it costs no script of its own and works before and
 * without hydration. Choosing a link or the backdrop closes it; focus goes back to the button.
 */
export function MobileMenu() {
  return (
    <>
      <button
        type="button"
        data-menu-open
        aria-controls={MENU_ID}
        aria-haspopup="dialog"
        aria-expanded="false"
        aria-label="Open menu"
        className={cn(buttonVariants({ variant: "ghost", size: "icon" }), "md:hidden")}
      >
        <Icon name="menu" className="size-6" />
      </button>
      <dialog
        id={MENU_ID}
        data-menu
        aria-labelledby={`${MENU_ID}-title`}
        className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-[min(20rem,85vw)] max-w-none overflow-y-auto border-l bg-background p-0 text-foreground shadow-xl backdrop:bg-black/50"
      >
        <div className="relative flex min-h-full flex-col gap-6 p-6">
          <h2 id={`${MENU_ID}-title`} className="text-lg font-semibold">
            Menu
          </h2>
          <SiteNav
            label="Mobile"
            className="flex flex-col gap-1"
            linkClassName="rounded-md px-3 py-2.5 text-base font-medium hover:bg-accent"
            activeClassName="bg-accent text-accent-foreground"
          />
          <div className="flex flex-col gap-3">
            <NavLink to={headerActions.contact.to} className={buttonVariants({ variant: "outline" })}>
              {headerActions.contact.label}
            </NavLink>
            <NavLink to={headerActions.demo.to} className={buttonVariants({ variant: "secondary" })}>
              {headerActions.demo.label}
            </NavLink>
            <ExternalLink href={site.appSignUpUrl} className={buttonVariants()}>
              Get Started
            </ExternalLink>
          </div>
          <button
            type="button"
            data-menu-close
            className="absolute top-5 right-5 rounded-sm p-1 opacity-80 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring"
          >
            <Icon name="x" className="size-5" />
            <span className="sr-only">Close menu</span>
          </button>
        </div>
      </dialog>
    </>
  );
}
