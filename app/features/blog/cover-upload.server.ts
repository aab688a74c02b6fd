// Turns an image an editor uploads as a blog cover into the files the site serves for a cover (the same names, sizes
// and encodings as the covers built from the repo, cover-files.server.ts), plus a tiny placeholder to paint while they
// load. The upload is untrusted: it is judged by its bytes, never by its name or declared type; SVG is refused rather
// than rendered; its size in bytes and in pixels is checked before anything is decoded; and every file served is
// encoded here, without the upload's metadata (EXIF, GPS, ICC), never the uploaded bytes themselves.
import { randomBytes } from "node:crypto";
import sharp, { type Metadata } from "sharp";
import { COVER_HEIGHT, COVER_WIDTH, COVER_WIDTHS, coverName } from "./post";
import { COVER_URL_DIR, encodeCoverFiles, type CoverFile } from "./cover-files.server";
import { COVER_MAX_BYTES, coverTooLarge } from "./post-fields";

export type { CoverFile } from "./cover-files.server";

/** The largest upload, in bytes, as the editor's help text states it. */
export { COVER_MAX_BYTES };
/**
 * The most pixels an upload may declare (width × height), checked from its header before anything is decoded, and
 * given to libvips as its limit too. A small file can declare a huge image (a 20000 × 20000 PNG of one colour is
 * about 1 MB, 1.2 GB once decoded). 40 megapixels (8000 × 5000) takes camera and phone photos up to 40 MP and the
 * stock photos an editor picks (24-42 MP at full size), and bounds the cost of one upload: a 40 MP JPEG or PNG took
 * about 130 MB more memory and 1-4 s of both cores here. 48 MP phone photos are refused with a sentence that asks
 * for a smaller copy, which the 10 MB limit would often refuse anyway.
 */
export const COVER_MAX_PIXELS = 40_000_000;
/** The smallest upload: the smallest width the pages ask for, at 16:9 (400 × 225). */
export const COVER_MIN_WIDTH = COVER_WIDTHS[0];
export const COVER_MIN_HEIGHT = Math.round((COVER_MIN_WIDTH * COVER_HEIGHT) / COVER_WIDTH);
/** The placeholder's width: small enough to inline in the page, blurred by the browser's scaling. */
const PLACEHOLDER_WIDTH = 16;

export interface ProcessedCover {
  /** Its files are /images/blog/<name>…; the post's image is /images/blog/<name>.webp. */
  name: string;
  files: CoverFile[];
  /** A tiny WebP as a data: URI, well under 1 KB, painted while the cover loads. */
  placeholder: string;
  width: number;
  height: number;
}

/** An upload (a cover or a body image) refused for what it is; the message is a sentence for the editor who uploaded it. */
export class CoverRejected extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "CoverRejected";
  }
}

const ACCEPTED = "Upload a JPEG, PNG, WebP or AVIF image.";
const NOT_AN_IMAGE = `This file is not an image we can read. ${ACCEPTED}`;
const SVG = "SVG images are not accepted: upload a JPEG, PNG, WebP or AVIF image.";

type RasterFormat = "jpeg" | "png" | "gif" | "webp" | "tiff" | "heif";
/** HEIF brands (ISO/IEC 23008-12, AV1 image format): stills and sequences, HEVC- or AV1-coded. */
const HEIF_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "avif", "avis"]);

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((byte, i) => bytes[i] === byte);

/**
 * The image format the bytes start with, among those accepted, "svg" for SVG (or XML that holds an <svg>), or
 * undefined: only these ever reach a decoder, so none of libvips' other loaders (SVG, PDF, its own format…) is
 * reachable from an upload.
 */
function sniffCoverFormat(bytes: Uint8Array): RasterFormat | "svg" | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") return "gif";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return "tiff";
  if (ascii(bytes, 4, 8) === "ftyp" && HEIF_BRANDS.has(ascii(bytes, 8, 12))) return "heif";
  // Text, in any of the encodings XML allows: drop the zero bytes of UTF-16 and look for the element.
  const head = ascii(bytes, 0, 4096).replace(/\0/g, "").toLowerCase();
  return head.includes("<svg") ? "svg" : undefined;
}

/**
 * Refuses what is not an acceptable image upload (a cover, or an image in a post's body with its own smallest size),
 * from its bytes and header alone: nothing is decoded yet.
 */
export async function readImageHeader(
  input: Buffer,
  minimum: { width: number; height: number } = { width: COVER_MIN_WIDTH, height: COVER_MIN_HEIGHT },
): Promise<Metadata> {
  if (input.byteLength === 0) throw new CoverRejected(`The file is empty. ${ACCEPTED}`);
  if (input.byteLength > COVER_MAX_BYTES) {
    throw new CoverRejected(coverTooLarge());
  }
  const sniffed = sniffCoverFormat(input);
  if (sniffed === "svg") throw new CoverRejected(SVG);
  if (!sniffed) throw new CoverRejected(NOT_AN_IMAGE);

  let metadata: Metadata;
  try {
    // The header only, whatever size it declares: the size is judged below, with a sentence that names it.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new CoverRejected(NOT_AN_IMAGE);
  }
  // The decoder libvips chose must be the one the bytes named (it picks by content too, by its own rules).
  if (metadata.format === "svg") throw new CoverRejected(SVG);
  if (metadata.format !== sniffed) throw new CoverRejected(NOT_AN_IMAGE);

  const { width, height } = metadata;
  if (width * height > COVER_MAX_PIXELS) {
    throw new CoverRejected(
      `The image is ${width} × ${height} pixels, more than the ${COVER_MAX_PIXELS / 1e6} megapixels we accept (8000 × 5000, for example). ` +
        `Save a smaller copy and upload that.`,
    );
  }
  const { width: shownWidth, height: shownHeight } = metadata.autoOrient;
  if (shownWidth < minimum.width || shownHeight < minimum.height) {
    throw new CoverRejected(
      `The image must be at least ${minimum.width} × ${minimum.height} pixels. This one is ${shownWidth} × ${shownHeight}.`,
    );
  }
  return metadata;
}

/**
 * The upload drawn once at COVER_WIDTH × COVER_HEIGHT, as raw pixels: turned upright by its EXIF orientation, cropped
 * to 16:9 around what draws the eye, transparency laid on white (a link preview's JPEG has none), the first frame of
 * an animation or page of a document.
 */
async function decodeCover(input: Buffer, metadata: Metadata) {
  return decodeOr(metadata, () =>
    sharp(input, { limitInputPixels: COVER_MAX_PIXELS })
      .rotate()
      .resize({ width: COVER_WIDTH, height: COVER_HEIGHT, fit: "cover", position: "attention" })
      .flatten({ background: "#ffffff" })
      .raw()
      .toBuffer({ resolveWithObject: true }),
  );
}

/** A decoding that failed, told as a sentence for the editor (an iPhone's HEIC, a damaged file). */
export async function decodeOr<T>(metadata: Metadata, decode: () => Promise<T>): Promise<T> {
  try {
    return await decode();
  } catch (error) {
    if (metadata.format === "heif" && metadata.compression === "hevc") {
      throw new CoverRejected(
        `HEIC photos (the iPhone's usual format) cannot be read here. Export the photo as a JPEG, or set the camera to "Most Compatible", and upload it again.`,
        { cause: error },
      );
    }
    throw new CoverRejected(
      `This image could not be read: the file may be damaged or incomplete. Save it again as a JPEG, PNG, WebP or AVIF image and upload that.`,
      { cause: error },
    );
  }
}

/**
 * Checks an uploaded cover and makes every file the site serves for it, named `name` (by default a new random name,
 * "cover-" and 12 hex digits). Throws CoverRejected, with a sentence for the editor, for what is not an image we take
 * (by its content), an SVG, an empty file, one over COVER_MAX_BYTES or COVER_MAX_PIXELS, or one under 400 × 225;
 * an Error for a `name` the cover paths cannot carry (lowercase letters and digits in hyphen-separated words).
 */
export async function processCover(input: Buffer | Uint8Array, options: { name?: string } = {}): Promise<ProcessedCover> {
  const name = options.name ?? `cover-${randomBytes(6).toString("hex")}`;
  if (coverName(`${COVER_URL_DIR}/${name}.webp`) !== name) {
    throw new Error(`Cover name "${name}" must be lowercase letters and digits in words joined by hyphens`);
  }
  const bytes = Buffer.isBuffer(input) ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const metadata = await readImageHeader(bytes);
  const { data, info } = await decodeCover(bytes, metadata);
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const [files, placeholder] = await Promise.all([
    encodeCoverFiles(name, data, raw),
    sharp(data, { raw })
      .resize({ width: PLACEHOLDER_WIDTH, height: Math.round((PLACEHOLDER_WIDTH * COVER_HEIGHT) / COVER_WIDTH) })
      .webp({ quality: 50 })
      .toBuffer(),
  ]);
  return {
    name,
    files,
    placeholder: `data:image/webp;base64,${placeholder.toString("base64")}`,
    width: COVER_WIDTH,
    height: COVER_HEIGHT,
  };
}

/** A small square picture made from an upload (a testimonial's photo or logo): its WebP, at `size` × `size`. */
export interface SquareImage {
  contentType: "image/webp";
  body: Buffer;
  size: number;
}

/**
 * Checks an upload for a small square picture as a cover is checked (by its bytes, SVG refused, its size in bytes and
 * pixels, at least `size / 2` pixels a side) and draws it upright, cropped square around what draws the eye, at
 * `size` pixels, a new WebP without the upload's metadata; transparency is kept (a logo). Throws CoverRejected.
 */
export async function processSquareImage(input: Buffer | Uint8Array, size: number): Promise<SquareImage> {
  const bytes = Buffer.isBuffer(input) ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const minimum = Math.ceil(size / 2);
  const metadata = await readImageHeader(bytes, { width: minimum, height: minimum });
  const body = await decodeOr(metadata, () =>
    sharp(bytes, { limitInputPixels: COVER_MAX_PIXELS })
      .rotate()
      .resize({ width: size, height: size, fit: "cover", position: "attention" })
      .webp({ quality: 82 })
      .toBuffer(),
  );
  return { contentType: "image/webp", body, size };
}
