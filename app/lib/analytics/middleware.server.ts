import type { Request, RequestHandler } from "express";
import { clientAddressOf } from "~/lib/forms/guard.server";
import type { Analytics } from "./analytics.server";
import { isOutboundName, outboundTarget, type OutboundConfig } from "./outbound";

// The one piece of the analytics in front of every request (server/app.ts mounts it): the outbound redirects, and a
// listener that hands each finished response to the counting. Nothing here waits on the database or delays an answer.

export interface PageViewOptions {
  /** What /go/register and /go/book lead to (APP_URL, BOOKING_URL). */
  outbound: OutboundConfig;
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
const purposeOf = (req: Request) => header(req.headers["sec-purpose"] ?? req.headers.purpose ?? req.headers["x-moz"]);

export function pageViews(analytics: Analytics, { outbound }: PageViewOptions): RequestHandler {
  return (req, res, next) => {
    const go = /^\/go\/([a-z-]+)$/.exec(req.path)?.[1];
    if (go && isOutboundName(go) && (req.method === "GET" || req.method === "HEAD")) {
      if (req.method === "GET") {
        analytics.goal(`outbound:${go}`, { address: clientAddressOf(req), userAgent: req.headers["user-agent"], purpose: purposeOf(req) });
      }
      res.set({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" }).redirect(302, outboundTarget(go, outbound));
      return;
    }
    if (!analytics.enabled || req.method !== "GET") return next();
    const at = new Date();
    res.on("finish", () => {
      const query = req.originalUrl.indexOf("?");
      analytics.record({
        at,
        method: req.method,
        path: req.path,
        search: query === -1 ? "" : req.originalUrl.slice(query + 1),
        status: res.statusCode,
        contentType: String(res.getHeader("Content-Type") ?? ""),
        address: clientAddressOf(req),
        userAgent: req.headers["user-agent"],
        referer: req.headers.referer,
        purpose: purposeOf(req),
      });
    });
    next();
  };
}
