// Turns the blog cover sources (app/content/blog/covers/<name>.svg|png|jpg|webp|avif) into the renditions the pages
// use: AVIF and WebP at 400, 800 and 1200 px wide for srcset, <name>.webp (the frontmatter's image) and <name>.jpg
// for link previews (the names and encodings are app/features/blog/cover-files.server.ts, shared with uploaded covers).
// Validates every post first with the same loader as the site, so bad content fails here, early.
import "./support/app-globals";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { COVER_HEIGHT, COVER_WIDTH, coverName } from "../app/features/blog/index";
import { COVER_URL_DIR, coverRenditions, encodeCoverFiles, loadPosts } from "../app/features/blog/index.server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const postsDir = path.join(root, "app/content/blog");
const coversDir = path.join(postsDir, "covers");
const publicDir = path.join(root, "public");
const outDir = path.join(publicDir, COVER_URL_DIR);
/** What else decides a cover's files besides its source: a change to either rebuilds every cover. */
const encoders = [fileURLToPath(import.meta.url), fileURLToPath(new URL("../app/features/blog/cover-files.server.ts", import.meta.url))];
const SOURCE_EXTENSIONS = [".svg", ".png", ".jpg", ".jpeg", ".webp", ".avif"];

function findCover(name: string): string | undefined {
  return SOURCE_EXTENSIONS.map((ext) => path.join(coversDir, `${name}${ext}`)).find((file) => existsSync(file));
}

function isFresh(outputs: string[], inputs: string[]) {
  const newestInput = Math.max(...inputs.map((file) => statSync(file).mtimeMs));
  return outputs.every((file) => existsSync(file) && statSync(file).mtimeMs >= newestInput);
}

async function buildCover(name: string, source: string) {
  const outputs = coverRenditions(name).map((rendition) => path.join(publicDir, rendition.path));
  if (isFresh(outputs, [source, ...encoders])) return false;

  // Vector art is rasterised at a density that gives at least the largest width; photos are used as they are.
  const input = source.endsWith(".svg") ? readFileSync(source) : source;
  const full = await sharp(input, source.endsWith(".svg") ? { density: 144 } : {})
    .resize({ width: COVER_WIDTH, height: COVER_HEIGHT, fit: "cover", position: "attention" })
    .png()
    .toBuffer();
  const files = await encodeCoverFiles(name, full);
  await Promise.all(files.map((file) => writeFile(path.join(publicDir, file.path), file.body)));
  return true;
}

async function main() {
  const files = Object.fromEntries(
    readdirSync(postsDir)
      .filter((file) => file.endsWith(".md"))
      .map((file) => [`app/content/blog/${file}`, readFileSync(path.join(postsDir, file), "utf8")]),
  );
  const posts = loadPosts(files);
  mkdirSync(outDir, { recursive: true });
  let built = 0;
  for (const post of posts) {
    const name = coverName(post.image.src);
    const source = name ? findCover(name) : undefined;
    if (!name || !source) {
      throw new Error(
        `Blog post app/content/blog/${post.slug}.md: no cover source for ${post.image.src} (expected app/content/blog/covers/${name ?? "<name>"}.svg, .png, .jpg, .webp or .avif)`,
      );
    }
    if (await buildCover(name, source)) built += 1;
  }
  console.log(`blog covers: ${posts.length} posts, ${built} rebuilt, ${posts.length - built} up to date`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
