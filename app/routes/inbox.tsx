import { isRouteErrorResponse, Outlet } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { operatorHeaders } from "~/lib/auth/guard.server";
import { staticPage } from "~/lib/hydration";
import { inboxMeta } from "~/lib/inbox/meta";
import { inboxPaths } from "~/lib/inbox/paths";
import type { Route } from "./+types/inbox";
import inboxStyles from "~/styles/inbox.css?url";

// The operator area (docs/decisions/014). Its pages are plain HTML and forms, rendered by the server for each request:
// they never hydrate (so no public page carries a byte of them), are never cached and never indexed.

export const handle = staticPage;

export const middleware: Route.MiddlewareFunction[] = [operatorHeaders];

export const meta: Route.MetaFunction = () => inboxMeta("Inbox");

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: inboxStyles }];

export default function Inbox() {
  return (
    <div data-inbox="">
      <Outlet />
    </div>
  );
}

const ERRORS: Record<number, { title: string; text: string }> = {
  403: {
    title: "This request was refused",
    text: "It did not come from the inbox itself, or its form had expired. Go back, reload the page and try again.",
  },
  404: { title: "Not found", text: "This lead or page does not exist. It may have been erased or deleted by the retention purge." },
  503: { title: "The inbox cannot reach its database", text: "Nothing was changed. Try again in a moment." },
};

/** What an operator sees when something fails: what happened and a way back, never a stack trace or a row. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const { title, text: fallback } = ERRORS[status] ?? {
    title: "Something went wrong",
    text: "Nothing was changed. Try again in a moment.",
  };
  // A refusal says why in its own words (app/lib/auth/guard.server.ts): a forged post, an expired form, a role.
  const said = status === 403 && isRouteErrorResponse(error) && typeof error.data === "string" ? error.data.trim() : "";
  const text = said || fallback;
  return (
    <main data-inbox="" className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center gap-4 px-4 py-12">
      <p className="text-sm font-semibold text-muted-foreground">Error {status}</p>
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="text-muted-foreground">{text}</p>
      <p>
        <a href={inboxPaths.leads} className={buttonVariants()}>
          Back to the inbox
        </a>
      </p>
    </main>
  );
}
