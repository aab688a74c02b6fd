// The redirects in front of the pages (server/app.ts): a GET or HEAD for a redirected path is answered from the
// in-memory table before the built files, the page cache and React Router; a 404 leaves its path, and nothing else,
// to be counted as a candidate. Nothing here waits on the database.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { isConsolePath } from "~/lib/console/paths";
import { clientAddressOf } from "~/lib/forms/guard.server";
import { campaignQueryOf, parseSource } from "./rules";
import type { RedirectTable } from "./table.server";

/** A moved page may move again: browsers and CDNs keep a 301 or a 410 for five minutes, a 302 not at all. */
const CACHE_CONTROL = { 301: "public, max-age=300", 302: "no-cache", 410: "public, max-age=300" } as const;

const GONE_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><title>This page is gone</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<h1>This page is gone</h1><p>It was removed and has no replacement. <a href="/">Go to the home page</a>.</p></html>\n`;

const pathAndQuery = (url: string) => {
  const query = url.indexOf("?");
  return query === -1 ? [url, ""] : [url.slice(0, query), url.slice(query)];
};

/** Answers the request when its path is redirected; false when it is not (the next handler answers). */
export function answerRedirect(table: RedirectTable, req: IncomingMessage, res: ServerResponse): boolean {
  if (table.size === 0 || (req.method !== "GET" && req.method !== "HEAD")) return false;
  const [pathname = "/", query = ""] = pathAndQuery(req.url ?? "/");
  const entry = table.find(pathname);
  if (!entry) return false;
  table.hit(entry.id);
  if (entry.status === 410 || !entry.target) {
    res.writeHead(410, {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": CACHE_CONTROL[410],
      // The page has no script, style or image: nothing may load.
      "Content-Security-Policy": "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    });
    res.end(req.method === "HEAD" ? undefined : GONE_PAGE);
    return true;
  }
  // The visit's campaign tags go along, unless the target names its own query; nothing else of the query ever does.
  const tags = query && !entry.target.includes("?") && !entry.target.includes("#") ? campaignQueryOf(query) : "";
  const location = `${entry.target}${tags}`;
  res.writeHead(entry.status, { Location: location, "Cache-Control": CACHE_CONTROL[entry.status], "Content-Length": "0" });
  res.end();
  return true;
}

/** Express: the redirects, before everything that answers a page. */
export function redirectRequests(table: RedirectTable): RequestHandler {
  return (req, res, next) => {
    if (!answerRedirect(table, req, res)) next();
  };
}

/**
 * Express: counts each GET that ends in a 404 by its path (a client-side navigation's `.data` request as the page's
 * path) and who asked (./table.server.ts bounds each visitor's share). The console, the hashed assets and paths no
 * redirect could take are left out.
 */
export function countMissingPaths(table: RedirectTable): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET") return next();
    const [pathname = "/"] = pathAndQuery(req.url);
    res.once("finish", () => {
      if (res.statusCode !== 404 || pathname.startsWith("/assets/") || isConsolePath(pathname)) return;
      const page = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) || "/" : pathname;
      const source = parseSource(page);
      if ("path" in source) table.missing(source.path, { address: clientAddressOf(req), userAgent: req.get("user-agent") });
    });
    next();
  };
}
