import { Outlet } from "react-router";
import { OperatorError } from "~/components/console/operator-error";
import { operatorHeaders } from "~/lib/console/guard.server";
import { inboxMeta } from "~/lib/console/meta";
import type { Route } from "./+types/blog-admin-root";
import inboxStyles from "~/styles/inbox.css?url";

// The blog editor's frame (docs/decisions/023): the inbox's look and headers (never cached, never indexed). The inbox
// layout below it signs the operator in and checks every post, then each page checks the role reaches the posts.

export const middleware: Route.MiddlewareFunction[] = [operatorHeaders];

export const meta: Route.MetaFunction = () => inboxMeta("Posts");

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: inboxStyles }];

export default function BlogAdminRoot() {
  return (
    <div data-inbox="">
      <Outlet />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <OperatorError error={error} />;
}
