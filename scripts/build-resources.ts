// Builds the nine free downloads into public/resources/ from the sources in app/content/downloads/.
// Run: npx tsx scripts/build-resources.ts
import { copyFile, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { resources, type Resource } from "../app/content/resources";
import { brand } from "./resources/brand";
import { parseMarkdownDocument } from "./resources/markdown";
import { inspectMp4 } from "../readers/mp4";
import { renderPdf } from "./resources/pdf";
import { buildRoiWorkbook, roiWorkbookSheetCount } from "./resources/roi-workbook";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const sourceDir = path.join(root, "app/content/downloads");
const outDir = path.join(root, "public/resources");

function statedNumber(resource: Resource, pattern: RegExp): number {
  const match = pattern.exec(resource.detail);
  if (!match?.[1]) throw new Error(`${resource.id}: detail "${resource.detail}" does not match ${pattern}`);
  return Number.parseInt(match[1], 10);
}

async function buildPdf(resource: Resource): Promise<string> {
  const fileName = path.join(sourceDir, `${resource.id}.md`);
  const document = parseMarkdownDocument(await readFile(fileName, "utf8"), path.relative(root, fileName));
  if (document.title !== resource.title) {
    throw new Error(`${resource.id}: Markdown title "${document.title}" differs from resources.ts "${resource.title}"`);
  }
  const { meta } = document;
  const { bytes, pages } = await renderPdf(document, {
    title: document.title,
    subtitle: meta.subtitle,
    label: meta.label,
    contentsLabel: meta.contents,
    description: resource.description,
    keywords: meta.keywords,
    date: brand.edition,
  });
  // Written before the checks so that a failing file can still be inspected.
  await writeFile(path.join(outDir, resource.file), bytes);
  const stated = statedNumber(resource, /^(\d+) pages$/);
  if (pages !== stated) throw new Error(`${resource.id}: the PDF has ${pages} pages but resources.ts says ${stated}`);
  if (pages < 4 || pages > 10) throw new Error(`${resource.id}: ${pages} pages; a download should have 4 to 10`);
  return `${pages} pages, ${bytes.length} bytes`;
}

async function buildWorkbook(resource: Resource): Promise<string> {
  const bytes = await buildRoiWorkbook();
  const stated = statedNumber(resource, /(\d+) sheets$/);
  if (roiWorkbookSheetCount !== stated) throw new Error(`${resource.id}: ${roiWorkbookSheetCount} sheets but resources.ts says ${stated}`);
  await writeFile(path.join(outDir, resource.file), bytes);
  return `${roiWorkbookSheetCount} sheets, ${bytes.length} bytes`;
}

async function copyVideo(resource: Resource): Promise<string> {
  // Rendered by scripts/build-masterclass-video.ts (needs ffmpeg and espeak-ng) and committed.
  const source = path.join(sourceDir, "media", resource.file);
  const bytes = await readFile(source);
  const minutes = Math.round(inspectMp4(bytes).seconds / 60);
  const stated = statedNumber(resource, /^Video, (\d+) min$/);
  if (minutes !== stated) throw new Error(`${resource.id}: the video runs ${minutes} min but resources.ts says ${stated}`);
  await copyFile(source, path.join(outDir, resource.file));
  return `${minutes} min, ${bytes.length} bytes`;
}

async function main(): Promise<void> {
  await mkdir(outDir, { recursive: true });
  const only = process.argv.slice(2);
  for (const resource of resources) {
    if (only.length > 0 && !only.includes(resource.id)) continue;
    const summary =
      resource.format === "PDF"
        ? await buildPdf(resource)
        : resource.format === "XLSX"
          ? await buildWorkbook(resource)
          : await copyVideo(resource);
    console.log(`resources: ${resource.file} (${summary})`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
