import type { RequestHandler } from "express";
import type { RateLimiter } from "../app/lib/rate-limit.server";

const FORM_PATH = /^\/forms\/[\w-]+(\.data)?\/?$/;

/**
 * Refuses form posts that another site makes a visitor's browser send (cross-site request forgery): the
 * Origin must be this site, as configured (SITE_URL) or as addressed (Host). Requests without an Origin
 * (non-browser clients) pass; they meet the same validation and rate limits as everyone else.
 */
export function refuseForeignOrigins(siteUrl: string): RequestHandler {
  const configured = new URL(siteUrl).origin;
  return (req, res, next) => {
    if (req.method !== "POST" || !FORM_PATH.test(req.path)) return next();
    const origin = req.get("origin");
    const fetchSite = req.get("sec-fetch-site");
    const addressed = `${req.protocol}://${req.get("host") ?? ""}`;
    const foreign = fetchSite === "cross-site" || (origin !== undefined && origin !== configured && origin !== addressed);
    if (!foreign) return next();
    res.status(403).type("text/plain").setHeader("Cache-Control", "no-store").send("Form submissions from other sites are refused.\n");
  };
}

/**
 * An address this instance already refused in the current window gets its 429 at once: no body read, no
 * query, no page rendered, so a flood costs the server next to nothing. The first refusal of a window goes
 * through the form's action and shows the visitor the form's own message.
 */
export function refuseBlockedAddresses(rateLimiter: RateLimiter): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "POST") return next();
    if (!FORM_PATH.test(req.path)) return next();
    const bucket = req.path.replace(/^\/forms\//, "").replace(/(\.data)?\/?$/, "");
    const retryAfter = rateLimiter.blockedFor(bucket, req.ip ?? req.socket.remoteAddress ?? "unknown");
    if (retryAfter === null) return next();
    res
      .status(429)
      .set({ "Retry-After": String(retryAfter), "Cache-Control": "no-store" })
      .type("text/plain")
      .send("Too many submissions from your address. Please try again in a few minutes.\n");
  };
}

/** One line per request: method, path (never the query), status and duration. Nothing a visitor typed. */
export function accessLog(): RequestHandler {
  return (req, res, next) => {
    if (req.path.startsWith("/assets/") || req.path === "/healthz") return next();
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      console.log(`${req.method} ${req.path} ${res.statusCode} ${ms.toFixed(1)}ms`);
    });
    next();
  };
}
