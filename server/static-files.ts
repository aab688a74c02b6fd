import { existsSync, readFileSync } from "node:fs";
import type { IncomingMessage, OutgoingHttpHeaders } from "node:http";
import path from "node:path";
import type { Express } from "express";
import express from "express";
import mime from "mime-types";
import type { OriginRewrite } from "../app/lib/build-origins.server";
import { contentSecurityPolicy } from "../app/lib/csp.server";
import { logRouteAs } from "./logger";
import { brotliAtBuild, COMPRESSIBLE, ENCODED_SUFFIX, filesUnder, gzipAtBuild } from "./precompress";
import { variantsOf, type Encoded, type Variants } from "./variants";

const ONE_YEAR = 60 * 60 * 24 * 365;
const ONE_WEEK = 60 * 60 * 24 * 7;
const REVALIDATE = "public, max-age=0, must-revalidate";

/** Hashed assets for a year, images for a week, everything else revalidated on every visit. */
function cacheControlOf(urlPath: string) {
  if (urlPath.startsWith("/assets/")) return `public, max-age=${ONE_YEAR}, immutable`;
  if (/\.(png|jpe?g|webp|avif|svg|ico)$/.test(urlPath)) return `public, max-age=${ONE_WEEK}`;
  return REVALIDATE;
}

export interface BuiltFile {
  /** What the access log names: the page's or the file's own path. */
  route: string;
  variants: Variants;
}

export interface BuiltFiles {
  /** The prerendered page or compressible file a GET or HEAD asks for, if the build has it. */
  find(req: IncomingMessage): BuiltFile | undefined;
  /** Bytes held, for the start-up line. */
  bytes: number;
  count: number;
  /** Files that named a stand-in origin, now the server's own. */
  rewritten: number;
}

function encodedBeside(file: string): Encoded {
  const read = (suffix: string) => (existsSync(`${file}${suffix}`) ? readFileSync(`${file}${suffix}`) : undefined);
  return { identity: readFileSync(file), br: read(ENCODED_SUFFIX.br), gzip: read(ENCODED_SUFFIX.gzip) };
}

/**
 * A built file that names a stand-in origin, with the server's own in its place, compressed again as the build does
 * (each encoding kept only where it is smaller): its bytes changed, so the build's copies no longer match them.
 */
async function rewritten(identity: Buffer, rewrite: OriginRewrite): Promise<Encoded | undefined> {
  const text = rewrite(identity.toString("utf8"));
  if (text === undefined) return undefined;
  const bytes = Buffer.from(text, "utf8");
  const [br, gzip] = await Promise.all([brotliAtBuild(bytes), gzipAtBuild(bytes)]);
  return { identity: bytes, br: br.length < bytes.length ? br : undefined, gzip: gzip.length < bytes.length ? gzip : undefined };
}

/**
 * Every prerendered page (with its CSP, computed once from its inline scripts) and every compressible file of the build
 * (scripts, styles, route data, the feed, the sitemap, the search index) in memory, each with the Brotli and gzip copies
 * the build wrote beside it (server/precompress.ts). A few MB for this site; images, fonts and downloads stay on disk.
 * The build prerendered under stand-in origins: the files naming one get the server's SITE_URL and APP_URL, and new
 * compressed copies, before anything is served (docs/decisions/042).
 */
export async function loadBuiltFiles(clientDir: string, securityHeaders: OutgoingHttpHeaders, rewrite: OriginRewrite): Promise<BuiltFiles> {
  const pages = new Map<string, BuiltFile>();
  const files = new Map<string, BuiltFile>();
  let bytes = 0;
  const built = filesUnder(clientDir)
    .map((file) => ({ file, urlPath: `/${path.relative(clientDir, file).split(path.sep).join("/")}` }))
    // The downloads keep their own handler (Content-Disposition); `?download` saves them as files.
    .filter(({ file, urlPath }) => COMPRESSIBLE.test(file) && !urlPath.startsWith("/resources/"))
    .map(({ file, urlPath }) => ({ file, urlPath, encoded: encodedBeside(file) }));
  // zlib runs on libuv's thread pool: the rewritten files are compressed side by side.
  const rewrites = await Promise.all(built.map(({ encoded }) => rewritten(encoded.identity, rewrite)));
  let rewrittenCount = 0;
  for (const [index, { file, urlPath, encoded: asBuilt }] of built.entries()) {
    const encoded = rewrites[index] ?? asBuilt;
    if (rewrites[index]) rewrittenCount += 1;
    bytes += encoded.identity.length + (encoded.br?.length ?? 0) + (encoded.gzip?.length ?? 0);
    if (path.basename(file) === "index.html") {
      const pagePath = urlPath.slice(0, -"/index.html".length) || "/";
      const headers = {
        ...securityHeaders,
        "Content-Type": "text/html; charset=utf-8",
        "Content-Security-Policy": contentSecurityPolicy(encoded.identity.toString("utf8")),
        "Cache-Control": REVALIDATE,
      };
      pages.set(pagePath, { route: pagePath, variants: variantsOf(encoded, headers) });
    } else {
      const headers = {
        ...securityHeaders,
        // As express.static (send) names them, so no file changes type.
        "Content-Type": mime.contentType(path.extname(file)) || "application/octet-stream",
        "Cache-Control": cacheControlOf(urlPath),
      };
      files.set(urlPath, { route: urlPath, variants: variantsOf(encoded, headers) });
    }
  }
  return {
    bytes,
    count: pages.size + files.size,
    rewritten: rewrittenCount,
    find(req) {
      if (req.method !== "GET" && req.method !== "HEAD") return undefined;
      const url = req.url ?? "/";
      const query = url.indexOf("?");
      // A page with a query string is rendered by the server (a filtered blog list); a file ignores it.
      if (query === -1) {
        const page = pages.get(url) ?? (url.length > 1 && url.endsWith("/") ? pages.get(url.replace(/\/+$/, "")) : undefined);
        if (page) return page;
      }
      return files.get(query === -1 ? url : url.slice(0, query));
    },
  };
}

/**
 * The free downloads: opened in the browser from a link, saved as a file with `?download` (after the download form,
 * and the no-JavaScript success page's refresh), cached for a week. Development serves them from public/ the same way.
 */
export function resourceFiles(dir: string) {
  return express.static(dir, {
    maxAge: ONE_WEEK * 1000,
    index: false,
    redirect: false,
    setHeaders(res, filePath) {
      logRouteAs(res, `/resources/${path.basename(filePath)}`);
      const disposition = "download" in (res.req.query as Record<string, unknown>) ? "attachment" : "inline";
      res.setHeader("Content-Disposition", `${disposition}; filename="${path.basename(filePath)}"`);
    },
  });
}

/**
 * The files of the build that are not held in memory (images, fonts, downloads), and any the listener did not answer:
 * hashed assets cached for a year, downloads for a week, images for a week, the rest revalidated on every visit.
 */
export function mountBuild(app: Express, clientDir: string) {
  const files = express.Router();
  files.use(
    "/assets",
    express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: ONE_YEAR * 1000, index: false, fallthrough: false }),
  );
  files.use("/resources", resourceFiles(path.join(clientDir, "resources")));
  files.use(
    express.static(clientDir, {
      index: false,
      redirect: false,
      // Prerendered documents are only served through the page map, with their CSP.
      extensions: false,
      setHeaders(res, filePath) {
        const urlPath = `/${path.relative(clientDir, filePath).split(path.sep).join("/")}`;
        logRouteAs(res, urlPath);
        res.setHeader("Cache-Control", cacheControlOf(urlPath));
      },
    }),
  );
  // The build's encoded copies are answers to Accept-Encoding, not files of their own; a page's index.html is the page,
  // answered from memory with the server's own addresses (decision 042), never the file under the build's stand-ins.
  app.use((req, res, next) => (/\.(br|gz)$|\/index\.html$/.test(req.path) ? next() : files(req, res, next)));
}
