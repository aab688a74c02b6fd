// exceljs (through JSZip) stamps every zip entry with the current time; rewriting the DOS date and time fields
// in the central directory and local headers makes rebuilt workbooks byte-identical. CRCs cover only file data.
export function fixZipTimestamps(zip: Buffer, date: Date): Buffer {
  const out = Buffer.from(zip);
  const dosTime = (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2);
  const dosDate = ((date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate();
  let end = out.length - 22;
  while (end >= 0 && out.readUInt32LE(end) !== 0x06054b50) end -= 1;
  if (end < 0) throw new Error("Not a zip file: no end of central directory");
  const entries = out.readUInt16LE(end + 10);
  let offset = out.readUInt32LE(end + 16);
  for (let index = 0; index < entries; index += 1) {
    if (out.readUInt32LE(offset) !== 0x02014b50) throw new Error("Broken zip central directory");
    out.writeUInt16LE(dosTime, offset + 12);
    out.writeUInt16LE(dosDate, offset + 14);
    const local = out.readUInt32LE(offset + 42);
    out.writeUInt16LE(dosTime, local + 10);
    out.writeUInt16LE(dosDate, local + 12);
    offset += 46 + out.readUInt16LE(offset + 28) + out.readUInt16LE(offset + 30) + out.readUInt16LE(offset + 32);
  }
  return out;
}
