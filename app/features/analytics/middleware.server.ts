import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { clientAddressOf } from "~/lib/forms/guard.server";
import { navigationProvenanceOfExpress } from "~/lib/same-origin.server";
import type { Analytics } from "./analytics.server";
import type { Hit } from "./hits.server";
import { isOutboundName, outboundTarget, type OutboundConfig } from "./outbound";

// The analytics in front of requests: the outbound redirects (Express), and a listener that hands each finished
// response to the counting, on both paths the server answers by (Express, and the built files answered from memory
// before it, server/app.ts's createSite). Nothing here waits on the database or delays an answer.

export interface PageViewOptions {
  /** What /go/register and /go/book lead to (APP_URL, BOOKING_URL). */
  outbound: OutboundConfig;
  /**
   * The booking page with a reference to this visit (the bookings' links, handed in by server/services.ts); the plain
   * one without it.
   */
  bookingLink?: (request: {
    address: string;
    userAgent: string | undefined;
    purpose?: string | undefined;
    ownPage: boolean;
  }) => Promise<string>;
  /** SITE_URL's origin: a link followed from one of its pages may take a reference along. */
  siteOrigin: string;
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
const purposeOf = (req: IncomingMessage) => header(req.headers["sec-purpose"] ?? req.headers.purpose ?? req.headers["x-moz"]);

/**
 * The Content-Type a response went out with. Node keeps no copy of the headers handed to writeHead(status, headers)
 * when none were set before (the memory path, server/variants.ts), so getHeader alone would miss every prerendered
 * page: the response's one writeHead is watched for its type.
 */
function watchContentType(res: ServerResponse): () => string {
  let written: string | undefined;
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const headers = args.find((arg): arg is OutgoingHttpHeaders => typeof arg === "object" && arg !== null && !Array.isArray(arg));
    if (headers) written = String(headers["Content-Type"] ?? headers["content-type"] ?? "");
    return writeHead.apply(this, args as Parameters<typeof writeHead>);
  } as typeof writeHead;
  return () => String(res.getHeader("Content-Type") ?? written ?? "");
}

/** A request and how it was answered, as the counting takes it (./hits.server.ts decides what it was). */
function hitOf(req: IncomingMessage, url: string, status: number, contentType: string, address: string, at: Date): Hit {
  const query = url.indexOf("?");
  return {
    at,
    method: "GET",
    path: query === -1 ? url : url.slice(0, query),
    search: query === -1 ? "" : url.slice(query + 1),
    status,
    contentType,
    address,
    userAgent: req.headers["user-agent"],
    referer: req.headers.referer,
    purpose: purposeOf(req),
  };
}

/** Hands the response to the counting once it has finished; `address` is the client's. */
export function countWhenFinished(analytics: Analytics, req: IncomingMessage, res: ServerResponse, address: string) {
  if (!analytics.enabled || req.method !== "GET") return;
  const at = new Date();
  // Taken now: a mounted handler (express.static under /resources) strips its prefix from req.url and leaves it so.
  const url = req.url ?? "/";
  const contentType = watchContentType(res);
  res.on("finish", () => analytics.record(hitOf(req, url, res.statusCode, contentType(), address, at)));
}

/**
 * Counts a response written whole at once (a body held in memory, server/variants.ts): nothing is left to wait for,
 * and its 304 carries no Content-Type, so the caller says what it was.
 */
export function countAnswered(analytics: Analytics, req: IncomingMessage, status: number, contentType: string, address: string) {
  if (req.method === "GET") analytics.record(hitOf(req, req.url ?? "/", status, contentType, address, new Date()));
}

/** The Express side: the /go/ redirects, counted as goals, and the counting of what the app answers. */
export function pageViews(analytics: Analytics, { outbound, bookingLink, siteOrigin }: PageViewOptions): RequestHandler {
  return async (req, res, next) => {
    const go = /^\/go\/([a-z-]+)$/.exec(req.path)?.[1];
    if (go && isOutboundName(go) && (req.method === "GET" || req.method === "HEAD")) {
      const who = { address: clientAddressOf(req), userAgent: req.headers["user-agent"], purpose: purposeOf(req) };
      if (req.method === "GET") analytics.goal(`outbound:${go}`, who);
      // A person following the booking link on one of our pages takes a reference to their visit along (links.server.ts
      // decides who is one); a link on another site's page leads to the same booking page without one.
      const ownPage = navigationProvenanceOfExpress(req, siteOrigin) === "own";
      const referenced = go === "book" && bookingLink && req.method === "GET";
      const target = referenced ? await bookingLink({ ...who, ownPage }) : outboundTarget(go, outbound);
      res.set({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" }).redirect(302, target);
      return;
    }
    countWhenFinished(analytics, req, res, clientAddressOf(req));
    next();
  };
}
