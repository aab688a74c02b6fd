import type { ServerBuild } from "react-router";
import { BOOKING_REFERENCE_PATH } from "../app/features/bookings/index";
import { movedConsoleAddress } from "../app/lib/console/paths";
import type { SiteAddresses } from "../app/features/redirects/index.server";
import { METRICS_PATH } from "./metrics";
import { siteRoutes } from "./routes";

// Every address the site answers, for the redirect manager, which may take none of them (docs/decisions/034): the
// routes of the build (server/routes.ts) and what Express answers itself before React Router (./app.ts).

/** Liveness (the process answers) and readiness (it can also store a form). */
export const LIVENESS_PATH = "/healthz";
export const READINESS_PATH = "/readyz";

/** Express's own addresses, as the router reads a path (lower case, decoded), with what is there in words. */
const SERVER_ADDRESSES: [(routerPath: string) => boolean, string][] = [
  [
    (path) => path === LIVENESS_PATH || path === READINESS_PATH || path === METRICS_PATH,
    "one of the server's own addresses (health checks, metrics)",
  ],
  // The outbound links (app/content/outbound.ts), the mail provider's and the booking services' webhooks.
  [(path) => path.startsWith("/go/") || path.startsWith("/webhooks/"), "one of the server's own addresses (outbound links, webhooks)"],
  [(path) => path === BOOKING_REFERENCE_PATH, "one of the server's own addresses (the booking reference)"],
  // /inbox and /blog-admin, the console's addresses before it had one (./legacy-console.ts): they lead there for good.
  [(path) => movedConsoleAddress(path) !== null, "one of the console's former addresses, which lead to its pages"],
  // The build's hashed assets and downloads, and the covers and resources editors upload (kept in the database).
  [(path) => /^\/(?:assets|images|resources)\//.test(path), "a file of the site (assets, images, downloads)"],
];

/** What answers in the build being served: its routes and the server's own addresses. */
export function siteAddressesOf(build: ServerBuild): SiteAddresses {
  const { patternOf } = siteRoutes(build);
  return {
    patternOf,
    serverAddressOf: (routerPath) => SERVER_ADDRESSES.find(([answers]) => answers(routerPath))?.[1],
  };
}
