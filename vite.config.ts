import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, perEnvironmentPlugin, type Plugin } from "vite";
import { publicConfig, readEnv } from "./app/lib/env.server";

export const appAlias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };
// Validated once here: a bad SITE_URL or APP_URL fails the build instead of shipping broken links.
export const publicConfigDefine = { __PUBLIC_CONFIG__: JSON.stringify(publicConfig(readEnv())) };

// `npm run size:report`: a treemap of the browser chunks, to see what each one holds (decision 012).
const bundleReport = perEnvironmentPlugin("bundle-report", async (environment) => {
  if (environment.name !== "client") return false;
  const { visualizer } = await import("rollup-plugin-visualizer");
  return visualizer({ filename: "reports/bundle/client.html", title: "Replywise browser bundle", gzipSize: true });
});

// Every page loads React, React Router and the site frame: two chunks instead of ~15 small ones, so a page stays within
// the request budget of decision 012. What only some pages use keeps Rolldown's automatic split.
const FRAMEWORK = ["/node_modules/react/", "/node_modules/react-dom/", "/node_modules/react-router/", "/node_modules/scheduler/"];
const FRAME = [
  ...["/app/components/layout/", "/app/components/ui/button.", "/app/components/ui/slot.", "/app/components/sections/route-error."],
  ...["/app/components/sections/error-page.", "/app/lib/utils.", "/app/lib/hydration.", "/app/lib/meta.", "/app/content/site."],
  ...["/app/content/nav.", "/node_modules/clsx/", "/node_modules/class-variance-authority/"],
  // lucide's runtime and the frame's own icons, not every icon a page may use
  ...[
    "/lucide-react/dist/esm/shared/",
    "/lucide-react/dist/esm/Icon.",
    "/lucide-react/dist/esm/createLucideIcon.",
    "/lucide-react/dist/esm/context.",
  ],
  ...["/lucide-react/dist/esm/defaultAttributes.", "/icons/menu.mjs", "/icons/moon.mjs", "/icons/sun.mjs", "/icons/x.mjs"],
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
                  ],
                },
              },
            },
          },
        }
      : undefined,
};

/**
 * The operator inbox is rendered by the server and never hydrates (docs/decisions/014): in the browser build its route
 * modules are stubs that keep their export names (React Router's client entry re-exports them) and import nothing, so
 * no public page's chunks change because the inbox shares their components.
 */
const inboxWithoutBrowserCode: Plugin = {
  name: "replywise:inbox-without-browser-code",
  enforce: "pre",
  applyToEnvironment: (environment) => environment.name === "client",
  transform(code, id) {
    if (!/\/app\/routes\/inbox[^/]*\.tsx?$/.test(id.replaceAll("\\", "/"))) return undefined;
    const names = [...code.matchAll(/^export (?:async )?(?:function|const|let) (\w+)/gm)].map((match) => match[1]);
    const stub = names.map((name) => `export const ${name} = undefined;`);
    if (/^export default /m.test(code)) stub.push("export default function InboxIsServerRendered() {\n  return null;\n}");
    return { code: `${stub.join("\n")}\n`, map: null };
  },
};

/**
 * The server bundle holds two entries: React Router's server build (index.js, which the prerender step reads) and our
 * server (main.js, which `npm start` runs); they share their chunks. React Router names its one entry index.js, so the
 * file names follow the entries instead.
 */
function serverEntries(): Plugin {
  return {
    name: "replywise:server-entries",
    config: (_config, { isSsrBuild }) =>
      isSsrBuild
        ? {
            build: {
              rollupOptions: {
                input: { index: "virtual:react-router/server-build", main: "./server/index.ts" },
                output: { entryFileNames: "[name].js" },
              },
            },
          }
        : undefined,
  };
}

export default defineConfig({
  plugins: [
    tailwindcss(),
    inboxWithoutBrowserCode,
    reactRouter(),
    serverEntries(),
    sharedChunks,
    process.env.BUNDLE_REPORT ? bundleReport : null,
  ],
  resolve: { alias: appAlias },
  define: publicConfigDefine,
  build: { assetsInlineLimit: 0 },
});
