import { Outlet } from "react-router";
import { OperatorError } from "~/components/console/operator-error";
import { operatorHeaders } from "~/lib/console/guard.server";
import { consoleMeta } from "~/lib/console/meta";
import type { Route } from "./+types/console";
import consoleStyles from "~/styles/console.css?url";

// The console's outer route (decision 030): every signed-in area under /console. Its stylesheet and headers: never
// cached, never indexed. The layouts below sign the operator in and check every post. Whether a page hydrates is said
// below it: the areas never do, the editors do.

export const middleware: Route.MiddlewareFunction[] = [operatorHeaders];

export const meta: Route.MetaFunction = () => consoleMeta("Console");

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: consoleStyles }];

export default function Console() {
  return (
    <div data-console="">
      <Outlet />
    </div>
  );
}

/** What an operator sees when something fails: what happened and a way back, never a stack trace or a row. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <OperatorError error={error} />;
}
