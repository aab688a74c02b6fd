import { Outlet } from "react-router";
import { OperatorError } from "~/components/console/operator-error";
import { operatorHeaders } from "~/lib/console/guard.server";
import { staticPage } from "~/lib/hydration";
import { inboxMeta } from "~/lib/console/meta";
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

/** What an operator sees when something fails: what happened and a way back, never a stack trace or a row. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <OperatorError error={error} />;
}
