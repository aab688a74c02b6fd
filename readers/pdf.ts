// Reads a PDF the way a visitor's viewer does (pdf.js): the build checks its own output with it, and so do the tests.
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

export interface PdfSummary {
  pages: number;
  title: string;
  author: string;
  subject: string;
  /** Text of each page, whitespace collapsed. */
  pageTexts: string[];
}

export async function inspectPdf(bytes: Uint8Array): Promise<PdfSummary> {
  const document = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const info = (await document.getMetadata()).info as Record<string, unknown>;
    const pageTexts: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const text = content.items.map((item) => ("str" in item ? item.str : "")).join(" ");
      pageTexts.push(text.replace(/\s+/g, " ").trim());
    }
    const field = (name: string) => (typeof info[name] === "string" ? (info[name] as string) : "");
    return { pages: document.numPages, title: field("Title"), author: field("Author"), subject: field("Subject"), pageTexts };
  } finally {
    await document.destroy();
  }
}
