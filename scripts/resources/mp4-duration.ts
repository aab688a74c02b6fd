// Reads an MP4's duration from its moov/mvhd box, enough for the generator to check the video's stated length.
export function mp4DurationSeconds(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const find = (type: string, start: number, end: number): { start: number; end: number } | undefined => {
    let offset = start;
    while (offset + 8 <= end) {
      let size = view.getUint32(offset);
      const name = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
      let header = 8;
      if (size === 1) {
        size = Number(view.getBigUint64(offset + 8));
        header = 16;
      } else if (size === 0) size = end - offset;
      if (size < header) return undefined;
      if (name === type) return { start: offset + header, end: offset + size };
      offset += size;
    }
    return undefined;
  };
  const moov = find("moov", 0, bytes.byteLength);
  const mvhd = moov && find("mvhd", moov.start, moov.end);
  if (!mvhd) throw new Error("No moov/mvhd box: not an MP4 file");
  const version = view.getUint8(mvhd.start);
  if (version === 1) return Number(view.getBigUint64(mvhd.start + 24)) / view.getUint32(mvhd.start + 20);
  return view.getUint32(mvhd.start + 16) / view.getUint32(mvhd.start + 12);
}
