// Writes the Campaign ROI Calculator (.xlsx) from app/content/downloads/roi-calculator.ts.
import ExcelJS from "exceljs";
import { roiHowTo, roiInputs, roiOutputs, roiPlans, type RoiFormat, type RoiOutput } from "../../app/content/downloads/roi-calculator";
import { brand } from "./brand";
import { fixZipTimestamps } from "./zip-timestamps";

export const roiWorkbookSheetCount = 2;
export const calculatorSheetName = "ROI Calculator";

const indigo = "FF4F46E5";
const violet = "FF7C3AED";
const inputFill = "FFFEF9C3";
const inputFont = "FF1D4ED8";
const muted = "FF64748B";
const band = "FFEEF2FF";

const numberFormats: Record<RoiFormat, string> = {
  integer: "#,##0",
  decimal: "#,##0.0",
  percent: "0.0%",
  currency: '"$"#,##0.00',
  text: "@",
};

// Every font names its face: a font object without a name makes some viewers fall back to a serif face.
const font = (style: Partial<ExcelJS.Font> = {}): Partial<ExcelJS.Font> => ({ name: "Calibri", family: 2, size: 11, ...style });
const solid = (argb: string): ExcelJS.Fill => ({ type: "pattern", pattern: "solid", fgColor: { argb } });
const thin: Partial<ExcelJS.Border> = { style: "thin", color: { argb: "FFE2E8F0" } };

function headerRow(sheet: ExcelJS.Worksheet, row: number, labels: readonly string[]): void {
  labels.forEach((label, index) => {
    const cell = sheet.getCell(row, index + 2);
    cell.value = label;
    cell.font = font({ bold: true, color: { argb: "FFFFFFFF" } });
    cell.fill = solid(indigo);
    cell.alignment = { vertical: "middle" };
  });
  sheet.getRow(row).height = 20;
}

export async function buildRoiWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = brand.name;
  workbook.lastModifiedBy = brand.name;
  workbook.title = "Campaign ROI Calculator";
  workbook.company = brand.name;
  workbook.created = brand.edition;
  workbook.modified = brand.edition;
  workbook.lastPrinted = brand.edition;
  // Excel and LibreOffice recalculate on open; the cached results below serve viewers that do not.
  workbook.calcProperties.fullCalcOnLoad = true;

  const sheet = workbook.addWorksheet(calculatorSheetName, {
    properties: { tabColor: { argb: indigo } },
    views: [{ showGridLines: false, state: "frozen", ySplit: 2 }],
    pageSetup: { orientation: "landscape", fitToPage: true, fitToWidth: 1, fitToHeight: 1 },
  });
  sheet.columns = [{ width: 3 }, { width: 36 }, { width: 18 }, { width: 96 }];

  sheet.mergeCells("B1:D1");
  const title = sheet.getCell("B1");
  title.value = `${brand.name} Campaign ROI Calculator`;
  title.font = font({ bold: true, size: 16, color: { argb: "FFFFFFFF" } });
  title.fill = solid(indigo);
  title.alignment = { vertical: "middle", indent: 1 };
  sheet.getRow(1).height = 32;
  sheet.mergeCells("B2:D2");
  const subtitle = sheet.getCell("B2");
  subtitle.value = "Change the yellow cells; every result below updates. See the How to use sheet for details.";
  subtitle.font = font({ italic: true, color: { argb: violet } });
  subtitle.alignment = { indent: 1 };

  const address = new Map<string, string>();
  const values: Record<string, number | string> = {};

  let row = 4;
  headerRow(sheet, row, ["Inputs", "Your value", "Notes"]);
  row += 1;
  for (const input of roiInputs) {
    address.set(input.id, `C${row}`);
    values[input.id] = input.value;
    sheet.getCell(row, 2).value = input.label;
    sheet.getCell(row, 2).font = font();
    sheet.getCell(row, 2).alignment = { vertical: "middle" };
    const cell = sheet.getCell(row, 3);
    cell.value = input.value;
    cell.numFmt = numberFormats[input.format];
    cell.fill = solid(inputFill);
    cell.font = font({ bold: true, color: { argb: inputFont } });
    cell.alignment = { vertical: "middle" };
    cell.border = { top: thin, bottom: thin, left: thin, right: thin };
    cell.protection = { locked: false };
    cell.dataValidation = {
      type: "decimal",
      operator: "between",
      allowBlank: false,
      showErrorMessage: true,
      errorTitle: "Check this value",
      error: "max" in input ? "Enter a percentage between 0% and 100%." : "Enter a number of 0 or more.",
      formulae: [0, "max" in input ? input.max : 1_000_000_000],
    };
    const note = sheet.getCell(row, 4);
    note.value = input.note;
    note.font = font({ color: { argb: muted } });
    note.alignment = { wrapText: true, vertical: "middle" };
    sheet.getRow(row).height = input.note.length > 95 ? 30 : 18;
    row += 1;
  }

  row += 1;
  headerRow(sheet, row, ["Results for one month of outreach", "Result", "How it is calculated"]);
  row += 1;
  const firstOutputRow = row;
  roiOutputs.forEach((output, index) => {
    const current = firstOutputRow + index;
    address.set(output.id, `C${current}`);
  });
  for (const output of roiOutputs as readonly RoiOutput[]) {
    const formula = output.formula.replace(/\{(\w+)\}/g, (_, id: string) => {
      const ref = address.get(id);
      if (!ref) throw new Error(`ROI formula for ${output.id} names unknown row ${id}`);
      return ref;
    });
    const result = output.compute(values);
    values[output.id] = result;
    sheet.getCell(row, 2).value = output.label;
    sheet.getCell(row, 2).font = font();
    const cell = sheet.getCell(row, 3);
    cell.value = { formula, result };
    cell.numFmt = numberFormats[output.format];
    cell.alignment = { horizontal: "right" };
    cell.border = { bottom: thin };
    if (output.highlight) {
      sheet.getCell(row, 2).font = font({ bold: true });
      cell.font = font({ bold: true, color: { argb: indigo } });
      cell.fill = solid(band);
    }
    const note = sheet.getCell(row, 4);
    note.value = output.note;
    note.font = font({ color: { argb: muted } });
    row += 1;
  }

  row += 1;
  headerRow(sheet, row, [
    `${brand.name} plans`,
    "Price per month",
    "Included reply credits (1 credit = 1 reply; meeting invites cost 0 credits)",
  ]);
  row += 1;
  for (const plan of roiPlans) {
    sheet.getCell(row, 2).value = plan.name;
    sheet.getCell(row, 2).font = font();
    const price = sheet.getCell(row, 3);
    price.value = plan.price;
    price.numFmt = numberFormats.currency;
    price.font = font();
    const credits = sheet.getCell(row, 4);
    credits.value = `${plan.credits} credits ($${(plan.price / plan.credits).toFixed(2)} per reply)`;
    credits.font = font({ color: { argb: muted } });
    row += 1;
  }

  const howTo = workbook.addWorksheet("How to use", {
    properties: { tabColor: { argb: violet } },
    views: [{ showGridLines: false }],
    pageSetup: { orientation: "landscape", fitToPage: true, fitToWidth: 1, fitToHeight: 1 },
  });
  howTo.columns = [{ width: 3 }, { width: 6 }, { width: 110 }];
  howTo.mergeCells("B1:C1");
  const howTitle = howTo.getCell("B1");
  howTitle.value = roiHowTo.title;
  howTitle.font = font({ bold: true, size: 16, color: { argb: "FFFFFFFF" } });
  howTitle.fill = solid(indigo);
  howTitle.alignment = { vertical: "middle", indent: 1 };
  howTo.getRow(1).height = 32;
  let line = 3;
  roiHowTo.steps.forEach((step, index) => {
    const number = howTo.getCell(line, 2);
    number.value = index + 1;
    number.font = font({ bold: true, color: { argb: indigo } });
    number.alignment = { vertical: "top", horizontal: "center" };
    const text = howTo.getCell(line, 3);
    text.value = step;
    text.font = font();
    text.alignment = { wrapText: true, vertical: "top" };
    howTo.getRow(line).height = Math.ceil(step.length / 125) * 15 + 3;
    line += 1;
  });
  line += 1;
  howTo.getCell(line, 2).value = "Good to know";
  howTo.getCell(line, 2).font = font({ bold: true, color: { argb: violet } });
  line += 1;
  for (const note of roiHowTo.notes) {
    howTo.getCell(line, 2).value = "-";
    howTo.getCell(line, 2).font = font({ color: { argb: violet } });
    howTo.getCell(line, 2).alignment = { horizontal: "center", vertical: "top" };
    const text = howTo.getCell(line, 3);
    text.value = note;
    text.font = font();
    text.alignment = { wrapText: true, vertical: "top" };
    howTo.getRow(line).height = Math.ceil(note.length / 125) * 15 + 3;
    line += 1;
  }
  line += 1;
  howTo.getCell(line, 3).value = `${brand.name}: ${brand.promise}.`;
  howTo.getCell(line, 3).font = font({ italic: true, color: { argb: muted } });

  if (workbook.worksheets.length !== roiWorkbookSheetCount) throw new Error("roiWorkbookSheetCount is out of date");
  return fixZipTimestamps(Buffer.from(await workbook.xlsx.writeBuffer()), brand.edition);
}
