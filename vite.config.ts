import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, perEnvironmentPlugin } from "vite";
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

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), process.env.BUNDLE_REPORT ? bundleReport : null],
  resolve: { alias: appAlias },
  define: publicConfigDefine,
  build: { assetsInlineLimit: 0 },
});
