// Turns an image an editor uploads for a post's body into the one file the site serves for it: judged by its bytes
// like a cover (cover-upload.server.ts: the same sniffing, size limits and SVG refusal), turned upright, at most
// BODY_IMAGE_MAX_WIDTH wide, its aspect kept, re-encoded as WebP without the upload's metadata.
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { COVER_URL_DIR, type CoverFile } from "./cover-files.server";
import { COVER_MAX_PIXELS, decodeOr, readImageHeader } from "./cover-upload.server";
import { BODY_IMAGE_MAX_WIDTH, BODY_IMAGE_MIN_SIZE } from "./body-image";

export interface ProcessedBodyImage {
  /** The URL path, /images/blog/image-<12 hex digits>.webp: its one file. */
  src: string;
  width: number;
  height: number;
  file: CoverFile;
}

/**
 * Checks an uploaded body image and encodes the file the site serves. Throws CoverRejected, with a sentence for the
 * editor, for what is not an image we take (by its content), an SVG, an empty file, one over the cover's byte and
 * pixel limits, or one under BODY_IMAGE_MIN_SIZE on a side.
 */
export async function processBodyImage(input: Buffer | Uint8Array): Promise<ProcessedBodyImage> {
  const bytes = Buffer.isBuffer(input) ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const metadata = await readImageHeader(bytes, { width: BODY_IMAGE_MIN_SIZE, height: BODY_IMAGE_MIN_SIZE });
  const { data, info } = await decodeOr(metadata, () =>
    sharp(bytes, { limitInputPixels: COVER_MAX_PIXELS })
      .rotate()
      .resize({ width: BODY_IMAGE_MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true }),
  );
  const src = `${COVER_URL_DIR}/image-${randomBytes(6).toString("hex")}.webp`;
  return { src, width: info.width, height: info.height, file: { path: src, contentType: "image/webp", body: data } };
}
