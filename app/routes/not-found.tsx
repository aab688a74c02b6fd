import { useEffect } from "react";
import { data, useLocation } from "react-router";
import { ErrorPage } from "~/components/sections/error-page";
import { NOT_FOUND } from "~/components/sections/route-error";
import { buildMeta } from "~/lib/meta";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = ({ location }) =>
  buildMeta({ title: "Page not found", description: NOT_FOUND.message, path: location.pathname, noindex: true });

// The status reaches the HTTP response, so crawlers and monitors see a real 404.
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", pathname);
  }, [pathname]);
  return <ErrorPage {...NOT_FOUND} />;
}
