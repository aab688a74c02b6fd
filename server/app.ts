import { createHash } from "node:crypto";
import type { RequestListener } from "node:http";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import proxyAddress from "proxy-addr";
import express from "express";
import { EMAIL_EVENTS_PATH } from "./email-events";
import type { ServerBuild } from "react-router";
import { requestContext } from "../app/context";
import { publicConfig, type Env } from "../app/lib/env.server";
import { consolePostGuard } from "../app/lib/console/guard.server";
import { countAnswered } from "../app/features/analytics/index.server";
import { pageVariants, VARIANTS_HEADER } from "../app/features/campaign-pages/index.server";
import { countMissingPaths, redirectRequests } from "../app/features/redirects/index.server";
import { clientAddressOf, formPostGuard } from "../app/lib/forms/guard.server";
import type { FormLimit } from "../app/lib/forms/limits";
import { accessLog, type AccessLog, type Logger } from "./logger";
import { createPageCache, type PageCache } from "./page-cache";
import { createPageStore } from "./page-store";
import { siteRoutes } from "./routes";
import { LIVENESS_PATH, READINESS_PATH } from "./site-addresses";
import { blogFiles } from "./blog-files";
import { contentImages } from "./content-images";
import { resourceUploads } from "./resource-uploads";
import { fixedSecurityHeaders, securityHeaders } from "./security-headers";
import type { Services } from "./services";
import { mountMetrics, requestMetrics } from "./metrics";
import { encodedBodyGuard, foreignPostGuard, malformedPathGuard, requestErrors } from "./request-errors";
import { legacyConsoleAddresses } from "./legacy-console";
import { mountBuild, type BuiltFiles } from "./static-files";
import { contentTypeOf, sendVariant } from "./variants";

export { accessLog } from "./logger";

export interface AppOptions {
  env: Env;
  services: Services;
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** The built client (prerendered pages, assets, downloads); unset in development, where Vite serves the sources. */
  clientDir?: string | undefined;
  logger: Logger;
  /** The access log, when the production listener shares it (it logs what it answers from memory). */
  log?: AccessLog | undefined;
  /** Server-rendered pages kept per URL (production). */
  pageCache?: PageCache | undefined;
}

/** Methods the site answers; anything else (TRACE, OPTIONS, PUT...) is a 405 without reaching React Router. */
const ALLOWED_METHODS = ["GET", "HEAD", "POST"];

/** The whole HTTP surface, the same in development and production: headers, checks, static build, then React Router. */
export function createApp({ env, services, build, clientDir, logger, log, pageCache }: AppOptions) {
  const routes = typeof build === "function" ? undefined : siteRoutes(build);
  const app = express();
  app.disable("x-powered-by");
  if (env.TRUST_PROXY) app.set("trust proxy", env.TRUST_PROXY);
  app.use(log ?? accessLog({ logger, patternOf: routes?.patternOf }));
  app.use(requestMetrics());
  app.use(malformedPathGuard());

  app.use((req, res, next) => {
    if (ALLOWED_METHODS.includes(req.method)) return next();
    res
      .status(405)
      .set({ Allow: ALLOWED_METHODS.join(", "), "Cache-Control": "no-store" })
      .type("text/plain")
      .send("Method not allowed.\n");
  });

  // Which variant of an experiment a page shows is the server's to say (decision 048), never the visitor's.
  app.use((req, _res, next) => {
    delete req.headers[VARIANTS_HEADER];
    next();
  });
  app.use(securityHeaders(env));
  // The console's former addresses lead to their place under /console (decision 030).
  app.use(legacyConsoleAddresses());
  // The redirect manager (docs/decisions/034): before the built files, the page cache and the pages; 404s counted.
  app.use(redirectRequests(services.redirects));
  app.use(countMissingPaths(services.redirects));
  // For what is rendered per request; built files and kept pages are compressed already.
  app.use(compression());

  // Liveness: the process answers. Readiness: it can also store a form (a load balancer sends visitors only then).
  app.get(LIVENESS_PATH, (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ ok: true });
  });
  app.get(READINESS_PATH, async (_req, res) => {
    const ready = await services.reachable();
    res.setHeader("Cache-Control", "no-store");
    res.status(ready ? 200 : 503).json({ ready });
  });

  mountMetrics(app, env.METRICS_TOKEN, services.database.db);
  // Server-side analytics (docs/decisions/021): counts finished page views off the request path; /go/ redirects.
  app.use(services.pageViews);
  if (clientDir) mountBuild(app, clientDir);
  app.use(blogFiles(services.database));
  app.use(contentImages(services.database));
  app.use(resourceUploads(services.database, services.siteContent));
  if (pageCache && routes && typeof build !== "function") {
    const loadContext = (req: express.Request) => requestContext(services, clientAddressOf(req));
    app.use(pageCache.renderer({ build, routes, origin: services.siteOrigin, loadContext }));
  }

  app.use(encodedBodyGuard());
  // Signed by the mail provider, not posted from a page: before the guards of the site's own forms.
  app.post(EMAIL_EVENTS_PATH, ...services.emailEvents);
  app.use(services.bookings);
  app.use(formPostGuard(services, services.siteOrigin));
  app.use(consolePostGuard(services.siteOrigin));
  app.use(foreignPostGuard(services.siteOrigin));
  app.all(
    "/{*splat}",
    createRequestHandler({
      build,
      mode: clientDir ? "production" : "development",
      // The form guard's one decision about a form post travels on to the action.
      getLoadContext: (req, res) => requestContext(services, clientAddressOf(req), res.locals.formLimit as FormLimit | undefined),
    }),
  );
  app.use(requestErrors(logger));
  return app;
}

/** Kept versions of server-rendered pages: ~400 of a 55 KB page with its two encodings. */
const PAGE_CACHE_BYTES = 32 * 1024 * 1024;

/** The production server's request listener; `close` waits for what it still writes (the pages kept on disk). */
export type Site = RequestListener & { close(): Promise<void> };

/**
 * Production: answers from memory what it can (prerendered pages, built files, kept pages), each as one write with
 * headers worked out at start, and hands everything else to the app. Express costs about half the throughput of a
 * bare Node handler even as a single middleware, so the memory path runs before it (docs/decisions/022).
 */
export function createSite(options: Omit<AppOptions, "log" | "pageCache"> & { clientDir: string; files: BuiltFiles }): Site {
  const { files } = options;
  const headers = fixedSecurityHeaders(options.env);
  // Kept pages name the addresses they were rendered under: another SITE_URL or APP_URL keeps its own (decision 042).
  const configVersion = createHash("sha256")
    .update(JSON.stringify(publicConfig(options.env)))
    .digest("hex")
    .slice(0, 12);
  const store =
    typeof options.build === "function"
      ? undefined
      : createPageStore(options.env.DATA_DIR, `${options.build.assets.version}-${configVersion}`, (message) =>
          options.logger.warn(message),
        );
  // A page in an experiment is kept once per variant; a visit gets the one its daily visitor id gives (decision 048).
  const versions = pageVariants(
    options.services.campaignPages,
    options.services.analytics.enabled ? options.services.analytics : undefined,
  );
  const pageCache = createPageCache({ maxBytes: PAGE_CACHE_BYTES, securityHeaders: headers, store, versions });
  // A post published, changed or taken down, or edited content published, here or on another instance: every page that
  // shows them renders again.
  options.services.blog.onChange(() => pageCache.clear());
  options.services.siteContent.onChange(() => pageCache.clear());
  const routes = typeof options.build === "function" ? undefined : siteRoutes(options.build);
  const log = accessLog({ logger: options.logger, patternOf: routes?.patternOf });
  const app = createApp({ ...options, log, pageCache });
  const measure = requestMetrics();
  options.logger.info(
    `${files.count} built files in memory (${(files.bytes / 1024 / 1024).toFixed(1)} MB with their encodings), ` +
      `${files.rewritten} of them now at ${options.env.SITE_URL}.`,
  );
  // The client's address as Express gives it (req.ip, under TRUST_PROXY), for the counting of pages answered here.
  const trust = app.get("trust proxy fn") as Parameters<typeof proxyAddress>[1];
  const { analytics } = options.services;
  const { redirects } = options.services;
  const site: RequestListener = (req, res) => {
    // A redirected path is Express's to answer (redirectRequests), whatever is kept in memory for it.
    if (redirects.size > 0 && redirects.find(req.url?.split("?", 1)[0] ?? "/")) return app(req, res);
    const address = proxyAddress(req, trust);
    const hit = files.find(req) ?? pageCache.find(req, address);
    if (!hit) return app(req, res);
    log.answered(req, res, hit.route);
    measure(req, res);
    const status = sendVariant(req, res, hit.variants);
    // A page's dozen hashed assets are never counted: no per-request work for them.
    if (analytics.enabled && !hit.route.startsWith("/assets/")) {
      countAnswered(analytics, req, status, contentTypeOf(hit.variants), address);
    }
  };
  return Object.assign(site, { close: async () => store?.flush() });
}
