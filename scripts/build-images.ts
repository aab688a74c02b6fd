// Turns the blog cover sources (app/content/blog/covers/<name>.svg|png|jpg|webp|avif) into the renditions the pages
// use: AVIF and WebP at 400, 800 and 1200 px wide for srcset, <name>.webp (the frontmatter's image) and <name>.jpg
// for link previews. Validates every post first with the same loader as the site, so bad content fails here, early.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { COVER_HEIGHT, COVER_WIDTH, COVER_WIDTHS, coverName } from "../app/lib/blog";
import { loadPosts } from "../app/lib/blog.server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const postsDir = path.join(root, "app/content/blog");
const coversDir = path.join(postsDir, "covers");
const outDir = path.join(root, "public/images/blog");
const SOURCE_EXTENSIONS = [".svg", ".png", ".jpg", ".jpeg", ".webp", ".avif"];

function findCover(name: string): string | undefined {
  return SOURCE_EXTENSIONS.map((ext) => path.join(coversDir, `${name}${ext}`)).find((file) => existsSync(file));
}

function isFresh(outputs: string[], inputs: string[]) {
  const newestInput = Math.max(...inputs.map((file) => statSync(file).mtimeMs));
  return outputs.every((file) => existsSync(file) && statSync(file).mtimeMs >= newestInput);
}

async function buildCover(name: string, source: string) {
  const outputs = [
    ...COVER_WIDTHS.flatMap((width) => [`${name}-${width}.avif`, `${name}-${width}.webp`]),
    `${name}.webp`,
    `${name}.jpg`,
  ].map((file) => path.join(outDir, file));
  if (isFresh(outputs, [source, fileURLToPath(import.meta.url)])) return false;

  // Vector art is rasterised at a density that gives at least the largest width; photos are used as they are.
  const input = source.endsWith(".svg") ? readFileSync(source) : source;
  const base = () =>
    sharp(input, source.endsWith(".svg") ? { density: 144 } : {}).resize({
      width: COVER_WIDTH,
      height: COVER_HEIGHT,
      fit: "cover",
      position: "attention",
    });
  const full = await base().png().toBuffer();
  const at = (width: number) => sharp(full).resize({ width, height: Math.round((width * COVER_HEIGHT) / COVER_WIDTH) });
  await Promise.all([
    ...COVER_WIDTHS.flatMap((width) => [
      at(width)
        .avif({ quality: 55, effort: 4 })
        .toFile(path.join(outDir, `${name}-${width}.avif`)),
      at(width)
        .webp({ quality: 78 })
        .toFile(path.join(outDir, `${name}-${width}.webp`)),
    ]),
    at(COVER_WIDTH)
      .webp({ quality: 80 })
      .toFile(path.join(outDir, `${name}.webp`)),
    at(COVER_WIDTH)
      .jpeg({ quality: 82, mozjpeg: true })
      .toFile(path.join(outDir, `${name}.jpg`)),
  ]);
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
