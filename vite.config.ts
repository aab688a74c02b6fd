import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { publicConfig, readEnv } from "./app/lib/env.server";

export const appAlias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };
// Validated once here: a bad SITE_URL or APP_URL fails the build instead of shipping broken links.
export const publicConfigDefine = { __PUBLIC_CONFIG__: JSON.stringify(publicConfig(readEnv())) };

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
  plugins: [tailwindcss(), reactRouter(), serverEntries()],
  resolve: { alias: appAlias },
  define: publicConfigDefine,
  build: { assetsInlineLimit: 0 },
});
