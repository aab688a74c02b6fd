import "./support/app-globals";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import sharp from "sharp";
import { coverName, draftToMarkdown } from "../app/features/blog/index";
import {
  parsePostFiles,
  findFile,
  storeFiles,
  processCover,
  blogPosts,
  importPosts,
  type ImportedCover,
} from "../app/features/blog/index.server";
import { openDatabase, type Database } from "../app/lib/db/client.server";
import { migrate } from "../app/lib/db/migrate.server";
import { readEnv } from "../app/lib/env.server";

// The blog's exchange format is the repo's Markdown (decision 003): every post as <slug>.md with its cover beside it
// in covers/. The database is the source (decision 023); these move posts in and out of it.
//   npm run blog:export -- DIR   every post (any state) into DIR/<slug>.md and DIR/covers/<slug>.jpg
//   npm run blog:import -- DIR   DIR/*.md (covers from DIR/covers/<name>.*) as published posts; existing slugs are skipped
// Reads DATABASE_URL / DATA_DIR like the server. PGlite allows one process: stop the server first.

const COVER_EXTENSIONS = [".jpg", ".jpeg", ".png", ".webp", ".avif", ".svg"];
/** The built covers of the initial posts, where an export finds them when the database holds none. */
const BUILT_COVERS = path.resolve("public/images/blog");
const ACTOR = "command line";

/** Every post in the database as Markdown files with their covers; returns how many. */
export async function exportPosts(db: Database, dir: string): Promise<number> {
  mkdirSync(path.join(dir, "covers"), { recursive: true });
  const rows = await db.select().from(blogPosts).orderBy(blogPosts.id);
  for (const row of rows) {
    const markdown = draftToMarkdown({ ...row, date: (row.publishedAt ?? row.editedAt).toISOString().slice(0, 10) });
    writeFileSync(
      path.join(dir, `${row.slug}.md`),
      markdown.replace(/^readTime: .*\n/m, row.coverAlt ? `imageAlt: ${JSON.stringify(row.coverAlt)}\n` : ""),
    );
    if (!row.cover) continue;
    const stored = await findFile(db, `/images/blog/${row.cover}.jpg`);
    const built = path.join(BUILT_COVERS, `${row.cover}.jpg`);
    const body = stored?.body ?? (existsSync(built) ? readFileSync(built) : undefined);
    if (body) writeFileSync(path.join(dir, "covers", `${row.slug}.jpg`), body);
  }
  return rows.length;
}

/** Posts from Markdown files, their covers re-encoded into the database; returns the slugs stored. */
export async function importDirectory(db: Database, dir: string): Promise<string[]> {
  const sources = Object.fromEntries(
    readdirSync(dir)
      .filter((file) => file.endsWith(".md"))
      .map((file) => [path.join(dir, file), readFileSync(path.join(dir, file), "utf8")]),
  );
  const files = parsePostFiles(sources);
  const covers = new Map<string, ImportedCover>();
  for (const { front } of files) {
    const name = coverName(front.image) ?? front.slug;
    const source = [front.slug, name]
      .flatMap((base) => COVER_EXTENSIONS.map((ext) => path.join(dir, "covers", `${base}${ext}`)))
      .find((file) => existsSync(file));
    if (!source) continue;
    // An operator's own files: vector art is rasterised here, then encoded like any upload.
    const input = source.endsWith(".svg") ? await sharp(readFileSync(source), { density: 144 }).png().toBuffer() : readFileSync(source);
    const cover = await processCover(input);
    await storeFiles(db, cover.files);
    covers.set(front.slug, { name: cover.name, placeholder: cover.placeholder });
  }
  return importPosts(db, files, { actor: ACTOR, covers });
}

async function main([command, dir]: string[]) {
  if ((command !== "export" && command !== "import") || !dir) {
    console.error("Usage: npm run blog:export -- DIR | npm run blog:import -- DIR");
    process.exitCode = 2;
    return;
  }
  const env = readEnv();
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, maxConnections: 2 });
  try {
    await migrate(handle.db);
    if (command === "export") console.log(`Exported ${await exportPosts(handle.db, dir)} posts into ${dir}.`);
    else {
      const stored = await importDirectory(handle.db, dir);
      console.log(`Imported ${stored.length} posts from ${dir}${stored.length > 0 ? "" : " (every slug was already a post)"}.`);
    }
  } finally {
    await handle.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main(process.argv.slice(2));
