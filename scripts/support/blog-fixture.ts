// A throwaway copy of the repository with synthetic blog posts added, for `npm run bench:blog` and the browser test of
// a long blog (tests/e2e/blog-archive.spec.ts). Nothing is ever written to the real content folder.
import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseFrontmatter } from "../../app/lib/markdown.server";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const POSTS_DIR = "app/content/blog";
const MANIFEST = "blog-fixture.json";

/** What a test needs to know about a synthetic post. */
export interface SyntheticPost {
  slug: string;
  title: string;
  category: string;
  date: string;
  /** A word found in this post only. */
  marker: string;
}

export interface BlogFixture {
  dir: string;
  /** Every post in the copy, real and synthetic. */
  totalPosts: number;
  /** Newest first; the last one is the oldest post of the blog. */
  synthetic: SyntheticPost[];
}

/** A small deterministic generator: the same N gives the same posts, so figures can be compared run to run. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  return (below: number) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % below;
  };
}

const SYLLABLES = "ka lo mi ne ru sa te vi do fa gu ha jo be ci ze ly pa qui tor van wel xan yor".split(" ");

/** Made-up words, so the vocabulary grows with the posts as real writing does (about 40 new words a post). */
function inventedWords(seed: number, count: number): string[] {
  const next = random(seed * 7919);
  return Array.from({ length: count }, () => Array.from({ length: 2 + next(3) }, () => SYLLABLES[next(SYLLABLES.length)]).join(""));
}

const isoDaysBefore = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

interface RealPost {
  data: Record<string, unknown>;
  body: string;
}

/**
 * Synthetic posts for a blog of `totalPosts` in all, written next to the real ones: copies of the real posts'
 * frontmatter and Markdown with their blocks rotated, a made-up paragraph and a marker word of their own, dated
 * every three or four days before the oldest real post. Each reuses a real post's cover, already encoded, so
 * adding 500 posts adds no image work (encoding one cover takes seconds).
 */
export function writeSyntheticPosts(dir: string, totalPosts: number): SyntheticPost[] {
  const postsDir = path.join(dir, POSTS_DIR);
  const real: RealPost[] = readdirSync(postsDir)
    .filter((file) => file.endsWith(".md"))
    .sort()
    .map((file) => parseFrontmatter(readFileSync(path.join(postsDir, file), "utf8"), file));
  if (real.length === 0) throw new Error(`no posts in ${postsDir}`);
  const oldest = real.map((post) => String(post.data.date)).sort()[0] ?? "2025-01-01";
  const synthetic: SyntheticPost[] = [];
  for (let i = 1; i <= totalPosts - real.length; i++) {
    const source = real[i % real.length]!;
    const data = source.data;
    const slug = `${String(data.slug)}-${i}`;
    const title = `${String(data.title)} (Part ${i})`;
    const date = isoDaysBefore(oldest, Math.round(i * 3.5));
    const marker = `zx${i.toString(36).padStart(4, "0")}q`;
    const blocks = source.body.trim().split(/\n{2,}/);
    const shift = i % blocks.length;
    const body = [...blocks.slice(shift), ...blocks.slice(0, shift), `Archive note ${marker}: ${inventedWords(i, 40).join(" ")}.`].join(
      "\n\n",
    );
    const front = {
      id: 100_000 + i,
      slug,
      title,
      excerpt: data.excerpt,
      category: data.category,
      date,
      author: data.author,
      image: data.image,
      ...(data.imageAlt ? { imageAlt: data.imageAlt } : {}),
      ...(Array.isArray(data.tags) ? { tags: data.tags } : {}),
    };
    // JSON is valid YAML: no quoting rule can be got wrong.
    const yaml = Object.entries(front)
      .map(([key, value]) => `${key}: ${JSON.stringify(value)}`)
      .join("\n");
    writeFileSync(path.join(postsDir, `${slug}.md`), `---\n${yaml}\n---\n\n${body}\n`);
    synthetic.push({ slug, title, category: String(data.category), date, marker });
  }
  return synthetic.sort((a, b) => b.date.localeCompare(a.date));
}

/**
 * Copies the working tree (tracked and untracked files, not ignored ones) into a temporary folder, with the built
 * covers, downloads and core font (ignored) when they exist, and node_modules linked, then adds synthetic posts.
 */
export function createBlogFixture(totalPosts: number): BlogFixture {
  const dir = mkdtempSync(path.join(tmpdir(), "replywise-blog-"));
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: repoRoot, encoding: "utf8" })
    .split("\0")
    // node_modules is linked below (a checkout whose node_modules is itself a link lists it as an untracked file).
    .filter((file) => file && file !== "node_modules" && !file.startsWith("node_modules/"));
  for (const file of files) {
    const from = path.join(repoRoot, file);
    if (!existsSync(from)) continue;
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    // Timestamps kept: the cover build sees its renditions as up to date.
    cpSync(from, path.join(dir, file), { preserveTimestamps: true });
  }
  for (const generated of ["public/images/blog", "public/resources", "app/styles/fonts"]) {
    const from = path.join(repoRoot, generated);
    if (existsSync(from)) cpSync(from, path.join(dir, generated), { recursive: true, preserveTimestamps: true });
  }
  symlinkSync(path.join(repoRoot, "node_modules"), path.join(dir, "node_modules"), "dir");
  const synthetic = writeSyntheticPosts(dir, totalPosts);
  const fixture = { dir, totalPosts, synthetic };
  writeFileSync(path.join(dir, MANIFEST), JSON.stringify(fixture, null, 2));
  return fixture;
}

/** A fixture made earlier (`npm run bench:blog -- N --keep`), from its folder. */
export function openBlogFixture(dir: string): BlogFixture {
  return JSON.parse(readFileSync(path.join(dir, MANIFEST), "utf8")) as BlogFixture;
}

export function removeBlogFixture(fixture: BlogFixture) {
  rmSync(fixture.dir, { recursive: true, force: true });
}

/** Runs a command in the fixture and resolves with its output, or rejects with it. */
export function run(fixture: BlogFixture, command: string, args: string[], { nice = false } = {}): Promise<string> {
  const [file, argv] = nice ? ["nice", ["-n", "10", command, ...args]] : [command, args];
  return new Promise((resolve, reject) => {
    const child = spawn(file, argv, { cwd: fixture.dir, env: { ...process.env, FORCE_COLOR: "0" }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(" ")} exited with ${code}:\n${output}`)),
    );
  });
}
