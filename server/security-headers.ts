import type { OutgoingHttpHeaders } from "node:http";
import type { RequestHandler } from "express";
import helmet from "helmet";
import { isConsolePath } from "../app/lib/console/paths";
import type { Env } from "../app/lib/env.server";

/** The headers every response carries, as Express middleware, and the console's own (below). */
export function securityHeaders(env: Env): RequestHandler[] {
  return [...everyResponse(env), isolateConsole, embeddableImages];
}

function everyResponse(env: Env): RequestHandler[] {
  return [
    helmet({
      // Each HTML response carries its own policy with the hashes of its inline scripts (app/lib/csp.server.ts).
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: env.SITE_URL.startsWith("https://") ? { maxAge: 63072000, includeSubDomains: true } : false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      // The console's alone (isolateConsole, docs/decisions/037).
      crossOriginOpenerPolicy: false,
      originAgentCluster: false,
    }),
    (_req, res, next) => {
      res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()");
      next();
    },
  ];
}

/**
 * A signed-in page in a window of its own: no other site's window keeps a handle on it (COOP), and its origin gets an
 * agent cluster of its own. The public pages are the same for everyone and leave these out: on a phone they cost the
 * first visit a new renderer process, and they protect nothing there (docs/decisions/037).
 */
const isolateConsole: RequestHandler = (req, res, next) => {
  if (isConsolePath(req.path)) {
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Origin-Agent-Cluster", "?1");
  }
  next();
};

/** The site's raster images: a post's cover, a testimonial's photo, the share images. */
const SITE_IMAGE = /^\/images\/[\w\-./]+\.(?:jpe?g|png|webp|avif|gif)$/;

/**
 * A newsletter issue carries the site's images, read wherever the mail is: a webmail page of another origin, and the
 * console's own preview, whose sandbox gives the email's HTML an opaque origin. CORP `same-origin` (helmet's default)
 * answers those with a blocked image, so these public files, the same for everyone, may be embedded anywhere. Every
 * other answer keeps `same-origin`, and the console's isolation (COOP, its agent cluster) is untouched
 * (docs/decisions/037).
 */
const embeddableImages: RequestHandler = (req, res, next) => {
  if (SITE_IMAGE.test(req.path)) res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
  next();
};

/**
 * The same headers as one object, for the answers written from memory without Express (server/static-files.ts,
 * server/page-cache.ts): the middleware above runs once against a response that only records what it sets, so the two
 * paths cannot drift apart. They do not depend on the request, and the console is never answered from memory.
 */
export function fixedSecurityHeaders(env: Env): OutgoingHttpHeaders {
  // By lower-case name (HTTP names are case-insensitive), kept as helmet spells them.
  const headers = new Map<string, [string, string | number | string[]]>();
  const recorder = {
    setHeader: (name: string, value: string | number | string[]) => void headers.set(name.toLowerCase(), [name, value]),
    removeHeader: (name: string) => void headers.delete(name.toLowerCase()),
  };
  for (const middleware of everyResponse(env)) {
    let called = false;
    middleware({} as never, recorder as never, () => (called = true));
    if (!called) throw new Error("A security header middleware did not finish synchronously.");
  }
  return Object.fromEntries(headers.values());
}
