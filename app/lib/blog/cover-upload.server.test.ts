import { crc32 } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { COVER_MAX_BYTES, COVER_MESSAGES, CoverRejected, processCover } from "./cover-upload.server";

// Every fixture is made here with sharp: no binary file in the repo, and each says what it is meant to be.

const photo = (width: number, height: number, format: "png" | "jpeg" | "webp" | "avif" = "png") =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .toFormat(format)
    .toBuffer();

async function rejected(input: Uint8Array): Promise<string> {
  const error = await processCover(input).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(CoverRejected);
  return (error as Error).message;
}

describe("an uploaded cover", () => {
  it.each(["png", "jpeg", "webp", "avif"] as const)("is re-encoded from %s into every file the site serves for a cover", async (format) => {
    const cover = await processCover(await photo(1600, 1000, format), { name: "my-cover" });
    expect(cover.name).toBe("my-cover");
    expect(cover.files.map((file) => file.path).sort()).toEqual(
      [
        "/images/blog/my-cover-1200.avif",
        "/images/blog/my-cover-1200.webp",
        "/images/blog/my-cover-400.avif",
        "/images/blog/my-cover-400.webp",
        "/images/blog/my-cover-800.avif",
        "/images/blog/my-cover-800.webp",
        "/images/blog/my-cover.jpg",
        "/images/blog/my-cover.webp",
      ].sort(),
    );
    for (const file of cover.files) {
      const meta = await sharp(file.body).metadata();
      const width = Number(/-(\d+)\./.exec(file.path)?.[1] ?? 1200);
      expect(meta.width, file.path).toBe(width);
      expect(meta.height, file.path).toBe(Math.round((width * 675) / 1200));
      expect(file.contentType).toBe(`image/${meta.format === "heif" ? "avif" : meta.format === "jpeg" ? "jpeg" : meta.format}`);
      expect(meta.exif, file.path).toBeUndefined();
    }
    expect(cover.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(cover.placeholder.length).toBeLessThan(1024);
  });

  it("is turned upright by its EXIF orientation, and loses its metadata", async () => {
    // A portrait photo stored on its side (orientation 6: the camera was turned).
    const sideways = await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#336699" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(sideways).metadata()).orientation).toBe(6);
    const cover = await processCover(sideways);
    const jpg = cover.files.find((file) => file.path.endsWith(".jpg"))!;
    const meta = await sharp(jpg.body).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([1200, 675, undefined]);
    expect(cover.name).toMatch(/^cover-[0-9a-f]{12}$/);
  });

  it("refuses an SVG, whatever it is called, and never renders it", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675"><script>alert(1)</script></svg>');
    expect(await rejected(svg)).toBe(COVER_MESSAGES.svg);
    expect(await rejected(Buffer.concat([Buffer.from("\uFEFF  <?xml version='1.0'?>"), svg]))).toBe(COVER_MESSAGES.svg);
  });

  it("refuses what is not an image, an empty file and a file over 10 MB before reading it", async () => {
    expect(await rejected(Buffer.from("just some text pretending to be a .png"))).toBe(COVER_MESSAGES.notImage);
    expect(await rejected(new Uint8Array())).toBe(COVER_MESSAGES.empty);
    const started = performance.now();
    expect(await rejected(new Uint8Array(COVER_MAX_BYTES + 1))).toBe(COVER_MESSAGES.tooLarge);
    expect(await rejected(new Uint8Array(30 * 1024 * 1024))).toBe(COVER_MESSAGES.tooLarge);
    expect(performance.now() - started).toBeLessThan(200);
  });

  it("refuses a decompression bomb by its header, quickly", async () => {
    // A small PNG whose header declares 20000 × 20000 pixels (1.2 GB decoded), its checksum made right.
    const bomb = Buffer.from(await photo(400, 400));
    bomb.writeUInt32BE(20_000, 16);
    bomb.writeUInt32BE(20_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(20_000);
    const started = performance.now();
    expect(await rejected(bomb)).toBe(COVER_MESSAGES.tooManyPixels);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("refuses an image too small to fill a cover", async () => {
    expect(await rejected(await photo(300, 300))).toBe(COVER_MESSAGES.tooSmall);
  });
});
