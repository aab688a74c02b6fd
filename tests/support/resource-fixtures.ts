// Small real files for the resource upload's tests (decision 035): a PDF made with the PDF library the downloads use, an
// XLSX workbook made with the workbook library, a plain ZIP, and a PNG, so each format is judged by real bytes.
import { crc32 } from "node:zlib";
import ExcelJS from "exceljs";
import pdfmake from "pdfmake";
import sharp from "sharp";

const helvetica = {
  Helvetica: { normal: "Helvetica", bold: "Helvetica-Bold", italics: "Helvetica-Oblique", bolditalics: "Helvetica-BoldOblique" },
};

/** A one-page PDF that says `text`. */
export async function smallPdf(text = "A resource uploaded by an editor."): Promise<Buffer> {
  pdfmake.setFonts(helvetica);
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((path) => path.startsWith("Helvetica"));
  return Buffer.from(await pdfmake.createPdf({ content: [text], defaultStyle: { font: "Helvetica" } }).getBuffer());
}

/** A workbook of one sheet and one cell. */
export async function smallWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet("Sheet").getCell("A1").value = 42;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A ZIP archive holding one text file, stored (not compressed). */
export function smallZip(name = "readme.txt", text = "Hello"): Buffer {
  const data = Buffer.from(text);
  const fileName = Buffer.from(name);
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const centralOffset = local.length + fileName.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}

/** A small PNG image. */
export function smallPng(): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: "#4f46e5" } })
    .png()
    .toBuffer();
}
