import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import type { ServerBuild } from "react-router";
import type { Env } from "../app/lib/env.server";
import type { FormServices } from "../app/lib/submissions.server";
import { accessLog, refuseBlockedAddresses, refuseForeignOrigins } from "./form-guard";
import { mountBuild } from "./static-files";

export interface AppOptions {
  env: Env;
  build: ServerBuild;
  buildDir: string;
  /** The database and limits behind the form actions; reach the actions through React Router's load context. */
  forms: FormServices;
}

/** The whole HTTP surface: headers, compression, static build, then React Router for the rest. */
export function createApp({ env, build, buildDir, forms }: AppOptions) {
  const app = express();
  app.disable("x-powered-by");
  if (env.TRUST_PROXY) app.set("trust proxy", env.TRUST_PROXY);
  app.use(accessLog());

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
  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ ok: true });
  });

  mountBuild(app, path.join(buildDir, "client"));

  app.use(refuseForeignOrigins(env.SITE_URL));
  app.use(refuseBlockedAddresses(forms.rateLimiter));
  app.all(
    "/{*splat}",
    createRequestHandler({
      build,
      mode: "production",
      getLoadContext: (req) => ({ forms, clientAddress: req.ip ?? req.socket.remoteAddress ?? "unknown" }),
    }),
  );
  return app;
}
