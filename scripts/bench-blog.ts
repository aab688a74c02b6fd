// How the blog's cost grows with its content: builds a throwaway copy of the repository holding N posts (the real
// ones plus synthetic ones) and reports what a visitor and a build pay.
//   npm run bench:blog -- 500            a blog of 500 posts
//   npm run bench:blog -- 500 --keep     keep the copy, to run Lighthouse or the browser test against it
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { createBlogFixture, removeBlogFixture, run, type BlogFixture } from "./support/blog-fixture";

const args = process.argv.slice(2);
const totalPosts = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 100);
const keep = args.includes("--keep");
if (!Number.isInteger(totalPosts) || totalPosts < 1) throw new Error("usage: npm run bench:blog -- <posts> [--keep]");

const gzip = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

/**
 * The scripts a prerendered page loads first, as issue 13 counts them: what it preloads (modulepreload links, or the
 * list decision 004's deferred start holds) and what its bootstrap module imports, with their static imports.
 * Dynamic imports (the search, loaded on use) and the route manifest's other routes are left out.
 */
function firstLoadScripts(clientDir: string, html: string): string[] {
  const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g), ...html.matchAll(/data-preload="([^"]+)"/g)];
  const imports = [...html.matchAll(/\bimport\s*(?:[\w$*{}\s,]*?\bfrom\s*|\(\s*)["'](\/assets\/[^"']+\.js)["']/g)];
  const queue = [...preloads.flatMap((match) => match[1]!.split(" ")), ...imports.map((match) => match[1]!)].filter(Boolean);
  const seen = new Set<string>();
  while (queue.length > 0) {
    const asset = queue.pop()!;
    if (seen.has(asset)) continue;
    seen.add(asset);
    const code = readFileSync(path.join(clientDir, asset), "utf8");
    for (const match of code.matchAll(/\b(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      queue.push(path.posix.join(path.posix.dirname(asset), match[1]!));
    }
  }
  return [...seen];
}

interface Figures {
  posts: number;
  buildSeconds: number;
  coverLine: string;
  blogHtml: number;
  blogHtmlGzip: number;
  blogData: number;
  js: number;
  jsRequests: number;
  listPages: number;
  largest: { path: string; bytes: number; gzip: number };
  index: number;
  indexGzip: number;
  feed: number;
  sitemapUrls: number;
}

async function measure(fixture: BlogFixture): Promise<Figures> {
  const started = performance.now();
  const output = await run(fixture, "npm", ["run", "build"]);
  const buildSeconds = (performance.now() - started) / 1000;
  const client = path.join(fixture.dir, "build/client");
  const read = (file: string) => readFileSync(path.join(client, file));

  const blogHtml = read("blog/index.html");
  const scripts = firstLoadScripts(client, blogHtml.toString());
  const listPages = [
    "blog/index.html",
    ...walk(path.join(client, "blog"))
      .map((file) => path.relative(client, file))
      .filter((file) => /^blog\/(page|category)\/.*index\.html$/.test(file)),
  ];
  const largest = listPages
    .map((file) => ({ path: `/${path.dirname(file)}`, bytes: statSync(path.join(client, file)).size, gzip: gzip(read(file)) }))
    .sort((a, b) => b.bytes - a.bytes)[0]!;
  const index = read("blog/search-index.json");
  return {
    posts: fixture.totalPosts,
    buildSeconds,
    coverLine: /blog covers: .*/.exec(output)?.[0] ?? "",
    blogHtml: blogHtml.length,
    blogHtmlGzip: gzip(blogHtml),
    blogData: read("blog.data").length,
    js: scripts.reduce((sum, asset) => sum + gzip(read(asset.slice(1))), 0),
    jsRequests: scripts.length,
    listPages: listPages.length,
    largest,
    index: index.length,
    indexGzip: gzip(index),
    feed: read("blog/rss.xml").length,
    sitemapUrls: (read("sitemap.xml").toString().match(/<url>/g) ?? []).length,
  };
}

const fixture = createBlogFixture(totalPosts);
console.log(`A blog of ${totalPosts} posts (${fixture.synthetic.length} synthetic) in ${fixture.dir}: npm run build…`);
try {
  const f = await measure(fixture);
  const rows: [string, string][] = [
    ["posts", String(f.posts)],
    ["npm run build", `${f.buildSeconds.toFixed(1)} s (${f.coverLine})`],
    ["/blog HTML", `${kb(f.blogHtml)} (${kb(f.blogHtmlGzip)} gzip)`],
    ["/blog.data", kb(f.blogData)],
    ["/blog first-load JS", `${kb(f.js)} gzip in ${f.jsRequests} scripts`],
    ["list pages", `${f.listPages} (/blog, /blog/page/N, categories)`],
    ["largest list page", `${f.largest.path}: ${kb(f.largest.bytes)} (${kb(f.largest.gzip)} gzip)`],
    ["search index", `${kb(f.index)} (${kb(f.indexGzip)} gzip), fetched on the first search`],
    ["RSS feed", kb(f.feed)],
    ["sitemap.xml", `${f.sitemapUrls} URLs`],
  ];
  for (const [name, value] of rows) console.log(`${name.padEnd(22)} ${value}`);
} finally {
  if (keep) {
    console.log(`\nKept ${fixture.dir}. For example:`);
    console.log(`  (cd ${fixture.dir} && npm run lighthouse -- /blog)`);
    console.log(`  BLOG_FIXTURE_DIR=${fixture.dir} npx playwright test tests/e2e/blog-archive.spec.ts --project desktop`);
  } else {
    removeBlogFixture(fixture);
  }
}
