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
