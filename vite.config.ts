import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, perEnvironmentPlugin, type Plugin } from "vite";
import { prerenderEnv } from "./app/lib/build-origins.server.ts";
import { defineAppGlobals } from "./app/lib/env.server.ts";
import { buildIconSprite } from "./scripts/support/icon-sprite.ts";

export const appAlias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };
const iconSprite = buildIconSprite();
/**
 * What the build writes into both bundles: only facts of the build itself. The public configuration (__PUBLIC_CONFIG__:
 * SITE_URL and the rest) is read when the server starts and set on globalThis before the server build loads; the
 * browser gets it from the document (docs/decisions/042).
 */
export const appDefine = {
  __ICON_SPRITE_URL__: JSON.stringify(iconSprite.url),
};

/**
 * The prerender (React Router's, in this process, once the server build is written) renders with the build's
 * environment under stand-in origins, which the server replaces with its own when it loads the pages (decision 042).
 * Set as the server build starts, so a bad variable still fails the build; never in development, where server.js sets
 * the configuration the server runs with.
 */
const prerenderConfig: Plugin = {
  name: "replywise:prerender-config",
  apply: "build",
  buildStart() {
    if (this.environment.name === "ssr") defineAppGlobals(prerenderEnv());
  },
};

/** The icon sprite (decision 012) as a file of the client build under its hashed name, and from memory in development. */
const iconSpriteFile: Plugin = {
  name: "replywise:icon-sprite",
  configureServer(server) {
    server.middlewares.use((req, res, next) => {
      if (req.url?.split("?")[0] !== iconSprite.url) return next();
      res.setHeader("Content-Type", "image/svg+xml");
      res.end(iconSprite.svg);
    });
  },
  generateBundle() {
    if (this.environment.name === "client") this.emitFile({ type: "asset", fileName: iconSprite.url.slice(1), source: iconSprite.svg });
  },
};

// `npm run size:report`: a treemap of the browser chunks, to see what each one holds (decision 012).
const bundleReport = perEnvironmentPlugin("bundle-report", async (environment) => {
  if (environment.name !== "client") return false;
  const { visualizer } = await import("rollup-plugin-visualizer");
  return visualizer({ filename: "reports/bundle/client.html", title: "Replywise browser bundle", gzipSize: true });
});

// Every page loads React, React Router and the site frame: two chunks instead of ~15 small ones, so a page stays within
// the request budget of decision 012. A few more groups gather small modules that pages load together: each chunk costs
// a request and gzip's start-up, so a dozen chunks of 300 bytes weigh more than one of the same code. What only some
// pages use keeps Rolldown's automatic split.
const FRAMEWORK = ["/node_modules/react/", "/node_modules/react-dom/", "/node_modules/react-router/", "/node_modules/scheduler/"];
const FRAME = [
  ...["/app/components/layout/", "/app/components/ui/button.", "/app/components/ui/slot.", "/app/components/sections/route-error."],
  ...["/app/components/sections/error-page.", "/app/lib/utils.", "/app/lib/hydration.", "/app/lib/meta.", "/app/content/site."],
  ...["/app/content/nav.", "/app/components/ui/icon.", "/node_modules/clsx/", "/node_modules/class-variance-authority/"],
];
// The primitives most pages with a card, a badge or a field use.
const UI = ["/app/components/ui/badge.", "/app/components/ui/card.", "/app/components/ui/input.", "/app/components/ui/label."];
// The blog: what a post shares with the lists, then what only the lists use.
const BLOG = [
  "/app/features/blog/post.",
  "/app/content/paths.",
  "/app/features/blog/cover-image.",
  "/app/features/blog/post-meta.",
  "/app/features/blog/blog-links.",
];
const BLOG_LIST = [
  ...["/app/features/blog/list.", "/app/features/blog/search.", "/app/features/blog/blog-filters.", "/app/features/blog/blog-list."],
  ...[
    "/app/features/blog/featured-post.",
    "/app/features/blog/pagination.",
    "/app/features/blog/category-link.",
    "/app/features/blog/post-card.",
  ],
];
const matches = (fragments: string[]) => (id: string) => fragments.some((fragment) => id.replaceAll("\\", "/").includes(fragment));
const sharedChunks: Plugin = {
  name: "shared-chunks",
  configEnvironment: (name) =>
    name === "client"
      ? {
          build: {
            rolldownOptions: {
              output: {
                codeSplitting: {
                  groups: [
                    { name: "framework", test: matches(FRAMEWORK), priority: 2 },
                    { name: "frame", test: matches(FRAME), priority: 1 },
                    { name: "ui", test: matches(UI), priority: 1 },
                    { name: "blog", test: matches(BLOG), priority: 1 },
                    { name: "blog-list", test: matches(BLOG_LIST), priority: 1 },
                  ],
                },
              },
            },
          },
        }
      : undefined,
};

/**
 * A feature's modules do nothing but export (decision 039), so a page keeps only what it uses of a feature's public
 * module (app/features/<feature>/index.ts): without this, a `lazy()` or a zod schema there, unused by the page, stayed
 * in its first load with what it imports.
 */
const featuresWithoutSideEffects: Plugin = {
  name: "replywise:features-without-side-effects",
  configEnvironment: (name) =>
    name === "client"
      ? {
          build: {
            rolldownOptions: { treeshake: { moduleSideEffects: [{ test: /\/app\/features\/[^/]+\/[^/]+\.tsx?$/, sideEffects: false }] } },
          },
        }
      : undefined,
};

/**
 * The console's areas are rendered by the server and never hydrate (docs/decisions/014): in the browser build their
 * route modules are stubs that keep their export names (React Router's client entry re-exports them) and import
 * nothing, so no public page's chunks change because the console shares their components. The editors (posts, site
 * content, campaign pages and their experiment form) hydrate, and so does the outer route that holds them: a stub there
 * renders nothing over the server's page.
 */
const consoleWithoutBrowserCode: Plugin = {
  name: "replywise:console-without-browser-code",
  enforce: "pre",
  applyToEnvironment: (environment) => environment.name === "client",
  transform(code, id) {
    const file = /\/app\/routes\/(console[^/]*)\.tsx?$/.exec(id.replaceAll("\\", "/"))?.[1];
    if (!file || file === "console" || /^console(?:-editor-layout|\.posts|\.post|\.content|\.pages|\.page)\b/.test(file)) return undefined;
    const names = [...code.matchAll(/^export (?:async )?(?:function|const|let) (\w+)/gm)].map((match) => match[1]);
    const stub = names.map((name) => `export const ${name} = undefined;`);
    if (/^export default /m.test(code)) stub.push("export default function ConsoleIsServerRendered() {\n  return null;\n}");
    return { code: `${stub.join("\n")}\n`, map: null };
  },
};

/**
 * The server bundle holds three entries: React Router's server build (index.js, which the prerender step reads), our
 * server (main.js, which `npm start` runs) and the configuration it reads first (config.js); they share their chunks.
 * React Router names its one entry index.js, so the file names follow the entries instead.
 */
function serverEntries(): Plugin {
  return {
    name: "replywise:server-entries",
    config: (_config, { isSsrBuild }) =>
      isSsrBuild
        ? {
            build: {
              rollupOptions: {
                input: { index: "virtual:react-router/server-build", main: "./server/index.ts", config: "./server/config.ts" },
                output: { entryFileNames: "[name].js" },
              },
            },
          }
        : undefined,
  };
}

/**
 * The production server build bundles its dependencies (decision 026): a server start loads 150 modules from node_modules
 * instead of 880 and costs 1.6 s of CPU instead of 1.9. Left outside: what loads
 * files beside its own code at run time (PGlite's WebAssembly, the native addons, pino's worker transport) and React and
 * React Router, which the build scripts also import (one copy, or `instanceof RouterContextProvider` fails).
 */
const SERVER_EXTERNALS = [
  ...["@electric-sql/pglite", "sharp", "@node-rs/argon2", "pino", "pino-http"],
  ...["react", "react-dom", "react-router", "@react-router/node", "@react-router/express"],
];

export default defineConfig(({ command }) => ({
  plugins: [
    tailwindcss(),
    consoleWithoutBrowserCode,
    reactRouter(),
    serverEntries(),
    prerenderConfig,
    sharedChunks,
    featuresWithoutSideEffects,
    iconSpriteFile,
    process.env.BUNDLE_REPORT ? bundleReport : null,
  ],
  resolve: { alias: appAlias },
  define: appDefine,
  build: { assetsInlineLimit: 0 },
  ssr: command === "build" ? { noExternal: true, external: SERVER_EXTERNALS } : undefined,
}));
