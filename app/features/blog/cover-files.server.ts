// The files the site serves for a blog cover and how each is encoded, in one place for both ways a cover arrives: the
// sources kept in the repo, built by scripts/build-images.ts, and the images editors upload (cover-upload.server.ts).
// The pages ask for these names through coverSrcSets and coverShareImage (post.ts).
import sharp, { type AvifOptions, type JpegOptions, type Raw, type WebpOptions } from "sharp";
import { COVER_HEIGHT, COVER_WIDTH, COVER_WIDTHS } from "./post";

/** The URL folder covers are served from: public/images/blog in the build. */
export const COVER_URL_DIR = "/images/blog";

export type CoverEncoding =
  | { format: "avif"; contentType: "image/avif"; options: AvifOptions }
  | { format: "webp"; contentType: "image/webp"; options: WebpOptions }
  | { format: "jpeg"; contentType: "image/jpeg"; options: JpegOptions };

/** The srcset renditions, at each of COVER_WIDTHS: AVIF for browsers that read it, WebP for the rest. */
const SRCSET_AVIF: CoverEncoding = { format: "avif", contentType: "image/avif", options: { quality: 55, effort: 4 } };
const SRCSET_WEBP: CoverEncoding = { format: "webp", contentType: "image/webp", options: { quality: 78 } };
/** `<name>.webp`, the post's image as its data names it, at full width. */
const MAIN_WEBP: CoverEncoding = { format: "webp", contentType: "image/webp", options: { quality: 80 } };
/** `<name>.jpg` for link previews (Open Graph), which not every crawler reads in WebP. */
const SHARE_JPEG: CoverEncoding = { format: "jpeg", contentType: "image/jpeg", options: { quality: 82, mozjpeg: true } };

export interface CoverRendition {
  /** The URL path, e.g. "/images/blog/<name>-400.avif". */
  path: string;
  width: number;
  height: number;
  encoding: CoverEncoding;
}

export interface CoverFile {
  /** The URL path, e.g. "/images/blog/<name>-400.avif". */
  path: string;
  contentType: string;
  body: Buffer;
}

/** Every file served for the cover `name`, all at COVER_WIDTH:COVER_HEIGHT. */
export function coverRenditions(name: string): CoverRendition[] {
  const at = (width: number) => ({ width, height: Math.round((width * COVER_HEIGHT) / COVER_WIDTH) });
  return [
    ...COVER_WIDTHS.flatMap((width) => [
      { path: `${COVER_URL_DIR}/${name}-${width}.avif`, ...at(width), encoding: SRCSET_AVIF },
      { path: `${COVER_URL_DIR}/${name}-${width}.webp`, ...at(width), encoding: SRCSET_WEBP },
    ]),
    { path: `${COVER_URL_DIR}/${name}.webp`, ...at(COVER_WIDTH), encoding: MAIN_WEBP },
    { path: `${COVER_URL_DIR}/${name}.jpg`, ...at(COVER_WIDTH), encoding: SHARE_JPEG },
  ];
}

/**
 * Encodes every rendition of the cover `name` from the cover already drawn at COVER_WIDTH × COVER_HEIGHT (an encoded
 * image, or raw pixels with their layout), each from the same pixels, all at once.
 */
export function encodeCoverFiles(name: string, full: Buffer, raw?: Raw): Promise<CoverFile[]> {
  return Promise.all(
    coverRenditions(name).map(async ({ path, width, height, encoding }) => ({
      path,
      contentType: encoding.contentType,
      body: await sharp(full, raw ? { raw } : {})
        .resize({ width, height })
        .toFormat(encoding.format, encoding.options)
        .toBuffer(),
    })),
  );
}
