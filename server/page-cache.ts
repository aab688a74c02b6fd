import type { IncomingMessage, OutgoingHttpHeaders } from "node:http";
import type { Request as ExpressRequest, RequestHandler } from "express";
import { LRUCache } from "lru-cache";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { brotliAtRuntime, gzipAtRuntime } from "./precompress";
import type { SiteRoutes } from "./routes";
import { bytesOf, sendVariant, variantsOf, type Variants } from "./variants";

// Pages the server renders at request time whose route says they depend on the URL and the published posts only
// (`handle = cachedPage`: the blog's pages, feed and sitemap, the home page): each URL is rendered once, compressed once,
// and answered from memory after that, like a prerendered page (docs/decisions/022). Every change of the posts, on any
// instance, clears the cache (docs/decisions/023); otherwise a version lives until it falls out of the byte budget,
// least recently used first.

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
}

export interface PageCache {
  /** The kept version of the URL a GET or HEAD asks for. */
  find(req: IncomingMessage): CachedPage | undefined;
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

export function createPageCache({ maxBytes, securityHeaders }: { maxBytes: number; securityHeaders: OutgoingHttpHeaders }): PageCache {
  const pages = new LRUCache<string, CachedPage>({
    maxSize: maxBytes,
    sizeCalculation: (page, url) => bytesOf(page.variants) + url.length,
  });
  const rendering = new Map<string, Promise<CachedPage | Uncached>>();
  let generation = 0;

  async function keep(url: string, route: string, response: Response, renderedIn: number): Promise<CachedPage | Uncached> {
    const body = Buffer.from(await response.arrayBuffer());
    const cacheControl = response.headers.get("cache-control") ?? "";
    if (response.status !== 200 || response.headers.has("set-cookie") || /no-store|private/.test(cacheControl)) {
      return { status: response.status, headers: [...response.headers], cookies: response.headers.getSetCookie(), body };
    }
    const [br, gzip] = await Promise.all([brotliAtRuntime(body), gzipAtRuntime(body)]);
    const headers: OutgoingHttpHeaders = { ...securityHeaders };
    for (const [name, value] of response.headers) if (!NOT_KEPT.has(name)) headers[name] = value;
    // As a prerendered page: a browser or CDN may keep it, and asks again (a 304 by its ETag) before using it.
    headers["cache-control"] ??= "public, max-age=0, must-revalidate";
    const page = {
      route,
      variants: variantsOf(
        { identity: body, br: br.length < body.length ? br : undefined, gzip: gzip.length < body.length ? gzip : undefined },
        headers,
      ),
    };
    // Rendered from content that changed meanwhile: answered to those who waited for it, not kept.
    if (renderedIn === generation) pages.set(url, page);
    return page;
  }

  return {
    find(req) {
      if (pages.size === 0 || (req.method !== "GET" && req.method !== "HEAD")) return undefined;
      return pages.get(req.url ?? "/");
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
        let render = rendering.get(url);
        if (!render) {
          // Rendered as a GET with no header of the visitor's: the kept page is the same whoever asked first.
          const request = new Request(new URL(url, origin), { headers: { Accept: "text/html" } });
          const renderedIn = generation;
          render = handle(request, loadContext(req))
            .then((response) => keep(url, routes.patternOf(req.path), response, renderedIn))
            .finally(() => {
              if (rendering.get(url) === render) rendering.delete(url);
            });
          rendering.set(url, render);
        }
        render.then((result) => {
          if ("variants" in result) return sendVariant(req, res, result.variants);
          for (const [name, value] of result.headers) if (name !== "set-cookie") res.setHeader(name, value);
          if (result.cookies.length > 0) res.setHeader("Set-Cookie", result.cookies);
          res.status(result.status).end(req.method === "HEAD" ? undefined : result.body);
        }, next);
      };
    },
  };
}
