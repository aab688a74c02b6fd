import type { RequestHandler } from "express";
import { movedConsoleAddress } from "../app/lib/console/paths";

// The console's addresses before it had one (decision 030): /inbox/... and /blog-admin/... answer 301 to their place
// under /console, their query kept, so bookmarks and the links in mails already sent keep working; a post (a form left
// open across the move) is sent on with 308, which keeps its method and body.
export function legacyConsoleAddresses(): RequestHandler {
  return (req, res, next) => {
    const moved = movedConsoleAddress(req.path);
    if (!moved) return next();
    const query = req.originalUrl.indexOf("?");
    const location = query === -1 ? moved : `${moved}${req.originalUrl.slice(query)}`;
    const status = req.method === "GET" || req.method === "HEAD" ? 301 : 308;
    res.status(status).set({ Location: location, "Cache-Control": "public, max-age=300" }).end();
  };
}
