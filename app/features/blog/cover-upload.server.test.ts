import { crc32 } from "node:zlib";
import sharp, { type Sharp } from "sharp";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { COVER_HEIGHT, COVER_WIDTH, coverShareImage, coverSrcSets } from "./post";
import { COVER_MAX_BYTES, COVER_MAX_PIXELS, CoverRejected, processCover, type ProcessedCover } from "./cover-upload.server";

// Every sharp pipeline the module (or this file) opens is counted, so a test can show an upload was refused before
// sharp saw it at all: an SVG is never rendered, a huge file never parsed.
const opened = vi.hoisted(() => ({ count: 0 }));
vi.mock("sharp", async (importOriginal) => {
  const actual = await importOriginal<{ default: typeof sharp }>();
  const counted = ((...args: Parameters<typeof sharp>) => {
    opened.count += 1;
    return actual.default(...args);
  }) as typeof sharp;
  return { ...actual, default: Object.assign(counted, actual.default) };
});

const RED = { r: 220, g: 30, b: 30 };
const BLUE = { r: 30, g: 30, b: 220 };

/** A solid image, or one with its left half red and its right half blue. */
function picture(width: number, height: number, halves = false): Sharp {
  const base = sharp({ create: { width, height, channels: 3, background: RED } });
  if (!halves) return base;
  const half = Math.floor(width / 2);
  return base.composite([{ input: { create: { width: width - half, height, channels: 3, background: BLUE } }, left: half, top: 0 }]);
}

/** The colour of one pixel of an encoded image. */
async function pixel(image: Buffer, x: number, y: number) {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return { r: data[at]!, g: data[at + 1]!, b: data[at + 2]! };
}

function near(actual: { r: number; g: number; b: number }, expected: { r: number; g: number; b: number }) {
  return Math.max(Math.abs(actual.r - expected.r), Math.abs(actual.g - expected.g), Math.abs(actual.b - expected.b)) <= 40;
}

/** What processCover refused the input with (failing the test if it did not refuse it as a CoverRejected). */
async function refusal(input: Buffer | Uint8Array): Promise<string> {
  const error = await processCover(input).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CoverRejected);
  return (error as CoverRejected).message;
}

/** A tiny PNG whose header declares width × height (the pixel data is 8 × 8: decoding it would fail). */
async function pngDeclaring(width: number, height: number) {
  const png = await picture(8, 8).png().toBuffer();
  expect(png.toString("latin1", 12, 16)).toBe("IHDR");
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** A tiny baseline JPEG whose frame header declares width × height. */
async function jpegDeclaring(width: number, height: number) {
  const jpeg = await picture(16, 16).jpeg().toBuffer();
  const frame = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  expect(frame).toBeGreaterThan(0);
  jpeg.writeUInt16BE(height, frame + 5);
  jpeg.writeUInt16BE(width, frame + 7);
  return jpeg;
}

/** Checks every file a cover needs is there, decodes as what it says it is, at its size, with no metadata. */
async function expectServedFiles(cover: ProcessedCover) {
  const image = `/images/blog/${cover.name}.webp`;
  const srcsets = coverSrcSets(image);
  const asked = [image, coverShareImage(image), ...`${srcsets?.avif}, ${srcsets?.webp}`.split(", ").map((entry) => entry.split(" ")[0])];
  expect(cover.files.map((file) => file.path).sort()).toEqual(asked.sort());
  expect(cover.files).toHaveLength(8);
  expect([cover.width, cover.height]).toEqual([COVER_WIDTH, COVER_HEIGHT]);

  for (const file of cover.files) {
    const metadata = await sharp(file.body).metadata();
    const extension = file.path.split(".").pop();
    const expected = { avif: ["heif", "image/avif"], webp: ["webp", "image/webp"], jpg: ["jpeg", "image/jpeg"] }[extension ?? ""];
    expect([metadata.format, file.contentType], file.path).toEqual(expected);
    if (extension === "avif") expect(metadata.compression, file.path).toBe("av1");
    const width = Number(new RegExp(`/${cover.name}-(\\d+)\\.\\w+$`).exec(file.path)?.[1] ?? COVER_WIDTH);
    expect([metadata.width, metadata.height], file.path).toEqual([width, (width * 9) / 16]);
    expect({ exif: metadata.exif, icc: metadata.icc, xmp: metadata.xmp, iptc: metadata.iptc }, file.path).toEqual({
      exif: undefined,
      icc: undefined,
      xmp: undefined,
      iptc: undefined,
    });
  }
}

beforeEach(() => {
  opened.count = 0;
});

describe("processCover: what it makes", { timeout: 30_000 }, () => {
  it("turns a photo upright by its EXIF orientation (6: rotate 90° clockwise) and makes a landscape cover", async () => {
    // Stored 900 × 1600, red left and blue right; shown upright it is 1600 × 900, red on top and blue below.
    const input = await picture(900, 1600, true).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(input).metadata()).orientation).toBe(6);

    const cover = await processCover(input);
    const full = cover.files.find((file) => file.path.endsWith(`${cover.name}.jpg`))!.body;
    const metadata = await sharp(full).metadata();
    expect([metadata.width, metadata.height, metadata.orientation]).toEqual([1200, 675, undefined]);
    expect(near(await pixel(full, 600, 20), RED)).toBe(true);
    expect(near(await pixel(full, 600, 655), BLUE)).toBe(true);
  });

  it.each([
    ["PNG", (image: Sharp) => image.png()],
    ["WebP", (image: Sharp) => image.webp()],
    ["AVIF", (image: Sharp) => image.avif()],
    ["GIF", (image: Sharp) => image.gif()],
    ["TIFF", (image: Sharp) => image.tiff()],
  ])("accepts a %s and makes every file the pages ask for, each decoding at its size", async (_format, encode) => {
    const cover = await processCover(await encode(picture(1000, 700)).toBuffer());
    await expectServedFiles(cover);
    expect(near(await pixel(cover.files[0]!.body, 200, 100), RED)).toBe(true);
  });

  it("drops the upload's EXIF, GPS and colour profile and never serves its bytes", async () => {
    const input = await picture(1000, 600)
      .jpeg()
      .withIccProfile("p3")
      .withExif({ IFD0: { Copyright: "Secret Camera Co", Software: "LeakyEditor 1.0" }, IFD3: { GPSLatitudeRef: "N" } })
      .toBuffer();
    const metadata = await sharp(input).metadata();
    expect([metadata.exif !== undefined, metadata.icc !== undefined]).toEqual([true, true]);

    const cover = await processCover(input);
    await expectServedFiles(cover);
    for (const file of cover.files) {
      expect(file.body.equals(input)).toBe(false);
      expect(file.body.includes("Secret Camera Co"), file.path).toBe(false);
    }
  });

  it("lays a transparent image on white, so the link preview's JPEG is not black", async () => {
    const input = await sharp({ create: { width: 800, height: 450, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const cover = await processCover(input);
    const jpeg = cover.files.find((file) => file.path.endsWith(".jpg"))!.body;
    expect(near(await pixel(jpeg, 10, 10), { r: 255, g: 255, b: 255 })).toBe(true);
    expect((await sharp(cover.files[0]!.body).metadata()).hasAlpha).toBe(false);
  });

  it("gives a placeholder: a tiny WebP data URI, under 1 KB, in the cover's colours", async () => {
    const cover = await processCover(await picture(800, 450).png().toBuffer());
    expect(cover.placeholder).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/]+=*$/);
    expect(cover.placeholder.length).toBeLessThan(1024);
    const image = Buffer.from(cover.placeholder.split(",")[1]!, "base64");
    expect(await sharp(image).metadata()).toMatchObject({ format: "webp", width: 16, height: 9 });
    expect(near(await pixel(image, 8, 4), RED)).toBe(true);
  });

  it("reads a Uint8Array that is a view into a larger buffer", async () => {
    const png = await picture(800, 450).png().toBuffer();
    const backing = new Uint8Array(png.length + 20);
    backing.set(png, 7);
    const cover = await processCover(backing.subarray(7, 7 + png.length));
    expect(cover.files).toHaveLength(8);
  });

  it("accepts the smallest cover, 400 × 225, as it is shown once upright", async () => {
    await expect(processCover(await picture(400, 225).png().toBuffer())).resolves.toMatchObject({ width: 1200 });
    // Stored 225 × 400, shown 400 × 225.
    const turned = await picture(225, 400).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    await expect(processCover(turned)).resolves.toMatchObject({ width: 1200 });
  });
});

describe("processCover: names", { timeout: 30_000 }, () => {
  let input: Buffer;
  beforeAll(async () => {
    input = await picture(800, 450).png().toBuffer();
  });

  it("names a cover cover-<12 hex digits>, a new name each time", async () => {
    const [first, second] = await Promise.all([processCover(input), processCover(input)]);
    expect(first.name).toMatch(/^cover-[0-9a-f]{12}$/);
    expect(second.name).toMatch(/^cover-[0-9a-f]{12}$/);
    expect(first.name).not.toBe(second.name);
    expect(first.files.every((file) => file.path.startsWith(`/images/blog/${first.name}`))).toBe(true);
  });

  it("uses the name it is given for every file", async () => {
    const cover = await processCover(input, { name: "spring-launch-2026" });
    expect(cover.name).toBe("spring-launch-2026");
    await expectServedFiles(cover);
  });

  it.each(["", "Spring", "spring launch", "../etc/passwd", "spring--launch", "-spring", "spring-", "spring.webp", "printemps-é"])(
    "refuses the name %j with an Error, before reading the image",
    async (name) => {
      const error = await processCover(input, { name }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(CoverRejected);
      expect(opened.count).toBe(0);
    },
  );
});

describe("processCover: what it refuses", { timeout: 30_000 }, () => {
  it("refuses text, whatever the file was called", async () => {
    expect(await refusal(Buffer.from("This is a shopping list, saved as cover.png\n"))).toBe(
      "This file is not an image we can read. Upload a JPEG, PNG, WebP or AVIF image.",
    );
    expect(await refusal(Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n"))).toMatch(/not an image we can read/);
    expect(await refusal(Buffer.from("<!doctype html><html><body>hi</body></html>"))).toMatch(/not an image we can read/);
    expect(opened.count).toBe(0);
  });

  it.each([
    ["plain", '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450"><rect width="800" height="450" fill="red"/></svg>'],
    [
      "with an XML prologue and doctype",
      '<?xml version="1.0"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<!-- made in an editor -->\n<SVG xmlns="http://www.w3.org/2000/svg" width="800" height="450"/>',
    ],
    ["after a byte-order mark and blank lines", '\ufeff\n\n  <svg xmlns="http://www.w3.org/2000/svg" width="800" height="450"/>'],
  ])("refuses an SVG (%s), whatever the file was called, without rendering it", async (_kind, svg) => {
    expect(await refusal(Buffer.from(svg))).toBe("SVG images are not accepted: upload a JPEG, PNG, WebP or AVIF image.");
    expect(opened.count).toBe(0);
  });

  it("refuses an SVG saved as UTF-16", async () => {
    const svg = Buffer.from('\ufeff<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450"/>', "utf16le");
    expect(await refusal(svg)).toMatch(/^SVG images are not accepted/);
  });

  it("refuses an empty file", async () => {
    expect(await refusal(Buffer.alloc(0))).toMatch(/^The file is empty\./);
  });

  it("refuses a 30 MB file, and one byte over 10 MB, without opening it", async () => {
    const huge = Buffer.alloc(30 * 1024 * 1024);
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(huge);
    const started = performance.now();
    expect(await refusal(huge)).toMatch(/^The image is larger than 10 MB\./);
    expect(performance.now() - started).toBeLessThan(100);
    expect(await refusal(huge.subarray(0, COVER_MAX_BYTES + 1))).toMatch(/^The image is larger than 10 MB\./);
    expect(opened.count).toBe(0);
  });

  it.each([
    ["PNG", () => pngDeclaring(20_000, 20_000)],
    ["JPEG", () => jpegDeclaring(20_000, 20_000)],
  ])("refuses a %s that declares 20000 × 20000 pixels (a decompression bomb) from its header, quickly", async (_format, make) => {
    const bomb = await make();
    expect(bomb.length).toBeLessThan(2048);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ width: 20_000, height: 20_000 });
    opened.count = 0;

    const started = performance.now();
    expect(await refusal(bomb)).toBe(
      "The image is 20000 × 20000 pixels, more than the 40 megapixels we accept (8000 × 5000, for example). Save a smaller copy and upload that.",
    );
    expect(performance.now() - started).toBeLessThan(2000);
    expect(opened.count).toBe(1); // the header, nothing more
  });

  it("refuses a real image just over the pixel limit, 8001 × 5000", async () => {
    expect(8001 * 5000).toBeGreaterThan(COVER_MAX_PIXELS);
    const input = await sharp({ create: { width: 8001, height: 5000, channels: 3, background: RED }, limitInputPixels: false })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const started = performance.now();
    expect(await refusal(input)).toMatch(/^The image is 8001 × 5000 pixels, more than the 40 megapixels we accept/);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it.each([
    [399, 225, "399 × 225"],
    [400, 224, "400 × 224"],
    [300, 200, "300 × 200"],
  ])("refuses an image of %i × %i as too small", async (width, height, shown) => {
    expect(await refusal(await picture(width, height).png().toBuffer())).toBe(
      `The image must be at least 400 × 225 pixels. This one is ${shown}.`,
    );
  });

  it("judges the size as the image is shown: 400 × 225 stored, 225 × 400 upright, is too small", async () => {
    const input = await picture(400, 225).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(await refusal(input)).toBe("The image must be at least 400 × 225 pixels. This one is 225 × 400.");
  });

  it("refuses a damaged image: a JPEG cut off halfway", async () => {
    const jpeg = await sharp({
      create: { width: 1600, height: 900, channels: 3, background: RED, noise: { type: "gaussian", mean: 128, sigma: 40 } },
    })
      .jpeg()
      .toBuffer();
    expect(await refusal(jpeg.subarray(0, jpeg.length >> 1))).toMatch(
      /^This image could not be read: the file may be damaged or incomplete\./,
    );
  });

  it("refuses bytes that start like an image and are not one: a GIF signature before PNG data", async () => {
    const png = await picture(800, 450).png().toBuffer();
    expect(await refusal(Buffer.concat([Buffer.from("GIF89a"), png]))).toMatch(/not an image we can read/);
  });
});
