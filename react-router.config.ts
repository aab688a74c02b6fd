import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { generatedFiles, publicPages, serverRenderedPages } from "./app/content/paths";
import { precompressDirectory } from "./server/precompress";

// Every page that shows neither posts nor edited content is prerendered. Posts, statistics and FAQ live in the database
// and are edited in the browser: what shows them is rendered by the server and cached until they change (docs/decisions
// 023, 035), so publishing needs no build.
const prerendered = [...publicPages.map((page) => page.path), ...generatedFiles].filter((page) => !serverRenderedPages.includes(page));

export default {
  // Server rendering stays on: form actions, the 404 status and filtered blog URLs need a server.
  ssr: true,
  // Services (database, rate limiter) reach loaders and actions as typed context values (app/context.ts).
  // unstable_optimizeDeps: Vite finds every browser dependency from the route files at start, so the first page of a
  // fresh `npm run dev` does not hit a re-optimization and reload halfway through hydrating.
  future: { v8_middleware: true, unstable_optimizeDeps: true },
  prerender: prerendered,
  // After the prerender: every page, asset, feed, sitemap and index also as Brotli and gzip (docs/decisions/022).
  async buildEnd({ reactRouterConfig }) {
    const started = performance.now();
    const { files, bytes, br, gzip } = await precompressDirectory(path.join(reactRouterConfig.buildDirectory, "client"));
    const kb = (n: number) => `${Math.round(n / 1024)} KB`;
    console.log(
      `Precompressed ${files} files in ${((performance.now() - started) / 1000).toFixed(1)} s: ${kb(bytes)}, Brotli ${kb(br)}, gzip ${kb(gzip)}.`,
    );
  },
} satisfies Config;
