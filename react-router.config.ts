import { readdirSync } from "node:fs";
import type { Config } from "@react-router/dev/config";
import { blogPostPath, generatedFiles, publicPages } from "./app/content/paths";

// Post files are named after their slug (checked when the content loads), so the file list is the slug list.
const blogPaths = readdirSync("app/content/blog", { withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith(".md"))
  .map((entry) => blogPostPath(entry.name.slice(0, -3)));

export default {
  // Server rendering stays on: form actions, the 404 status and filtered blog URLs need a server.
  ssr: true,
  // Services (database, rate limiter) reach loaders and actions as typed context values (app/context.ts).
  future: { v8_middleware: true },
  prerender: [...publicPages.map((page) => page.path), ...blogPaths, ...generatedFiles],
} satisfies Config;
