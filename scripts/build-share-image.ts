// Renders the link-preview image (1200x630) from its SVG source in app/content/images.
// Run with `npx tsx scripts/build-share-image.ts`; the PNG is committed, so builds do not depend on local fonts.
import { mkdir } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

const SOURCE = "app/content/images/og-replywise.svg";
const TARGET = "public/images/og/replywise.png";
const WIDTH = 1200;
const HEIGHT = 630;

await mkdir(path.dirname(TARGET), { recursive: true });
const info = await sharp(SOURCE, { density: 72 })
  .resize(WIDTH, HEIGHT)
  .png({ compressionLevel: 9, palette: true, quality: 90 })
  .toFile(TARGET);
if (info.width !== WIDTH || info.height !== HEIGHT) {
  throw new Error(`${TARGET}: expected ${WIDTH}x${HEIGHT}, got ${info.width}x${info.height}`);
}
console.log(`${TARGET}: ${info.width}x${info.height}, ${Math.round(info.size / 1024)} KB`);
