import { readdirSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

// The build writes every compressible file of build/client again as Brotli (quality 11) and gzip (level 9) beside the
// original, so the server never compresses a built file (docs/decisions/022). Images, fonts, video and the downloads
// are compressed already and are left alone.

/** What is worth compressing: documents, route data, scripts, styles, the feed, the sitemap, the search index, SVG. */
export const COMPRESSIBLE = /\.(html|data|js|css|svg|json|xml|txt|webmanifest)$/;

/** File name suffix of each stored encoding. */
export const ENCODED_SUFFIX = { br: ".br", gzip: ".gz" } as const;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** At build time: as small as Brotli gets, whatever it costs (each file is compressed once, then served for months). */
export function brotliAtBuild(bytes: Buffer): Promise<Buffer> {
  return brotli(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

/**
 * At request time (a page the server rendered, compressed once per cached version): quality 5 takes ~2 ms on the 58 KB
 * home page for 13 % more bytes than quality 11, which takes ~70 ms and would make a run of distinct queries a way to
 * keep the CPU busy.
 */
export function brotliAtRuntime(bytes: Buffer): Promise<Buffer> {
  return brotli(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
}

export function gzipAtBuild(bytes: Buffer): Promise<Buffer> {
  return gzipAsync(bytes, { level: 9 });
}

export function gzipAtRuntime(bytes: Buffer): Promise<Buffer> {
  return gzipAsync(bytes, { level: 6 });
}

/** Every file under a directory, at any depth. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * Writes `file.br` and `file.gz` beside every compressible file of the directory, each only where it is smaller than
 * the file itself (a 75-byte route data file is not). zlib runs on libuv's thread pool, so the files go in parallel.
 */
export async function precompressDirectory(dir: string): Promise<{ files: number; bytes: number; br: number; gzip: number }> {
  const files = filesUnder(dir).filter((file) => COMPRESSIBLE.test(file));
  const totals = { files: files.length, bytes: 0, br: 0, gzip: 0 };
  await Promise.all(
    files.map(async (file) => {
      const bytes = await readFile(file);
      const [br, gz] = await Promise.all([brotliAtBuild(bytes), gzipAtBuild(bytes)]);
      totals.bytes += bytes.length;
      totals.br += Math.min(br.length, bytes.length);
      totals.gzip += Math.min(gz.length, bytes.length);
      if (br.length < bytes.length) await writeFile(`${file}${ENCODED_SUFFIX.br}`, br);
      if (gz.length < bytes.length) await writeFile(`${file}${ENCODED_SUFFIX.gzip}`, gz);
    }),
  );
  return totals;
}
