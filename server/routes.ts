import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { cachedPerUrl } from "../app/lib/page-cache";

// What the server needs to know about React Router's routes before handing it a request: the route a path reaches (the
// access log names that, never the path as typed) and whether the page may be cached per URL.

export interface SiteRoutes {
  /** "/blog/:slug", "/forms/contact.data", "/*" for a path no page has. */
  patternOf(pathname: string): string;
  /** The deepest matched route says `handle = cachedPage` (app/lib/page-cache.ts). */
  cachedPerUrl(pathname: string): boolean;
}

type Node = RouteObject & { handle?: unknown; children?: Node[] };

/** React Router's internal endpoints, which no route of ours matches. */
const FIXED = new Set(["/__manifest", "/_root.data"]);

function decodes(pathname: string) {
  try {
    // The result is used: a bundler drops a bare call to a built-in as free of side effects, and the try with it.
    return decodeURIComponent(pathname).length >= 0;
  } catch {
    return false;
  }
}

const ofBuild = new WeakMap<ServerBuild, SiteRoutes>();

/** The routes of a build, worked out once per build. */
export function siteRoutes(build: ServerBuild): SiteRoutes {
  let routes = ofBuild.get(build);
  if (!routes) {
    routes = routesOf(build);
    ofBuild.set(build, routes);
  }
  return routes;
}

function routesOf(build: ServerBuild): SiteRoutes {
  const nodes = new Map<string, Node>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    nodes.set(route.id, {
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      handle: route.module.handle,
      children: [],
    } as Node);
  }
  const tree: Node[] = [];
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const node = nodes.get(route.id)!;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    (parent ? parent.children! : tree).push(node);
  }
  for (const node of nodes.values()) if (node.index) delete node.children;

  // React Router warns (a log line quoting the path) about a path that does not decode; such a path matches nothing.
  const match = (pathname: string) => (decodes(pathname) ? (matchRoutes(tree, pathname) ?? []) : []);
  return {
    patternOf(pathname) {
      if (FIXED.has(pathname)) return pathname;
      const data = pathname.endsWith(".data");
      const matches = match(data ? pathname.slice(0, -".data".length) : pathname);
      if (matches.length === 0) return "(none)";
      const pattern = `/${matches
        .map(({ route }) => route.path ?? "")
        .filter(Boolean)
        .join("/")}`.replace(/\/{2,}/g, "/");
      return data ? `${pattern}.data` : pattern;
    },
    cachedPerUrl(pathname) {
      // A page's data (`/pricing.data`) is React Router's to answer with the visitor's session: only the catch-all matches
      // it here, and the catch-all's pages (decision 047) are cached as pages, never as another route's data.
      if (pathname.endsWith(".data") || FIXED.has(pathname)) return false;
      return cachedPerUrl(match(pathname).map(({ route }) => (route as Node).handle));
    },
  };
}
