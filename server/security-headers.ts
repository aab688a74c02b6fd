import type { OutgoingHttpHeaders } from "node:http";
import type { RequestHandler } from "express";
import helmet from "helmet";
import type { Env } from "../app/lib/env.server";

/** The headers every response carries, as Express middleware. */
export function securityHeaders(env: Env): RequestHandler[] {
  return [
    helmet({
      // Each HTML response carries its own policy with the hashes of its inline scripts (app/lib/csp.server.ts).
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: env.SITE_URL.startsWith("https://") ? { maxAge: 63072000, includeSubDomains: true } : false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    }),
    (_req, res, next) => {
      res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()");
      next();
    },
  ];
}

/**
 * The same headers as one object, for the answers written from memory without Express (server/static-files.ts,
 * server/page-cache.ts): the middleware above runs once against a response that only records what it sets, so the two
 * paths cannot drift apart. They do not depend on the request.
 */
export function fixedSecurityHeaders(env: Env): OutgoingHttpHeaders {
  // By lower-case name (HTTP names are case-insensitive), kept as helmet spells them.
  const headers = new Map<string, [string, string | number | string[]]>();
  const recorder = {
    setHeader: (name: string, value: string | number | string[]) => void headers.set(name.toLowerCase(), [name, value]),
    removeHeader: (name: string) => void headers.delete(name.toLowerCase()),
  };
  for (const middleware of securityHeaders(env)) {
    let called = false;
    middleware({} as never, recorder as never, () => (called = true));
    if (!called) throw new Error("A security header middleware did not finish synchronously.");
  }
  return Object.fromEntries(headers.values());
}
