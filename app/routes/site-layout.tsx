import { isRouteErrorResponse, Outlet } from "react-router";
import { SiteFrame } from "~/components/layout/site-frame";
import { NOT_FOUND, RouteError } from "~/components/sections/route-error";
import { buildMeta } from "~/lib/meta";
import type { Route } from "./+types/site-layout";

// A page whose loader said 404 (a post never published or taken down, an unknown category) is shown by this layout's
// boundary, whose head is the only one rendered then: it says not found and noindex, like the catch-all's.
export const meta: Route.MetaFunction = ({ error, location }) => {
  if (!error) return [];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return buildMeta({
    title: notFound ? "Page not found" : "Something went wrong",
    description: notFound ? NOT_FOUND.message : "This page could not be loaded. Try again in a moment.",
    path: location.pathname,
    noindex: true,
  });
};

export default function SiteLayout() {
  return (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <SiteFrame>
      <RouteError error={error} />
    </SiteFrame>
  );
}
