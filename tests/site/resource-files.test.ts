// Every free download is served by the production server and is a real, well-formed file whose page count,
// sheets or running time match what the resource card promises. One server, one test looping over the files.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roiInputs, roiOutputs } from "../../app/content/downloads/roi-calculator";
import { resources, resourceUrl, type Resource } from "../../app/content/resources";
import { inspectMp4, inspectPdf, openWorkbook, SheetEvaluator, valueCellFor } from "../support/inspect-files";
import { startServer, type RunningServer } from "../support/serve-build";

/** The formats the built resources are in (an editor's upload may also be a ZIP: tests/site-content/resource-upload.test.ts). */
type ResourceFormat = (typeof resources)[number]["format"];

const contentTypes: Record<ResourceFormat, string> = {
  PDF: "application/pdf",
  XLSX: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  MP4: "video/mp4",
};

const minimumBytes: Record<ResourceFormat, number> = { PDF: 20_000, XLSX: 6_000, MP4: 500_000 };

function stated(resource: Resource, pattern: RegExp): number {
  const match = pattern.exec(resource.detail);
  if (!match?.[1]) throw new Error(`${resource.id}: unexpected detail "${resource.detail}"`);
  return Number(match[1]);
}

async function checkPdf(resource: Resource, body: Buffer): Promise<void> {
  const pdf = await inspectPdf(body);
  expect(pdf.pages, "page count stated on the card").toBe(stated(resource, /^(\d+) pages$/));
  expect(pdf.pages).toBeGreaterThanOrEqual(4);
  expect(pdf.pages).toBeLessThanOrEqual(10);
  expect(pdf.title).toBe(resource.title);
  expect(pdf.author).toBe("Replywise");
  expect(pdf.subject).toBe(resource.description);
  expect(pdf.pageTexts[0]).toContain(resource.title);
  expect(pdf.pageTexts[0]).toContain("Replywise");
  pdf.pageTexts.forEach((text, index) => {
    expect(text, `footer of page ${index + 1}`).toContain(`Page ${index + 1} of ${pdf.pages}`);
    // Every inner page carries real, selectable content, not just the running head and footer.
    if (index > 0) expect(text.length).toBeGreaterThan(400);
  });
}

async function checkWorkbook(resource: Resource, body: Buffer): Promise<void> {
  const workbook = await openWorkbook(body);
  expect(workbook.worksheets.length).toBe(stated(resource, /(\d+) sheets$/));
  expect(workbook.getWorksheet("How to use")).toBeDefined();
  const sheet = workbook.getWorksheet("ROI Calculator");
  if (!sheet) throw new Error("The workbook has no ROI Calculator sheet");

  const input = (label: string) => valueCellFor(sheet, label);
  for (const { label, value } of roiInputs) {
    const cell = sheet.getCell(input(label));
    expect(cell.value, label).toBe(value);
    // Inputs are marked as editable: filled, and unlocked if the sheet is ever protected.
    expect(cell.fill, label).toMatchObject({ type: "pattern", pattern: "solid" });
    expect(cell.protection?.locked, label).toBe(false);
  }

  // Each output is a formula with a cached result, and evaluating the formula gives that result.
  const defaults = new SheetEvaluator(sheet);
  for (const { label } of roiOutputs) {
    const address = valueCellFor(sheet, label);
    const raw = sheet.getCell(address).value;
    expect(raw && typeof raw === "object" && "formula" in raw, `${label} is a formula`).toBe(true);
    const { result } = raw as { result?: unknown };
    const evaluated = defaults.value(address);
    if (typeof result === "number") expect(evaluated as number, label).toBeCloseTo(result, 9);
    else expect(evaluated, label).toBe(result);
  }
  const out = (evaluator: SheetEvaluator, label: string) => evaluator.value(valueCellFor(sheet, label));

  // The outputs really depend on the inputs: double the volume and raise the plan, then recompute.
  const emails = sheet.getCell(input("Emails sent per month")).value as number;
  const changed = new SheetEvaluator(sheet, {
    [input("Emails sent per month")]: emails * 2,
    [input("Replywise plan cost per month")]: 150,
  });
  const revenue = out(changed, "Revenue") as number;
  expect(revenue).toBeCloseTo((out(defaults, "Revenue") as number) * 2, 6);
  const cost = out(changed, "Total monthly cost") as number;
  expect(cost).toBe(150 + (sheet.getCell(input("Other outreach costs per month")).value as number));
  expect(out(changed, "ROI %") as number).toBeCloseTo((revenue - cost) / cost, 9);
  expect(out(changed, "Cost per meeting") as number).toBeCloseTo(cost / (out(changed, "Meetings booked") as number), 9);

  // Edge cases stay readable instead of showing spreadsheet errors.
  const free = new SheetEvaluator(sheet, { [input("Replywise plan cost per month")]: 0, [input("Other outreach costs per month")]: 0 });
  expect(out(free, "ROI %")).toBe("n/a");
  const silent = new SheetEvaluator(sheet, { [input("Reply rate %")]: 0 });
  expect(out(silent, "Cost per meeting")).toBe("n/a");
  const big = new SheetEvaluator(sheet, { [input("Emails sent per month")]: 12_000 });
  expect(out(big, "Smallest plan that covers it")).toBe("Agencies");
}

function checkVideo(resource: Resource, body: Buffer): void {
  const video = inspectMp4(body);
  const minutes = stated(resource, /^Video, (\d+) min$/);
  expect(Math.round(video.seconds / 60), "running time stated on the card").toBe(minutes);
  expect(video.seconds).toBeGreaterThanOrEqual(4 * 60);
  expect(video.seconds).toBeLessThanOrEqual(10 * 60);
  expect(video.tracks.map((track) => track.handler).sort()).toEqual(["soun", "vide"]);
  expect(video.tracks.find((track) => track.handler === "vide")?.codec).toBe("avc1");
  expect(video.tracks.find((track) => track.handler === "soun")?.codec).toBe("mp4a");
  for (const track of video.tracks) expect(Math.abs(track.seconds - video.seconds)).toBeLessThan(2);
  expect(video.fastStart, "moov box before the media data").toBe(true);
}

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

describe("free resource downloads", () => {
  it("each file is served with its type and is well formed, as its card describes it", async () => {
    expect(resources).toHaveLength(9);
    for (const resource of resources) {
      const response = await fetch(`${server.url}${resourceUrl(resource)}`);
      expect(response.status, resource.file).toBe(200);
      expect(response.headers.get("content-type"), resource.file).toContain(contentTypes[resource.format]);
      const body = Buffer.from(await response.arrayBuffer());
      expect(body.length, resource.file).toBeGreaterThan(minimumBytes[resource.format]);

      if (resource.format === "PDF") await checkPdf(resource, body);
      else if (resource.format === "XLSX") await checkWorkbook(resource, body);
      else checkVideo(resource, body);
    }
  });
});
