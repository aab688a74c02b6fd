import type { IncomingMessage, OutgoingHttpHeaders } from "node:http";
import type { Request as ExpressRequest, RequestHandler } from "express";
import { LRUCache } from "lru-cache";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import type { PageStore } from "./page-store";
import { brotliAtRuntime, gzipAtRuntime } from "./precompress";
import type { SiteRoutes } from "./routes";
import { bytesOf, sendVariant, variantsOf, type Encoded, type Variants } from "./variants";

// Pages the server renders at request time whose route says they depend on the URL and the published posts only
// (`handle = cachedPage`: the blog's pages, feed and sitemap, the home page): each URL is rendered once, compressed once,
// and answered from memory after that, like a prerendered page (docs/decisions/022). Every change of the posts, on any
// instance, clears the cache (docs/decisions/023); otherwise a version lives until it falls out of the byte budget,
// least recently used first. A page that renders whole is also kept on disk (./page-store.ts); a render without the
// database (a 5xx, or a page's degraded version, which says no-store) is answered with that copy where there is one
// (product decision 21, docs/decisions/027).

export interface CachedPage {
  /** The route pattern, for the access log. */
  route: string;
  variants: Variants;
}

/** A render that is not kept (not a 200, or it sets a cookie): handed to every request that waited for it. */
interface Uncached {
  status: number;
  headers: [string, string][];
  cookies: string[];
  body: Buffer;
  /** Rendered without its data (the database is away): the last good rendering goes out instead, where there is one. */
  withoutData: boolean;
}

export interface PageCache {
  /** The kept version of the URL a GET or HEAD asks for, from the client at `address`. */
  find(req: IncomingMessage, address: string): CachedPage | undefined;
  /** Express middleware: renders a cacheable URL not yet kept (once, however many ask at the same time) and keeps it. */
  renderer(options: RendererOptions): RequestHandler;
  /** Drops every kept page, and every render under way keeps nothing: the content changed. */
  clear(): void;
  readonly size: number;
}

export interface RendererOptions {
  build: ServerBuild;
  routes: SiteRoutes;
  /** The site's own origin: a kept page must not carry the Host header of whoever asked first. */
  origin: string;
  loadContext: (req: ExpressRequest) => RouterContextProvider;
}

/** Set per answer, or describing a body other than the one kept. */
const NOT_KEPT = new Set(["content-length", "content-encoding", "transfer-encoding", "etag", "vary", "date", "connection", "set-cookie"]);

/** How long a CDN may answer a kept page it holds while this server answers errors (RFC 5861). */
const STALE_IF_ERROR_SECONDS = 86_400;

/**
 * Whether the URL is the page's own address, so that its copy on disk is one of a bounded set: no query, and either
 * exactly its route's pattern (the feed, the sitemap) or the address its canonical link names (`/Blog/` is not kept).
 */
function isOwnAddress(url: string, route: string, headers: OutgoingHttpHeaders, body: Buffer): boolean {
  if (url.includes("?")) return false;
  if (url === route) return true;
  if (!String(headers["content-type"] ?? "").startsWith("text/html")) return false;
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(body.toString())?.[1];
  return canonical !== undefined && URL.canParse(canonical) && new URL(canonical).pathname === url;
}

export interface PageCacheOptions {
  maxBytes: number;
  securityHeaders: OutgoingHttpHeaders;
  /** Where each page's last good rendering outlives the process; none in development. */
  store?: PageStore | undefined;
  /** Which version of a page a request gets, where a page has several (an experiment's variants, decision 048). */
  versions?: PageVersions | undefined;
}

/** A page's versions (app/features/campaign-pages/page-variants.server.ts): each kept under its URL and its key. */
export interface PageVersions {
  header: string;
  keyNow(req: IncomingMessage, address: string): string | null;
  key(req: IncomingMessage, address: string): Promise<string>;
}

/** Where a version of a URL is kept: the URL itself for a page's one version. */
const keptAs = (url: string, version: string) => (version ? `${url}\n${version}` : url);

export function createPageCache({ maxBytes, securityHeaders, store, versions }: PageCacheOptions): PageCache {
  const pages = new LRUCache<string, CachedPage>({
    maxSize: maxBytes,
    sizeCalculation: (page, url) => bytesOf(page.variants) + url.length,
  });
  const rendering = new Map<string, Promise<CachedPage | Uncached>>();
  let generation = 0;

  const pageOf = (route: string, encoded: Encoded, own: OutgoingHttpHeaders): CachedPage => ({
    route,
    variants: variantsOf(encoded, { ...securityHeaders, ...own }),
  });

  async function keep(url: string, key: string, route: string, response: Response, renderedIn: number): Promise<CachedPage | Uncached> {
    const body = Buffer.from(await response.arrayBuffer());
    const cacheControl = response.headers.get("cache-control") ?? "";
    if (response.status !== 200 || response.headers.has("set-cookie") || /no-store|private/.test(cacheControl)) {
      const withoutData = response.status >= 500 || (response.status === 200 && cacheControl.includes("no-store"));
      return { status: response.status, headers: [...response.headers], cookies: response.headers.getSetCookie(), body, withoutData };
    }
    const [br, gzip] = await Promise.all([brotliAtRuntime(body), gzipAtRuntime(body)]);
    const own: OutgoingHttpHeaders = {};
    for (const [name, value] of response.headers) if (!NOT_KEPT.has(name)) own[name] = value;
    if (key !== url) {
      // One visitor's version of a page (an experiment's variant, decision 048): a CDN or proxy must not hand it to
      // the next visitor, whose version it cannot tell; the visitor's own browser keeps it and asks again by its ETag.
      own["cache-control"] = "private, max-age=0, must-revalidate";
    } else {
      // As a prerendered page: a browser or CDN may keep it, and asks again (a 304 by its ETag) before using it; while
      // this server fails, a CDN may answer its copy, as this server answers its own from disk.
      own["cache-control"] ??= "public, max-age=0, must-revalidate";
      if (!String(own["cache-control"]).includes("stale-if-error")) own["cache-control"] += `, stale-if-error=${STALE_IF_ERROR_SECONDS}`;
    }
    const encoded = { identity: body, br: br.length < body.length ? br : undefined, gzip: gzip.length < body.length ? gzip : undefined };
    const page = pageOf(route, encoded, own);
    // Rendered from content that changed meanwhile: answered to those who waited for it, not kept.
    if (renderedIn === generation) {
      pages.set(key, page);
      if (isOwnAddress(url, route, own, body)) store?.save({ url: key, route, headers: own, encoded });
    }
    return page;
  }

  /** Renders a URL; a render without its data gives way to the URL's last good rendering on disk, where there is one. */
  async function renderOnce(
    url: string,
    key: string,
    route: string,
    rendered: Promise<Response>,
    renderedIn: number,
  ): Promise<CachedPage | Uncached> {
    const lastGood = async () => {
      const stored = await store?.load(key);
      return stored ? pageOf(stored.route, stored.encoded, stored.headers) : undefined;
    };
    let result: CachedPage | Uncached;
    try {
      result = await keep(url, key, route, await rendered, renderedIn);
    } catch (error) {
      const stored = await lastGood();
      if (stored) return stored;
      throw error;
    }
    if ("variants" in result) return result;
    if (result.withoutData) return (await lastGood()) ?? result;
    // Taken down or moved (a 404, a 301): its last rendering must not come back in an outage.
    if (result.status < 500 && !url.includes("?")) store?.remove(key);
    return result;
  }

  return {
    find(req, address) {
      if (pages.size === 0 || (req.method !== "GET" && req.method !== "HEAD")) return undefined;
      const version = versions ? versions.keyNow(req, address) : "";
      return version === null ? undefined : pages.get(keptAs(req.url ?? "/", version));
    },
    get size() {
      return pages.size;
    },
    clear() {
      generation += 1;
      pages.clear();
      rendering.clear();
    },
    renderer({ build, routes, origin, loadContext }) {
      const handle = createRequestHandler(build, "production");
      return (req, res, next) => {
        if ((req.method !== "GET" && req.method !== "HEAD") || !routes.cachedPerUrl(req.path)) return next();
        const url = req.originalUrl;
        const send = (render: Promise<CachedPage | Uncached>) =>
          render.then((result) => {
            if ("variants" in result) return sendVariant(req, res, result.variants);
            for (const [name, value] of result.headers) if (name !== "set-cookie") res.setHeader(name, value);
            if (result.cookies.length > 0) res.setHeader("Set-Cookie", result.cookies);
            res.status(result.status).end(req.method === "HEAD" ? undefined : result.body);
          }, next);
        const versionOf = versions ? versions.key(req, req.ip ?? "") : Promise.resolve("");
        versionOf.then((version) => {
          const key = keptAs(url, version);
          let render = rendering.get(key);
          if (!render) {
            // Rendered as a GET with no header of the visitor's: the kept page is the same whoever asked first.
            const headers: Record<string, string> = { Accept: "text/html" };
            if (version && versions) headers[versions.header] = version;
            const request = new Request(new URL(url, origin), { headers });
            const renderedIn = generation;
            render = renderOnce(url, key, routes.patternOf(req.path), handle(request, loadContext(req)), renderedIn).finally(() => {
              if (rendering.get(key) === render) rendering.delete(key);
            });
            rendering.set(key, render);
          }
          send(render);
        }, next);
      };
    },
  };
}
