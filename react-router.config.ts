import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { blogPostPath, generatedFiles, publicPages } from "./app/content/paths";
import { blogListPaths } from "./app/lib/blog-list";
import { parseFrontmatter } from "./app/lib/markdown.server";
import { precompressDirectory } from "./server/precompress";

// Post files are named after their slug (checked when the content loads), so the file list is the slug list. Their
// categories give the list pages; the files are validated before the build starts (scripts/build-images.ts).
const postFiles = readdirSync("app/content/blog", { withFileTypes: true }).filter((entry) => entry.isFile() && entry.name.endsWith(".md"));
const blogPaths = postFiles.map((entry) => blogPostPath(entry.name.slice(0, -3)));
const blogCategories = postFiles.map((entry) => {
  const file = `app/content/blog/${entry.name}`;
  return { category: String(parseFrontmatter(readFileSync(file, "utf8"), file).data.category) };
});

export default {
  // Server rendering stays on: form actions, the 404 status and filtered blog URLs need a server.
  ssr: true,
  // Services (database, rate limiter) reach loaders and actions as typed context values (app/context.ts).
  // unstable_optimizeDeps: Vite finds every browser dependency from the route files at start, so the first page of a
  // fresh `npm run dev` does not hit a re-optimization and reload halfway through hydrating.
  future: { v8_middleware: true, unstable_optimizeDeps: true },
  prerender: [...publicPages.map((page) => page.path), ...blogListPaths(blogCategories), ...blogPaths, ...generatedFiles],
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
