import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { inspectMp4 } from "./mp4";

// Small hand-built files: just the boxes the reader walks, with the sizes and offsets ISO/IEC 14496-12 gives them.

function box(type: string, ...content: Uint8Array[]): Uint8Array {
  const length = content.reduce((total, part) => total + part.length, 0);
  const bytes = new Uint8Array(8 + length);
  new DataView(bytes.buffer).setUint32(0, bytes.length);
  bytes.set(new TextEncoder().encode(type), 4);
  let offset = 8;
  for (const part of content) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}

/** A box whose size is written as a 64-bit "largesize" after the type. */
function largeBox(type: string, content: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(16 + content.length);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, 1);
  bytes.set(new TextEncoder().encode(type), 4);
  view.setBigUint64(8, BigInt(bytes.length));
  bytes.set(content, 16);
  return bytes;
}

/** mvhd or mdhd content: version 0 keeps 32-bit times, version 1 64-bit ones. */
function timing(version: 0 | 1, timescale: number, duration: number): Uint8Array {
  const bytes = new Uint8Array(version === 1 ? 32 : 20);
  const view = new DataView(bytes.buffer);
  view.setUint8(0, version);
  if (version === 1) {
    view.setUint32(20, timescale);
    view.setBigUint64(24, BigInt(duration));
  } else {
    view.setUint32(12, timescale);
    view.setUint32(16, duration);
  }
  return bytes;
}

function ascii(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

function track(handler: string, codec: string, mdhd: Uint8Array): Uint8Array {
  const hdlr = box("hdlr", new Uint8Array(8), ascii(handler), new Uint8Array(13));
  const stsd = box("stsd", new Uint8Array([0, 0, 0, 0, 0, 0, 0, 1]), box(codec, new Uint8Array(8)));
  return box("trak", box("tkhd", new Uint8Array(84)), box("mdia", box("mdhd", mdhd), hdlr, box("minf", box("stbl", stsd))));
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}

const ftyp = box("ftyp", ascii("isom"), new Uint8Array(4), ascii("isomavc1"));
const moov = box(
  "moov",
  box("mvhd", timing(0, 1000, 346_500)),
  track("vide", "avc1", timing(0, 12_800, 4_435_200)),
  track("soun", "mp4a", timing(0, 44_100, 15_281_664)),
);
const mdat = box("mdat", new Uint8Array(64));

describe("inspectMp4", () => {
  it("reads the running time, each track's type, codec and time, and whether moov comes first", () => {
    const summary = inspectMp4(concat(ftyp, moov, mdat));
    expect(summary.seconds).toBe(346.5);
    expect(summary.tracks).toEqual([
      { handler: "vide", codec: "avc1", seconds: 346.5 },
      { handler: "soun", codec: "mp4a", seconds: 15_281_664 / 44_100 },
    ]);
    expect(summary.fastStart).toBe(true);
  });

  it("says when the media data comes before moov (the player must download it all first)", () => {
    expect(inspectMp4(concat(ftyp, mdat, moov)).fastStart).toBe(false);
  });

  it("reads version 1 headers, 64-bit box sizes and a last box that runs to the end of the file", () => {
    const longMoov = largeBox(
      "moov",
      concat(box("mvhd", timing(1, 90_000, 5_400_000_000)), track("vide", "hvc1", timing(1, 90_000, 90_000))),
    );
    const openMdat = concat(new Uint8Array([0, 0, 0, 0]), ascii("mdat"), new Uint8Array(32));
    const summary = inspectMp4(concat(ftyp, longMoov, openMdat));
    expect(summary.seconds).toBe(60_000);
    expect(summary.tracks).toEqual([{ handler: "vide", codec: "hvc1", seconds: 1 }]);
  });

  it("refuses files that are not MP4s or are cut short", () => {
    expect(() => inspectMp4(ascii("%PDF-1.7 not a video at all"))).toThrow("does not start with ftyp");
    expect(() => inspectMp4(concat(ftyp, mdat))).toThrow("without moov");
    const whole = concat(ftyp, moov, mdat);
    expect(() => inspectMp4(whole.subarray(0, ftyp.length + 40))).toThrow("Broken MP4 box moov");
    expect(() => inspectMp4(concat(ftyp, box("moov", box("mvhd", timing(0, 1000, 1000)), box("trak", box("tkhd")))))).toThrow(
      "trak has no mdia",
    );
  });

  it("reads the committed masterclass video as ffmpeg wrote it", () => {
    const video = inspectMp4(readFileSync(new URL("../app/content/downloads/media/cold-email-masterclass.mp4", import.meta.url)));
    expect(video.tracks.map((entry) => `${entry.handler}/${entry.codec}`).sort()).toEqual(["soun/mp4a", "vide/avc1"]);
    for (const entry of video.tracks) expect(Math.abs(entry.seconds - video.seconds)).toBeLessThan(1);
    expect(video.fastStart).toBe(true);
  });
});
