import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Express, Response } from "express";
import express from "express";
import { contentSecurityPolicy } from "../app/lib/csp.server";

const ONE_YEAR = 60 * 60 * 24 * 365;
const ONE_WEEK = 60 * 60 * 24 * 7;

interface PrerenderedPage {
  file: string;
  csp: string;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

/** Every prerendered page by URL path, with its CSP computed once from its inline scripts. */
export function indexPrerenderedPages(clientDir: string): Map<string, PrerenderedPage> {
  const pages = new Map<string, PrerenderedPage>();
  for (const file of walk(clientDir)) {
    if (path.basename(file) !== "index.html") continue;
    const relative = path.relative(clientDir, path.dirname(file)).split(path.sep).join("/");
    const urlPath = relative === "" ? "/" : `/${relative}`;
    pages.set(urlPath, { file, csp: contentSecurityPolicy(readFileSync(file, "utf8")) });
  }
  return pages;
}

function setHtmlHeaders(res: Response, csp: string) {
  res.setHeader("Content-Security-Policy", csp);
  res.setHeader("Cache-Control", "public, max-age=0, must-revalidate");
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
      const disposition = "download" in (res.req.query as Record<string, unknown>) ? "attachment" : "inline";
      res.setHeader("Content-Disposition", `${disposition}; filename="${path.basename(filePath)}"`);
    },
  });
}

/**
 * Serves the build: hashed assets cached for a year, downloads for a week, prerendered HTML and route data
 * revalidated on every visit. Requests with a query string fall through to server rendering (filtered blog views).
 */
export function mountBuild(app: Express, clientDir: string) {
  const pages = indexPrerenderedPages(clientDir);

  app.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (req.originalUrl.includes("?")) return next();
    const pathname = req.path.length > 1 ? req.path.replace(/\/+$/, "") : req.path;
    const page = pages.get(pathname);
    if (!page) return next();
    setHtmlHeaders(res, page.csp);
    res.sendFile(page.file, { lastModified: false });
  });

  app.use(
    "/assets",
    express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: ONE_YEAR * 1000, index: false, fallthrough: false }),
  );

  app.use("/resources", resourceFiles(path.join(clientDir, "resources")));

  app.use(
    express.static(clientDir, {
      index: false,
      redirect: false,
      // Prerendered documents are only served through the route map above, with their CSP.
      extensions: false,
      setHeaders(res, filePath) {
        const isImage = /\.(png|jpe?g|webp|avif|svg|ico)$/.test(filePath);
        res.setHeader("Cache-Control", isImage ? `public, max-age=${ONE_WEEK}` : "public, max-age=0, must-revalidate");
      },
    }),
  );
}
