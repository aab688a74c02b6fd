import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import { blogPostPath } from "../../app/content/paths";
import { blogListPaths } from "../../app/features/blog/index";
import type * as ServerEntry from "../../server/index";

export const BUILD_DIR = path.resolve("build");
export const CLIENT_DIR = path.join(BUILD_DIR, "client");

/** A path no route matches, so the catch-all renders the not-found page with status 404. */
export const NOT_FOUND_PATH = "/no-such-page-404";

export interface BuiltPage {
  /** The URL path, or `404` for the server-rendered not-found page. */
  route: string;
  html: string;
  /** Where the HTML came from: a prerendered file or the server build. */
  source: "prerendered" | "server";
}

/** Every prerendered page: each `index.html` under build/client, named by its URL. */
export function prerenderedPages(clientDir = CLIENT_DIR): BuiltPage[] {
  return readdirSync(clientDir, { recursive: true, encoding: "utf8" })
    .filter((file) => path.basename(file) === "index.html")
    .map((file) => {
      const dir = path.dirname(file).split(path.sep).join("/");
      return {
        route: dir === "." ? "/" : `/${dir}`,
        html: readFileSync(path.join(clientDir, file), "utf8"),
        source: "prerendered" as const,
      };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
}

function fullPath(build: ServerBuild, id: string): string {
  const route = build.routes[id];
  if (!route) return "";
  const parent = route.parentId ? fullPath(build, route.parentId) : "";
  return [parent, route.path ?? ""].filter(Boolean).join("/");
}

/**
 * The pages only the server renders, as the server renders them (entry.server included): every static page route
 * that was not prerendered (the /forms/* result pages) and the 404 page. Read from the server build's own route
 * table, so a new route is checked without being listed here.
 */
export async function serverRenderedPages(prerendered: readonly BuiltPage[], buildDir = BUILD_DIR): Promise<BuiltPage[]> {
  const build = (await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href)) as ServerBuild;
  // The server entry shares the build's chunks: its context keys are the ones the routes read.
  const server = (await import(pathToFileURL(path.join(buildDir, "server", "main.js")).href)) as typeof ServerEntry;
  const env = server.readEnv({ ...process.env, DATA_DIR: mkdtempSync(path.join(tmpdir(), "replywise-pages-")) });
  const services = await server.inMemoryServices(env);
  const handler = createRequestHandler(build, "production");
  const done = new Set(prerendered.map((page) => page.route));
  // The pages of the posts the first start imports (docs/decisions/023): each post and every list page.
  const blog = await services.blog.current();
  const posts = blog.getAllPosts();
  const blogPages = [...posts.map((post) => blogPostPath(post.slug)), ...blogListPaths(posts)];
  const routes = Object.values(build.routes)
    .filter((route) => route && route.module.default && (route.path || route.index))
    .map((route) => `/${fullPath(build, route!.id)}`)
    .filter((url) => !url.includes(":") && !url.includes("*"))
    .concat(blogPages)
    .filter((url) => !done.has(url));

  const pages: BuiltPage[] = [];
  for (const [route, url] of [...new Set(routes)]
    .sort()
    .map((url) => [url, url])
    .concat([["404", NOT_FOUND_PATH]])) {
    const response = await handler(new Request(`http://localhost${url}`), server.requestContext(services, "127.0.0.1"));
    // A page that sends an anonymous visitor elsewhere (the console, to its sign-in page) has no HTML of its own.
    if (response.status >= 300 && response.status < 400) continue;
    // A page that needs a query (/forms/download?resource=) still renders its own "not found" answer.
    const fine = route === "404" ? response.status === 404 : response.status < 500;
    if (!fine) throw new Error(`GET ${url} answered ${response.status}`);
    pages.push({ route: route!, html: await response.text(), source: "server" });
  }
  await services.close();
  return pages;
}

/** Every page a visitor can land on: the prerendered ones, then the server-rendered ones. */
export async function builtPages(): Promise<BuiltPage[]> {
  // Every page shows the company's details, edited content (decision 043): the server renders them all, none is prerendered.
  if (!existsSync(path.join(BUILD_DIR, "server", "index.js")))
    throw new Error(`No server build under ${BUILD_DIR}: run \`npm run build\` first.`);
  const prerendered = prerenderedPages();
  return [...prerendered, ...(await serverRenderedPages(prerendered))];
}
