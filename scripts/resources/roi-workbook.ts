// Placeholder until the ROI workbook builder is written.
export const roiWorkbookSheetCount = 2;
export async function buildRoiWorkbook(): Promise<Buffer> {
  return Buffer.from("");
}
