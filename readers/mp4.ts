// Walks an MP4's box tree (ISO/IEC 14496-12) far enough to read durations, track types and codecs: the resource
// build checks the video's stated length with it, the resource tests check what a player would find.

export interface Mp4Track {
  /** Handler type from hdlr: "vide", "soun"... */
  handler: string;
  /** Type of the first sample entry in stsd: "avc1", "mp4a"... */
  codec: string;
  seconds: number;
}

export interface Mp4Summary {
  seconds: number;
  tracks: Mp4Track[];
  /** moov before mdat: the video can start playing before it has fully downloaded. */
  fastStart: boolean;
}

interface Box {
  type: string;
  /** Offset of the box's content, after its header. */
  start: number;
  end: number;
}

function fourCC(bytes: Uint8Array, offset: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + 4));
}

function boxes(bytes: Uint8Array, view: DataView, start: number, end: number): Box[] {
  const found: Box[] = [];
  let offset = start;
  while (offset + 8 <= end) {
    let size = view.getUint32(offset);
    const type = fourCC(bytes, offset + 4);
    let header = 8;
    if (size === 1) {
      if (offset + 16 > end) throw new Error(`Broken MP4 box ${type} at ${offset}`);
      size = Number(view.getBigUint64(offset + 8));
      header = 16;
    } else if (size === 0) {
      // Size 0: the box runs to the end of its parent (or of the file).
      size = end - offset;
    }
    if (size < header || offset + size > end) throw new Error(`Broken MP4 box ${type} at ${offset}`);
    found.push({ type, start: offset + header, end: offset + size });
    offset += size;
  }
  return found;
}

/** Reads an MP4 (or any ISO base media file) without decoding it; throws on a file that is not one. */
export function inspectMp4(bytes: Uint8Array): Mp4Summary {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const children = (parent: Box) => boxes(bytes, view, parent.start, parent.end);
  const child = (parent: Box, type: string): Box => {
    const found = children(parent).find((box) => box.type === type);
    if (!found) throw new Error(`MP4 box ${parent.type} has no ${type}`);
    return found;
  };
  // Timescale and duration of an mvhd or mdhd box: both have the same layout after the version byte.
  const seconds = (box: Box): number =>
    view.getUint8(box.start) === 1
      ? Number(view.getBigUint64(box.start + 24)) / view.getUint32(box.start + 20)
      : view.getUint32(box.start + 16) / view.getUint32(box.start + 12);

  if (bytes.byteLength < 8 || fourCC(bytes, 4) !== "ftyp") throw new Error("Not an MP4 file: it does not start with ftyp");
  const top = boxes(bytes, view, 0, bytes.byteLength);
  const moov = top.find((box) => box.type === "moov");
  if (!moov) throw new Error("MP4 file without moov box");
  const tracks = children(moov)
    .filter((box) => box.type === "trak")
    .map((trak) => {
      const mdia = child(trak, "mdia");
      // hdlr: version/flags (4), pre_defined (4), then the handler type.
      const handler = fourCC(bytes, child(mdia, "hdlr").start + 8);
      // stsd: version/flags (4), entry count (4), then the first sample entry, whose box type is the codec.
      const codec = fourCC(bytes, child(child(child(mdia, "minf"), "stbl"), "stsd").start + 12);
      return { handler, codec, seconds: seconds(child(mdia, "mdhd")) };
    });
  const mdatIndex = top.findIndex((box) => box.type === "mdat");
  return { seconds: seconds(child(moov, "mvhd")), tracks, fastStart: mdatIndex < 0 || top.indexOf(moov) < mdatIndex };
}
