import type * as React from "react";
import { NavLink, useLocation } from "react-router";
import { LogoMark } from "~/components/layout/logo";
import { ThemeToggle } from "~/components/layout/theme-toggle";
import { Button } from "~/components/ui/button";
import { consolePaths } from "~/lib/console/paths";
import { cn } from "~/lib/utils";
import { PostForm } from "./post-form";
import { useConsoleSession } from "./session";

// The signed-in frame every console page sits in (the plain pages' and the editors'): the navigation by role, the
// counts, sign-out, and the page heading and notices.

const navLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    "inline-flex h-10 shrink-0 items-center gap-2 rounded-md px-2 text-sm font-medium whitespace-nowrap transition-colors hover:bg-accent hover:text-accent-foreground",
    // The current section is where a sideways-scrolling row opens (the navigation below).
    isActive ? "bg-secondary text-secondary-foreground [scroll-initial-target:nearest]" : "text-muted-foreground",
  );
/** A section link's classes with what one place adds (where it shows, its height). */
const navLinkWith =
  (extra: string) =>
  ({ isActive }: { isActive: boolean }) =>
    cn(navLink({ isActive }), extra);

function Count({ value, label, tone = "default" }: { value: number; label: string; tone?: "default" | "alert" }) {
  if (value === 0) return null;
  return (
    <span
      className={cn(
        "rounded-full px-2 py-0.5 text-xs font-semibold",
        tone === "alert" ? "bg-destructive text-destructive-foreground" : "bg-primary text-primary-foreground",
      )}
    >
      {value.toLocaleString("en-US")}
      <span className="sr-only"> {label}</span>
    </span>
  );
}

/** The operator area's own frame: no public header or footer, a skip link, the sections with their counts. */
/**
 * While any of the company's details is a placeholder in production, every screen says which, with the way to fix them
 * (decision 043); gone on the next page after the real ones are published.
 */
function CompanyPlaceholders({ fields, mayEdit }: { fields: readonly string[]; mayEdit: boolean }) {
  if (fields.length === 0) return null;
  const one = fields.length === 1;
  const list = one ? fields[0] : `${fields.slice(0, -1).join(", ")} and ${fields.at(-1)}`;
  return (
    // A landmark, not a live region: it is there when the page loads, and a screen's own status messages stay the only
    // role=status a test or a screen reader has to pick from.
    <aside
      aria-label="Company details"
      data-testid="company-placeholders"
      className="border-b border-destructive/50 bg-destructive/5 text-sm"
    >
      <p className="mx-auto w-full max-w-6xl px-4 py-2 sm:px-6 lg:px-8">
        <strong>{`The company's ${list} ${one ? "is" : "are"} still a placeholder`}</strong>
        {`: every page and email shows ${one ? "it" : "them"} to visitors. `}
        {mayEdit ? (
          <a href={consolePaths.collection("company")} className="font-medium text-primary underline underline-offset-4">
            Publish the real details in Company
          </a>
        ) : (
          "An editor or admin publishes the real details in Site content, Company."
        )}
      </p>
    </aside>
  );
}

export function ConsoleFrame({ children }: { children: React.ReactNode }) {
  const { email, areas, newLeads, today, failedJobs, heldSpam, companyPlaceholders } = useConsoleSession();
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#console-main"
        className="sr-only rounded-md bg-background px-4 py-2 font-medium focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to content
      </a>
      <header className="border-b bg-card">
        <div className="mx-auto flex w-full max-w-6xl flex-col gap-2 px-4 pt-3 sm:px-6 lg:px-8">
          <div className="flex items-center justify-between gap-3">
            <a href={consolePaths.home} className="flex items-center gap-2 rounded-md font-bold tracking-tight">
              <LogoMark className="size-7" />
              <span>Replywise console</span>
            </a>
            <div className="flex items-center gap-2">
              {/* From md up the account is the signed-in address, so the sections' row fits one line at 1280 px. */}
              <NavLink reloadDocument to={consolePaths.account} title={email} className={navLinkWith("hidden h-9 max-w-64 md:inline-flex")}>
                <span className="truncate">
                  <span className="sr-only">Account: </span>
                  {email}
                </span>
              </NavLink>
              <ThemeToggle />
              <PostForm action={consolePaths.signOut}>
                <Button type="submit" variant="outline" size="sm">
                  Sign out
                </Button>
              </PostForm>
            </div>
          </div>
          {/*
            One row at any width: on a phone it scrolls sideways by touch and by the scroll bar, with a shadow on the
            side that has more, and the current section scrolled into view as the page opens (scroll-initial-target,
            no script). While the keyboard is in it, the row wraps to show every section at once: Chromium does not
            scroll a link tabbed to into view inside it. Wrapping always took two lines at 390 px and cut "Spam" off.
            The padding keeps a focused link's outline inside the scrolling box; `relative` keeps the counts' words
            for screen readers (placed absolutely) inside it, not past the page.
          */}
          <nav
            aria-label="Console"
            className="scroll-cue-x relative -mx-2.5 flex [scrollbar-width:thin] flex-nowrap gap-0.5 overflow-x-auto px-0.5 pt-0.5 pb-2 has-[:focus-visible]:flex-wrap"
          >
            {areas.includes("leads") && (
              <>
                <NavLink reloadDocument to={consolePaths.today} className={navLink}>
                  Today <Count value={today} label="to do" />
                </NavLink>
                <NavLink reloadDocument to={consolePaths.leads} end className={navLink}>
                  Leads <Count value={newLeads} label="new" />
                </NavLink>
                <NavLink reloadDocument to={consolePaths.board} className={navLink}>
                  Board
                </NavLink>
                <NavLink reloadDocument to={consolePaths.roadmap} className={navLink}>
                  Roadmap
                </NavLink>
                <NavLink reloadDocument to={consolePaths.outbox} className={navLink}>
                  Outbox <Count value={failedJobs} label="failed" tone="alert" />
                </NavLink>
                <NavLink reloadDocument to={consolePaths.spam} className={navLink}>
                  Spam <Count value={heldSpam} label="held" />
                </NavLink>
                <NavLink reloadDocument to={consolePaths.requests} className={navLink}>
                  Data requests
                </NavLink>
              </>
            )}
            {areas.includes("posts") && (
              <>
                <NavLink reloadDocument to={consolePaths.posts} end className={navLink}>
                  Posts
                </NavLink>
                {/* The campaign pages are site content too (decision 047): the link stays current on them. */}
                <NavLink
                  reloadDocument
                  to={consolePaths.content}
                  className={({ isActive }) => navLink({ isActive: isActive || pathname.startsWith(consolePaths.pages) })}
                >
                  Site content
                </NavLink>
              </>
            )}
            {areas.includes("newsletter") && (
              <NavLink reloadDocument to={consolePaths.newsletter} className={navLink}>
                Newsletter
              </NavLink>
            )}
            {areas.includes("redirects") && (
              <NavLink reloadDocument to={consolePaths.redirects} className={navLink}>
                Redirects
              </NavLink>
            )}
            {areas.includes("reports") && (
              <NavLink reloadDocument to={consolePaths.reports} className={navLink}>
                Reports
              </NavLink>
            )}
            {areas.includes("audit") && (
              <NavLink reloadDocument to={consolePaths.audit} className={navLink}>
                Audit log
              </NavLink>
            )}
            <NavLink reloadDocument to={consolePaths.account} className={navLinkWith("md:hidden")}>
              Account
            </NavLink>
          </nav>
        </div>
      </header>
      <CompanyPlaceholders fields={companyPlaceholders} mayEdit={areas.includes("posts")} />
      <main
        id="console-main"
        tabIndex={-1}
        className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-6 px-4 py-6 sm:px-6 lg:px-8 lg:py-8"
      >
        {children}
      </main>
    </div>
  );
}

/** The page's one heading, with what it is about and the page's main actions beside it. */
export function ConsoleHeading({
  title,
  description,
  children,
}: {
  title: string;
  description?: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children ? <div className="flex flex-wrap items-center gap-2">{children}</div> : null}
    </div>
  );
}

/** A message about what just happened (status) or what went wrong (alert). */
export function Notice({ tone = "success", children }: { tone?: "success" | "error"; children: React.ReactNode }) {
  return (
    <div
      role={tone === "success" ? "status" : "alert"}
      className={cn(
        "rounded-lg border p-4 text-sm",
        tone === "success" ? "border-primary/40 bg-primary/5" : "border-destructive/50 bg-destructive/5 text-foreground",
      )}
    >
      {children}
    </div>
  );
}
