// The one path rule for everything that looks at a request's path before React Router does (the form guard, the
// console's guard): the path as the router reads it when it matches the route table (app/routes.ts). The router
// decodes each segment and compares letters in either case, so `/BLOG-ADMIN/new` and `/blog-%61dmin/new` reach the
// editor's action; a guard that tested the raw path let them through to it.

/**
 * A request path as React Router matches it: each segment percent-decoded (an encoded slash stays `%2F`, as in the
 * router), in lower case, and, a little looser than the router, a run of slashes read as one, so a guard covers a
 * spelling even where the router would not match it at all. A segment that does not decode stays as sent (the server
 * answers such a path 400 before any guard: server/request-errors.ts).
 */
export function routerPathOf(pathname: string): string {
  const decoded = pathname.split("/").map((segment) => {
    try {
      return decodeURIComponent(segment).replace(/\//g, "%2F");
    } catch {
      return segment;
    }
  });
  return decoded
    .join("/")
    .replace(/\/{2,}/g, "/")
    .toLowerCase();
}
