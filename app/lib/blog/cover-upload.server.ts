import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { COVER_HEIGHT, COVER_WIDTH, COVER_WIDTHS } from "~/lib/blog";

// An editor's cover upload (docs/decisions/023): judged by its bytes, never its name or declared type, and re-encoded
// into the files the site serves for every cover (the same as scripts/build-images.ts makes of the initial covers), so
// nothing of the upload but its pixels reaches a reader: no metadata, no script in an SVG, no oversized original.

export const COVER_MAX_BYTES = 10 * 1024 * 1024;
/**
 * 40 megapixels (8000 × 5000, beyond any camera a marketing team uses): a few KB of PNG can declare 20000 × 20000
 * pixels, 1.6 GB once decoded; the header is read first and such a file refused before any pixel is.
 */
export const COVER_MAX_PIXELS = 40_000_000;
export const COVER_MIN_WIDTH = 400;
export const COVER_MIN_HEIGHT = 225;

const ACCEPTED = new Set(["jpeg", "png", "webp", "avif", "heif", "gif", "tiff"]);
const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const COVER_MESSAGES = {
  empty: "The chosen file is empty. Choose an image file.",
  tooLarge: `The image is larger than ${COVER_MAX_BYTES / 1024 / 1024} MB. Save it smaller (a JPEG or WebP of 1200 × 675 px is plenty) and upload it again.`,
  svg: "SVG images are not accepted: upload a JPEG, PNG, WebP or AVIF image.",
  notImage: "This file is not an image we can read. Upload a JPEG, PNG, WebP or AVIF image.",
  tooManyPixels: `The image has more than ${COVER_MAX_PIXELS / 1_000_000} million pixels. Scale it down (1200 × 675 px is plenty) and upload it again.`,
  tooSmall: `The image must be at least ${COVER_MIN_WIDTH} × ${COVER_MIN_HEIGHT} pixels.`,
} as const;

/** A refusal the editor is shown as it is. */
export class CoverRejected extends Error {
  override name = "CoverRejected";
}

export interface CoverFile {
  /** `/images/blog/<name>-<width>.<format>`, `/images/blog/<name>.webp`, `/images/blog/<name>.jpg`. */
  path: string;
  contentType: string;
  body: Buffer;
}

export interface ProcessedCover {
  name: string;
  files: CoverFile[];
  /** A tiny blurred WebP as a data URI, painted while the cover loads. */
  placeholder: string;
}

/** SVG (or any XML) by its first bytes: never handed to the rasteriser, whose SVG reader would fetch and run what it says. */
function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 512))
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart()
    .toLowerCase();
  return head.startsWith("<?xml") || head.startsWith("<svg") || head.startsWith("<!doctype svg") || /<svg[\s>]/.test(head);
}

async function header(bytes: Uint8Array): Promise<Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>> {
  try {
    // The header only: no pixel is decoded, so the size it declares can be judged before any is.
    return await sharp(bytes, { limitInputPixels: false, failOn: "error" }).metadata();
  } catch {
    throw new CoverRejected(COVER_MESSAGES.notImage);
  }
}

export async function processCover(input: Uint8Array, { name = `cover-${randomBytes(6).toString("hex")}` } = {}): Promise<ProcessedCover> {
  if (!NAME.test(name)) throw new Error(`cover name "${name}" is not lowercase words joined by hyphens`);
  if (input.byteLength === 0) throw new CoverRejected(COVER_MESSAGES.empty);
  if (input.byteLength > COVER_MAX_BYTES) throw new CoverRejected(COVER_MESSAGES.tooLarge);
  if (looksLikeSvg(input)) throw new CoverRejected(COVER_MESSAGES.svg);
  const meta = await header(input);
  if (meta.format === "svg") throw new CoverRejected(COVER_MESSAGES.svg);
  if (!meta.format || !ACCEPTED.has(meta.format) || !meta.width || !meta.height) throw new CoverRejected(COVER_MESSAGES.notImage);
  if (meta.width * meta.height > COVER_MAX_PIXELS) throw new CoverRejected(COVER_MESSAGES.tooManyPixels);
  // EXIF orientation may swap the sides.
  const [width, height] = (meta.orientation ?? 1) >= 5 ? [meta.height, meta.width] : [meta.width, meta.height];
  if (width < COVER_MIN_WIDTH || height < COVER_MIN_HEIGHT) throw new CoverRejected(COVER_MESSAGES.tooSmall);

  let full: Buffer;
  try {
    // One decode, upright and cropped to 16:9; every file below is made from these pixels, without the upload's metadata.
    full = await sharp(input, { limitInputPixels: COVER_MAX_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: COVER_WIDTH, height: COVER_HEIGHT, fit: "cover", position: "attention" })
      .png({ compressionLevel: 1 })
      .toBuffer();
  } catch {
    throw new CoverRejected(COVER_MESSAGES.notImage);
  }
  const at = (width: number) => sharp(full).resize({ width, height: Math.round((width * COVER_HEIGHT) / COVER_WIDTH) });
  const file = (suffix: string, contentType: string, body: Promise<Buffer>) =>
    body.then((bytes): CoverFile => ({ path: `/images/blog/${name}${suffix}`, contentType, body: bytes }));
  const [files, blurred] = await Promise.all([
    Promise.all([
      // The same renditions and qualities as the initial covers (scripts/build-images.ts).
      ...COVER_WIDTHS.flatMap((width) => [
        file(`-${width}.avif`, "image/avif", at(width).avif({ quality: 55, effort: 4 }).toBuffer()),
        file(`-${width}.webp`, "image/webp", at(width).webp({ quality: 78 }).toBuffer()),
      ]),
      file(".webp", "image/webp", at(COVER_WIDTH).webp({ quality: 80 }).toBuffer()),
      file(".jpg", "image/jpeg", at(COVER_WIDTH).jpeg({ quality: 82, mozjpeg: true }).toBuffer()),
    ]),
    sharp(full).resize({ width: 16, height: 9 }).blur(0.6).webp({ quality: 40 }).toBuffer(),
  ]);
  return { name, files, placeholder: `data:image/webp;base64,${blurred.toString("base64")}` };
}
