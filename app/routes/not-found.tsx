import { useEffect } from "react";
import { data, useLocation } from "react-router";
import { ErrorPage } from "~/components/sections/error-page";
import { NOT_FOUND } from "~/components/sections/route-error";
import { staticPage, type HydrationHandle, type PageScript, type PageScriptHandle } from "~/lib/hydration";
import { buildMeta } from "~/lib/meta";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = ({ location }) =>
  buildMeta({ title: "Page not found", description: NOT_FOUND.message, path: location.pathname, noindex: true });

/** Serialised into the page: the missing path goes to the browser's console, as React's effect below does. */
function logMissingPath(message: string) {
  console.error(message, location.pathname);
}

const MISSING_PATH_MESSAGE = "404 Error: User attempted to access non-existent route:";

// No React on a missing page (decision 041): its one behaviour is a page script. A 404 that React renders after a
// client-side navigation logs from its effect.
export const handle: HydrationHandle & PageScriptHandle = {
  ...staticPage,
  script: { start: logMissingPath, args: [MISSING_PATH_MESSAGE] } satisfies PageScript,
};

// The status reaches the HTTP response, so crawlers and monitors see a real 404.
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.error(MISSING_PATH_MESSAGE, pathname);
  }, [pathname]);
  return <ErrorPage {...NOT_FOUND} />;
}
