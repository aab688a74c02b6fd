import type { Server } from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";
import * as build from "virtual:react-router/server-build";
import type { Express } from "express";
import express from "express";
import { BUILD_CLIENT_DIR } from "../app/lib/build-output.server";
import { originRewrite } from "../app/lib/build-origins.server";
import { readEnv } from "../app/lib/env.server";
import { createApp, createSite, type Site } from "./app";
import { companyPlaceholderLabels } from "../app/features/site-content/index.server";
import { processLogger, routeConsoleTo, type Logger } from "./logger";
import { processServices, type Services } from "./services";
import { fixedSecurityHeaders } from "./security-headers";
import { loadBuiltFiles, resourceFiles } from "./static-files";

/** What `server.js` hands over in development: Vite's middleware and a way to load the newest server code. */
export interface DevServer {
  middlewares: express.RequestHandler;
  /** The current `server/index.ts` after an edit, as Vite re-evaluates it. */
  load: () => Promise<{ developmentApp: () => Promise<Express> }>;
  fixStacktrace: (error: Error) => void;
  close: () => Promise<void>;
}

let developmentAppOfThisModule: Promise<Express> | null = null;

/** The app as this version of the server code builds it, with the process's one set of services. */
export function developmentApp(): Promise<Express> {
  developmentAppOfThisModule ??= (async () => {
    const env = readEnv();
    return createApp({ env, services: await processServices(env, build), build, logger: await processLogger(true) });
  })();
  return developmentAppOfThisModule;
}

/**
 * A deployment (NODE_ENV=production) whose company details are still placeholders says which, once at start, as the
 * console's banner does (docs/decisions/043): what is published wins over the environment's first values.
 */
async function warnOfCompanyPlaceholders(services: Services, logger: Logger) {
  const placeholders = await companyPlaceholderLabels(services.siteContent);
  if (placeholders.length === 0) return;
  logger.warn(
    { placeholders },
    `The company's ${placeholders.join(", ")} ${placeholders.length === 1 ? "is" : "are"} still a placeholder: every page and mail shows ${placeholders.length === 1 ? "it" : "them"}. Publish the real details in the console, Site content > Company (/console/content/company).`,
  );
}

/**
 * Runs the site on the HTTP server `server.js` created: production serves the build, development puts Vite's middleware
 * (hot reload) in front of the same app, so headers, CSP, limits, the database and the forms behave alike.
 */
export async function startServer(httpServer: Server, dev?: DevServer, { production = false }: { production?: boolean } = {}) {
  const env = readEnv();
  const logger = await processLogger(Boolean(dev));
  if (!dev) routeConsoleTo(logger);
  // The built pages and files, with this server's SITE_URL and APP_URL written in and compressed again (decision 042),
  // are read while the database opens: zlib works on libuv's threads, the database on this one.
  const builtFiles = dev ? undefined : loadBuiltFiles(BUILD_CLIENT_DIR, fixedSecurityHeaders(env), originRewrite(env));
  const services = await processServices(env, build, { companyWarnings: production });
  if (production) void warnOfCompanyPlaceholders(services, logger);

  // Node's defaults (60 s for headers, 300 s for a request) let a client that stalls hold a connection for minutes.
  httpServer.headersTimeout = env.HEADERS_TIMEOUT_SECONDS * 1000;
  httpServer.requestTimeout = env.REQUEST_TIMEOUT_SECONDS * 1000;

  let site: Site | undefined;
  if (dev) {
    const root = express();
    root.use("/resources", resourceFiles(path.resolve("public", "resources")));
    root.use(dev.middlewares);
    root.use((req, res, next) => {
      dev
        .load()
        .then((server) => server.developmentApp())
        .then((app) => app(req, res, next))
        .catch((error: unknown) => {
          if (error instanceof Error) dev.fixStacktrace(error);
          next(error);
        });
    });
    httpServer.on("request", root);
  } else {
    site = createSite({ env, services, build, clientDir: BUILD_CLIENT_DIR, files: await builtFiles!, logger });
    httpServer.on("request", site);
  }

  await new Promise<void>((resolve) => httpServer.listen(env.PORT, env.HOST, resolve));
  const { port } = httpServer.address() as AddressInfo;
  logger.info(`Replywise web ${dev ? "(development) " : ""}listening on http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${port}`);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received: finishing open requests, then stopping.`);
    // The log is written in the background: what is still buffered goes out before the process ends.
    const exit = (code: number) => logger.flush(() => process.exit(code));
    const force = setTimeout(() => exit(1), 10_000);
    force.unref();
    // PGlite holds its data folder until closed: close it after the last request so nothing is cut short.
    httpServer.close(() => {
      Promise.all([site?.close(), services.close(), dev?.close()]).then(
        () => exit(0),
        () => exit(1),
      );
    });
    httpServer.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
