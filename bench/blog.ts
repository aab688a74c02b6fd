// How the blog's cost grows with its content: imports a blog of N posts (the real ones plus synthetic ones) into a
// throwaway data folder with `npm run blog:import`'s code, starts this checkout's built server on it and reports what
// a visitor pays, as the server answers. The build holds no posts (docs/decisions/023), so it is not run per N.
//   npm run bench:blog -- 500            a blog of 500 posts (after `npm run build`)
//   npm run bench:blog -- 500 --build    also times `react-router build` once (it rewrites build/ first)
//   npm run bench:blog -- 500 --keep     keep the fixture, to run Lighthouse or the browser test against it
import "../scripts/support/app-globals";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { request } from "node:http";
import { gzipSync } from "node:zlib";
import { blogListPath, blogPostPath, BLOG_SEARCH_INDEX_PATH } from "../app/content/paths";
import { categorySlug, blogListPaths } from "../app/features/blog/index";
import { createBlogFixture, removeBlogFixture, repoRoot } from "../tests/support/blog-fixture";
import { firstLoadScripts } from "../scripts/support/first-load";
import { startServer, type RunningServer } from "../tests/support/serve-build";

const args = process.argv.slice(2);
const totalPosts = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 100);
const keep = args.includes("--keep");
const build = args.includes("--build");
if (!Number.isInteger(totalPosts) || totalPosts < 1) throw new Error("usage: npm run bench:blog -- <posts> [--build] [--keep]");

const gzip = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const seconds = (since: number) => (performance.now() - since) / 1000;

interface Answer {
  status: number;
  ms: number;
  /** The body as sent, compressed when the server used the encoding accepted. */
  wire: Buffer;
}

/** One GET as a browser that accepts `encoding` makes it; fetch() would decompress before the bytes can be counted. */
function get(server: RunningServer, pathname: string, encoding = "identity"): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${pathname}`, { headers: { "accept-encoding": encoding, accept: "text/html,*/*" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          ms: performance.now() - started,
          wire: Buffer.concat(chunks),
        }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

interface Size {
  raw: number;
  gzip: number;
  br: number;
  body: Buffer;
}

/** A URL's size as the server sends it uncompressed, with gzip and with Brotli. */
async function sizeOf(server: RunningServer, pathname: string): Promise<Size> {
  const [raw, gz, br] = await Promise.all(["identity", "gzip", "br"].map((encoding) => get(server, pathname, encoding)));
  for (const answer of [raw!, gz!, br!]) if (answer.status !== 200) throw new Error(`GET ${pathname}: ${answer.status}`);
  // What is sent: a body too small to gain from compressing goes as it is.
  return { raw: raw!.wire.length, gzip: gz!.wire.length, br: br!.wire.length, body: raw!.wire };
}

const sized = (size: Size) => `${kb(size.raw)} (${kb(size.gzip)} gzip, ${kb(size.br)} br)`;

/**
 * The scripts a page loads first (scripts/support/first-load.ts), each fetched from the server, and the sum of each
 * one's gzip -9, as decision 012 counts them.
 */
async function firstLoad(server: RunningServer, html: string): Promise<{ scripts: number; gzip: number }> {
  const modules = new Map<string, Buffer>();
  for (;;) {
    const missing = new Set<string>();
    const scripts = firstLoadScripts(html, (url) => {
      const code = modules.get(url);
      if (!code) missing.add(url);
      return code?.toString("utf8") ?? "";
    });
    if (missing.size === 0) return { scripts: scripts.length, gzip: scripts.reduce((sum, url) => sum + gzip(modules.get(url)!), 0) };
    for (const url of missing) {
      const answer = await get(server, url);
      if (answer.status !== 200) throw new Error(`GET ${url}: ${answer.status}`);
      modules.set(url, answer.wire);
    }
  }
}

const rows: [string, string][] = [];
const row = (name: string, value: string) => {
  rows.push([name, value]);
  console.log(`${name.padEnd(24)} ${value}`);
};

if (build) {
  const started = performance.now();
  execFileSync("npx", ["react-router", "build"], { cwd: repoRoot, stdio: "ignore" });
  row("react-router build", `${seconds(started).toFixed(1)} s (no post in it: the same for any N)`);
}
if (!existsSync(`${repoRoot}/build/server/index.js`)) throw new Error("no build: run `npm run build` first");

const fixture = await createBlogFixture(totalPosts);
console.log(`A blog of ${fixture.totalPosts} posts (${fixture.synthetic.length} synthetic) in ${fixture.dir}\n`);
rows.unshift(["posts", String(fixture.totalPosts)]);
row("import", `${fixture.synthetic.length} posts in ${fixture.importSeconds.toFixed(2)} s`);
let server: RunningServer | undefined;
try {
  let started = performance.now();
  server = await startServer({ DATA_DIR: fixture.dataDir });
  row("server start", `${seconds(started).toFixed(1)} s (first start: imports the ${fixture.real.length} real posts)`);

  const first = await get(server, "/blog");
  const cached = await get(server, "/blog");
  row("/blog response", `${first.ms.toFixed(0)} ms first (loads every post), ${cached.ms.toFixed(1)} ms cached`);
  const blog = await sizeOf(server, "/blog");
  row("/blog HTML", sized(blog));
  row("/blog.data", kb((await sizeOf(server, "/blog.data")).raw));
  const blogJs = await firstLoad(server, blog.body.toString());
  row("/blog first-load JS", `${kb(blogJs.gzip)} gzip in ${blogJs.scripts} scripts`);

  // Newest first. The oldest post's category and marker word, and the newest synthetic post (a real one if none).
  const posts = [...fixture.real, ...fixture.synthetic].sort((a, b) => b.date.localeCompare(a.date));
  const category = posts.at(-1)!.category;
  row(
    `category page`,
    `${blogListPath(1, categorySlug(category))}: ${sized(await sizeOf(server, blogListPath(1, categorySlug(category))))}`,
  );
  const listPaths = ["/blog", ...blogListPaths(posts)];
  let largest = { path: "/blog", size: blog };
  for (const pathname of listPaths) {
    const size = await sizeOf(server, pathname);
    if (size.raw > largest.size.raw) largest = { path: pathname, size };
  }
  row("list pages", `${listPaths.length} (/blog, /blog/page/N, categories), each rendered on first request`);
  row("largest list page", `${largest.path}: ${sized(largest.size)}`);

  const postPath = blogPostPath((fixture.synthetic[0] ?? posts[0]!).slug);
  const post = await sizeOf(server, postPath);
  const postJs = await firstLoad(server, post.body.toString());
  row("a post", `${postPath}: ${sized(post)}`);
  row("a post's first-load JS", `${kb(postJs.gzip)} gzip in ${postJs.scripts} scripts`);

  started = performance.now();
  const search = await get(server, `/blog?q=${fixture.synthetic.at(-1)?.marker ?? "reply"}`);
  if (search.status !== 200) throw new Error(`search: ${search.status}`);
  row("first /blog?q=", `${seconds(started).toFixed(2)} s (builds the search index)`);
  row("search index", `${sized(await sizeOf(server, BLOG_SEARCH_INDEX_PATH))}, fetched on the first search`);
  row("RSS feed", kb((await sizeOf(server, "/blog/rss.xml")).raw));
  row("sitemap.xml", `${((await sizeOf(server, "/sitemap.xml")).body.toString().match(/<url>/g) ?? []).length} URLs`);
} finally {
  await server?.stop();
  if (keep) {
    console.log(`\nKept ${fixture.dir}. For example:`);
    console.log(`  DATA_DIR=${fixture.dataDir} PORT=3100 npm start, then LIGHTHOUSE_URL=http://127.0.0.1:3100 npm run lighthouse -- /blog`);
    console.log(`  BLOG_FIXTURE_DIR=${fixture.dir} npx vitest run --project server tests/blog/blog-archive.test.ts`);
    console.log(`  BLOG_FIXTURE_DIR=${fixture.dir} npx playwright test tests/blog/blog-archive.spec.ts --project desktop`);
  } else {
    removeBlogFixture(fixture);
  }
}

console.log("\n| Figure | Value |\n| --- | --- |");
for (const [name, value] of rows) console.log(`| ${name} | ${value} |`);
