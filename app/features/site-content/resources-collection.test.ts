import { describe, expect, it } from "vitest";
import { resources as built } from "~/content/resources";
import { smallPdf, smallPng, smallWorkbook, smallZip } from "../../../tests/support/resource-fixtures";
import { resourcesCollection } from "./resources-collection";
import { judgeResourceFile, RESOURCE_MAX_BYTES } from "./resources-collection.server";

// A resource's upload is judged by its bytes against the format its name claims; the collection keeps the nine built.

describe("an uploaded resource's file", () => {
  it("takes a real PDF, XLSX workbook and ZIP for what their names say", async () => {
    expect(await judgeResourceFile("guide.pdf", await smallPdf())).toMatchObject({ format: "PDF", contentType: "application/pdf" });
    expect(await judgeResourceFile("sheet.XLSX", await smallWorkbook())).toMatchObject({ format: "XLSX", extension: "xlsx" });
    expect(await judgeResourceFile("pack.zip", smallZip())).toMatchObject({ format: "ZIP", contentType: "application/zip" });
  });

  it("refuses a file that is not what its name says, with a sentence that says what it is", async () => {
    expect(await judgeResourceFile("guide.pdf", await smallPng())).toEqual({
      error: "“guide.pdf” is named as a PDF file, but its content is a PNG file: upload the real PDF.",
    });
    // An XLSX is a zip holding a spreadsheet, not any zip.
    expect(await judgeResourceFile("sheet.xlsx", smallZip())).toEqual({
      error: "“sheet.xlsx” is named as an XLSX file, but its content is a ZIP file: upload the real XLSX.",
    });
    expect(await judgeResourceFile("video.mp4", Buffer.from("not a video at all"))).toMatchObject({
      error: expect.stringContaining("its content is not a file type we recognize"),
    });
    expect(await judgeResourceFile("notes.txt", Buffer.from("hello"))).toMatchObject({
      error: expect.stringContaining("is not a PDF, XLSX, MP4 or ZIP"),
    });
  });

  it("refuses an empty file and one over the limit before reading it", async () => {
    expect(await judgeResourceFile("guide.pdf", new Uint8Array())).toMatchObject({
      error: expect.stringContaining("Choose the resource's file"),
    });
    const big = Buffer.concat([await smallPdf(), Buffer.alloc(RESOURCE_MAX_BYTES)]);
    expect(await judgeResourceFile("guide.pdf", big)).toMatchObject({
      error: expect.stringMatching(/^The file is 10 MB: a resource may be at most 10 MB\.$/),
    });
  });
});

describe("the resources collection", () => {
  const entries = resourcesCollection.initial();
  const added = { ...entries[0]!, id: "new-guide", file: "new-guide.pdf", title: "New guide", bytes: 1000 };

  it("keeps the nine built resources, each with its own file, and takes a new one beside them", () => {
    expect(entries.map((entry) => entry.id)).toEqual(built.map((resource) => resource.id));
    expect(resourcesCollection.schema.safeParse([...entries, added]).success).toBe(true);
    expect(resourcesCollection.schema.safeParse(entries.slice(1)).success).toBe(false);
    const swapped = entries.map((entry, index) => (index === 0 ? { ...entry, file: "other.pdf" } : entry));
    expect(resourcesCollection.schema.safeParse(swapped).success).toBe(false);
    // A new resource cannot take a built one's file, nor another's address.
    expect(resourcesCollection.schema.safeParse([...entries, { ...added, file: built[1]!.file }]).success).toBe(false);
    expect(resourcesCollection.schema.safeParse([...entries, added, { ...added, file: "other.pdf" }]).success).toBe(false);
  });

  it("refuses markup in a card's text", () => {
    const result = resourcesCollection.schema.safeParse([...entries, { ...added, title: '"><img src=x onerror=alert(1)>' }]);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("The title cannot contain HTML: write it as plain text.");
  });
});
