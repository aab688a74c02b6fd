import { Outlet } from "react-router";
import { OperatorError } from "~/components/console/operator-error";
import { operatorHeaders } from "~/lib/console/guard.server";
import { inboxMeta } from "~/lib/console/meta";
import { isBlogAdminPath } from "~/lib/console/paths";
import type { Route } from "./+types/console";
import inboxStyles from "~/styles/inbox.css?url";

// The console's outer route, one module for both of its addresses (app/routes.ts): the inbox (docs/decisions/014) and
// the blog editor (docs/decisions/023). Its stylesheet and headers: never cached, never indexed. The layouts below sign
// the operator in and check every post. Whether a page hydrates is said below it: the inbox never does, the editor does.

export const middleware: Route.MiddlewareFunction[] = [operatorHeaders];

export const meta: Route.MetaFunction = ({ location }) => inboxMeta(isBlogAdminPath(location.pathname) ? "Posts" : "Inbox");

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: inboxStyles }];

export default function Console() {
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
