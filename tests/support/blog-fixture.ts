// A blog of many posts for `npm run bench:blog` and the browser test of a long blog (tests/blog/blog-archive.spec.ts):
// synthetic posts written as Markdown files into a temporary folder and imported into a fresh data folder (PGlite) by
// the parser and the import that `npm run blog:import` runs. The built server of this checkout then serves them (`startServer` with that
// DATA_DIR); its first start adds the five real posts (app/features/blog/import.server.ts). No copy of the repository, no
// build: the posts live in the database (docs/decisions/023). Nothing is ever written to the real content folder.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase } from "../../app/lib/db/client.server";
import { migrate } from "../../app/lib/db/migrate.server";
import { parsePostFiles, importPosts } from "../../app/features/blog/index.server";
import { parseFrontmatter } from "../../app/lib/markdown.server";
import { seedDataDir } from "./pglite-template";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** The real posts: what the server imports on its first start, and what the synthetic ones are made from. */
const REAL_POSTS_DIR = path.join(repoRoot, "app/content/blog");
const MANIFEST = "blog-fixture.json";

/** What a test needs to know about a post of the fixture. */
export interface FixturePost {
  slug: string;
  title: string;
  category: string;
  date: string;
}

/** What a test needs to know about a synthetic post. */
export interface SyntheticPost extends FixturePost {
  /** A word found in this post only. */
  marker: string;
}

export interface BlogFixture {
  /** The fixture's folder: the Markdown files imported (posts/) and the server's data folder (data/). */
  dir: string;
  /** The `DATA_DIR` to start the server with. */
  dataDir: string;
  /** Every post the server shows once it has started: the real ones and the synthetic ones. */
  totalPosts: number;
  /** The real posts (app/content/blog), which the server imports on its first start. */
  real: FixturePost[];
  /** Newest first; the last one is the oldest post of the blog. */
  synthetic: SyntheticPost[];
  /** How long the synthetic posts' import took (parsing, rendering, one transaction). */
  importSeconds: number;
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

function readRealPosts(): RealPost[] {
  const real = readdirSync(REAL_POSTS_DIR)
    .filter((file) => file.endsWith(".md"))
    .sort()
    .map((file) => parseFrontmatter(readFileSync(path.join(REAL_POSTS_DIR, file), "utf8"), file));
  if (real.length === 0) throw new Error(`no posts in ${REAL_POSTS_DIR}`);
  return real;
}

/**
 * Synthetic posts for a blog of `totalPosts` in all (the real ones count), written into `dir` as <slug>.md: copies of
 * the real posts' frontmatter and Markdown with their blocks rotated, a made-up paragraph and a marker word of their
 * own, dated every three or four days before the oldest real post. Each names a real post's cover in `image` and
 * brings no file of its own, so the import keeps that built cover: 500 posts add no image work (encoding one cover
 * takes seconds).
 */
export function writeSyntheticPosts(dir: string, totalPosts: number): SyntheticPost[] {
  const real = readRealPosts();
  const oldest = real.map((post) => String(post.data.date)).sort()[0] ?? "2025-01-01";
  mkdirSync(dir, { recursive: true });
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
    writeFileSync(path.join(dir, `${slug}.md`), `---\n${yaml}\n---\n\n${body}\n`);
    synthetic.push({ slug, title, category: String(data.category), date, marker });
  }
  return synthetic.sort((a, b) => b.date.localeCompare(a.date));
}

/**
 * A temporary folder holding a blog of `totalPosts` (at least the real ones): the synthetic posts as Markdown and a
 * data folder they are imported into by `importPosts`, as `npm run blog:import` does (they bring no cover files), in
 * this process. In a test run the data folder starts as a copy of the migrated PGlite template (./pglite-template.ts) instead of a new initdb.
 */
export async function createBlogFixture(totalPosts: number): Promise<BlogFixture> {
  const dir = mkdtempSync(path.join(tmpdir(), "replywise-blog-"));
  try {
    const postsDir = path.join(dir, "posts");
    const dataDir = path.join(dir, "data");
    const synthetic = writeSyntheticPosts(postsDir, totalPosts);
    const real = readRealPosts().map(({ data }) => ({
      slug: String(data.slug),
      title: String(data.title),
      category: String(data.category),
      date: String(data.date),
    }));
    mkdirSync(dataDir);
    seedDataDir(dataDir);
    const handle = await openDatabase({ dataDir });
    let importSeconds: number;
    try {
      await migrate(handle.db);
      const started = performance.now();
      const stored = await importPosts(handle.db, parsePostFiles(markdownFiles(postsDir)), { actor: "blog fixture" });
      importSeconds = (performance.now() - started) / 1000;
      if (stored.length !== synthetic.length) throw new Error(`imported ${stored.length} of ${synthetic.length} synthetic posts`);
    } finally {
      await handle.close();
    }
    const fixture: BlogFixture = { dir, dataDir, totalPosts: real.length + synthetic.length, real, synthetic, importSeconds };
    writeFileSync(path.join(dir, MANIFEST), JSON.stringify(fixture, null, 2));
    return fixture;
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** The Markdown files of a folder, by path: what `parsePostFiles` reads. */
function markdownFiles(dir: string): Record<string, string> {
  const names = readdirSync(dir).filter((file) => file.endsWith(".md"));
  return Object.fromEntries(names.map((file) => [path.join(dir, file), readFileSync(path.join(dir, file), "utf8")]));
}

/** A fixture made earlier (`npm run bench:blog -- N --keep`), from its folder. */
export function openBlogFixture(dir: string): BlogFixture {
  return JSON.parse(readFileSync(path.join(dir, MANIFEST), "utf8")) as BlogFixture;
}

export function removeBlogFixture(fixture: BlogFixture) {
  rmSync(fixture.dir, { recursive: true, force: true });
}
