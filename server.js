// @ts-check
// The process entry of `npm start` (production: node runs the built server) and `npm run dev` (development: the same
// server code, loaded through Vite for hot reload). Everything else lives in server/ (TypeScript, built with the app).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:http";

const DEVELOPMENT = process.env.NODE_ENV === "development";
// A deployment says NODE_ENV=production; `npm start` on a fresh clone runs the production build without saying so (the
// default below). Only the former warns about the company's placeholder details (docs/decisions/043).
const DECLARED_PRODUCTION = process.env.NODE_ENV === "production";
const BUILD = "./build/server/main.js";
// The configuration the process runs with (SITE_URL and the rest), validated and set before the app's modules load:
// app/content/site.ts reads it as it loads, and nothing of it is baked into the build (docs/decisions/042).
const BUILD_CONFIG = "./build/server/config.js";

// Timeouts (headers, whole request) are enforced by a sweep over open connections; Node sweeps every 30 s by default,
// which lets a stalled client overstay a 10 s limit by half a minute.
const httpServer = createServer({ connectionsCheckingInterval: 1000 });

if (DEVELOPMENT) {
  const vite = await import("vite").then(({ createServer: createViteServer }) =>
    createViteServer({ server: { middlewareMode: true, hmr: { server: httpServer } }, appType: "custom" }),
  );
  const config = /** @type {typeof import("./server/config")} */ (await vite.ssrLoadModule("./server/config.ts"));
  config.defineAppGlobals();
  const load = () => /** @type {Promise<typeof import("./server/index")>} */ (vite.ssrLoadModule("./server/index.ts"));
  const { startServer } = await load();
  await startServer(httpServer, {
    middlewares: vite.middlewares,
    load,
    fixStacktrace: (error) => vite.ssrFixStacktrace(error),
    close: () => vite.close(),
  });
} else {
  // React and React Router run their production builds (the development ones render several times slower).
  process.env.NODE_ENV ??= "production";
  // `npm start` on a fresh clone: build once, then serve. The build's own report (every file it wrote, the toolchain's
  // notices) is for whoever runs `npm run build`; a first start says only what it does, and the whole report if it fails.
  if (!existsSync(BUILD)) {
    console.log("No build yet: building the site once (about a minute)...");
    const started = Date.now();
    const result = spawnSync("npm", ["run", "build", "--silent"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    if (result.status !== 0) {
      process.stdout.write(result.stdout ?? "");
      process.stderr.write(result.stderr ?? "");
      console.error("The build failed (above). Fix it, or run `npm run build` to see it alone.");
      process.exit(result.status ?? 1);
    }
    console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
  }
  /** @type {typeof import("./server/config")} */
  const config = await import(BUILD_CONFIG);
  config.defineAppGlobals();
  /** @type {typeof import("./server/index")} */
  const server = await import(BUILD);
  await server.startServer(httpServer, undefined, { production: DECLARED_PRODUCTION });
}
