import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { publicConfig, readEnv } from "./app/lib/env.server";

export const appAlias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };
// Validated once here: a bad SITE_URL or APP_URL fails the build instead of shipping broken links.
export const publicConfigDefine = { __PUBLIC_CONFIG__: JSON.stringify(publicConfig(readEnv())) };

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: appAlias },
  define: publicConfigDefine,
  build: { assetsInlineLimit: 0 },
});
