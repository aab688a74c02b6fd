import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type RequestHandler } from "express";
import helmet from "helmet";
import type { ServerBuild } from "react-router";
import { requestContext } from "../app/context";
import type { Env } from "../app/lib/env.server";
import { inboxPostGuard } from "../app/lib/auth/guard.server";
import { clientAddressOf, formPostGuard, type FormLimit } from "../app/lib/forms/guard.server";
import type { Services } from "./services";
import { mountMetrics, requestMetrics } from "./metrics";
import { malformedPathGuard, requestErrors } from "./request-errors";
import { mountBuild } from "./static-files";

export interface AppOptions {
  env: Env;
  services: Services;
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** The built client (prerendered pages, assets, downloads); unset in development, where Vite serves the sources. */
  clientDir?: string | undefined;
}

/** Methods the site answers; anything else (TRACE, OPTIONS, PUT...) is a 405 without reaching React Router. */
const ALLOWED_METHODS = ["GET", "HEAD", "POST"];

/** One line per request: method, path (never the query), status and duration. Nothing a visitor typed. */
export function accessLog(): RequestHandler {
  return (req, res, next) => {
    if (req.path.startsWith("/assets/") || req.path === "/healthz" || req.path === "/readyz") return next();
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      console.log(`${req.method} ${req.path} ${res.statusCode} ${ms.toFixed(1)}ms`);
    });
    next();
  };
}

/** The whole HTTP surface, the same in development and production: headers, checks, static build, then React Router. */
export function createApp({ env, services, build, clientDir }: AppOptions) {
  const app = express();
  app.disable("x-powered-by");
  if (env.TRUST_PROXY) app.set("trust proxy", env.TRUST_PROXY);
  app.use(accessLog());
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

  app.use(
    helmet({
      // Each HTML response carries its own policy with the hashes of its inline scripts (app/lib/csp.server.ts).
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: env.SITE_URL.startsWith("https://") ? { maxAge: 63072000, includeSubDomains: true } : false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    }),
  );
  app.use((_req, res, next) => {
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()");
    next();
  });
  app.use(compression());

  // Liveness: the process answers. Readiness: it can also store a form (a load balancer sends visitors only then).
  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ ok: true });
  });
  app.get("/readyz", async (_req, res) => {
    const ready = await services.reachable();
    res.setHeader("Cache-Control", "no-store");
    res.status(ready ? 200 : 503).json({ ready });
  });

  mountMetrics(app, env.METRICS_TOKEN, services.database.db);
  if (clientDir) mountBuild(app, clientDir);

  app.use(formPostGuard(services, services.siteOrigin));
  app.use(inboxPostGuard(services.siteOrigin));
  app.all(
    "/{*splat}",
    createRequestHandler({
      build,
      mode: clientDir ? "production" : "development",
      // The form guard's one decision about a form post travels on to the action.
      getLoadContext: (req, res) => requestContext(services, clientAddressOf(req), res.locals.formLimit as FormLimit | undefined),
    }),
  );
  app.use(requestErrors());
  return app;
}

export const BUILD_CLIENT_DIR = path.resolve("build", "client");
