import { data, isRouteErrorResponse } from "react-router";
import { BACK_SOON_FILE } from "~/content/database-away";

// A page or file the server renders from the database, asked for while the database is away and no last good rendering
// of it is kept (server/page-cache.ts, docs/decisions/027): its loader gives way with a 503, which the root's middleware
// (app/root.tsx) gives `Retry-After` and `no-store`, and which logs no stack trace: an outage is not a bug.

/** How long a 503 asks to be left before the next try: the database's restart, or a failover. */
export const RETRY_AFTER_SECONDS = 60;

/** A page's loader: its route's boundary shows the "back soon" page in the site's frame (components/sections/page-error). */
export function pageAway(): never {
  throw data(null, { status: 503 });
}

/** A file's loader (the feed, the XML sitemap, the search index): a plain-text 503 a reader or a crawler tries again. */
export function fileAway(): never {
  throw new Response(BACK_SOON_FILE, { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** A route's error that says the database is away: a 503. */
export const isDatabaseAway = (error: unknown) => isRouteErrorResponse(error) && error.status === 503;
