// A route whose server-rendered page depends on its URL and the build only (no cookie, no session, no row that
// changes) says `handle = cachedPage`: the server renders each URL of it once and answers the next visitors from
// memory, compressed (server/page-cache.ts, docs/decisions/022). Only the deepest matched route decides.

export interface PageCacheHandle {
  cache: "per-url";
}

export const cachedPage: PageCacheHandle = { cache: "per-url" };

/** Whether the page a set of matched routes renders may be kept per URL. */
export function cachedPerUrl(handles: readonly unknown[]): boolean {
  return (handles.at(-1) as Partial<PageCacheHandle> | undefined)?.cache === "per-url";
}

/**
 * What a cached page's loader answers with when it rendered without the database (product decision 21): never kept, and
 * the server sends the page's last good rendering in its place where it has one (server/page-cache.ts, decision 027).
 */
export const DEGRADED_RENDER = { "Cache-Control": "no-store" } as const;

/**
 * The `headers` of a route that may render degraded: its loader's Cache-Control reaches the response, else its layout's
 * (the site layout reads the company's details for every page, docs/decisions/043).
 */
export function degradableHeaders({ loaderHeaders, parentHeaders }: { loaderHeaders: Headers; parentHeaders?: Headers }): HeadersInit {
  const cacheControl = loaderHeaders.get("Cache-Control") ?? parentHeaders?.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : {};
}
