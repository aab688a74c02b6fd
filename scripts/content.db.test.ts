import { mkdtempSync, readFileSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { withMigratedDatabase } from "../tests/support/migrated-database";
import { COLLECTION_NAMES, initialContent } from "../app/features/site-content/index";
import { loadPublished, resourceUploads } from "../app/features/site-content/index.server";
import { exportContent, importDirectory } from "./content";
import { sql } from "drizzle-orm";
import { smallPdf, smallPng } from "../tests/support/resource-fixtures";

// content:export and content:import: the published content as readable files, and back, checked like a publication.

describe("content:export and content:import", () => {
  const database = withMigratedDatabase();

  it("writes each collection as readable JSON and publishes an edited file, refusing one that breaks a rule", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "replywise-content-files-"));
    expect(await exportContent(database.db, dir)).toEqual([...COLLECTION_NAMES]);
    const faq = JSON.parse(readFileSync(path.join(dir, "faq.json"), "utf8")) as { question: string; answer: string }[];
    expect(faq).toEqual(initialContent().faq);
    expect(readFileSync(path.join(dir, "faq.json"), "utf8")).toContain('\n  {\n    "question"');

    faq[0]!.answer = "Edited in a file.";
    writeFileSync(path.join(dir, "faq.json"), JSON.stringify(faq));
    expect(await importDirectory(database.db, dir)).toEqual([...COLLECTION_NAMES]);
    expect((await loadPublished(database.db)).faq[0]!.answer).toBe("Edited in a file.");

    faq[0]!.answer = "Only $15 a month.";
    writeFileSync(path.join(dir, "faq.json"), JSON.stringify(faq));
    await expect(importDirectory(database.db, dir)).rejects.toThrow('faq: 0.answer: price "$15" without two decimals');
    expect((await loadPublished(database.db)).faq[0]!.answer).toBe("Edited in a file.");
  });

  it("carries an uploaded resource's file out and back in, judged by its bytes; a missing or false file refuses the import", async () => {
    const pdf = await smallPdf("Carried through the file form.");
    const entry = {
      id: "carried-playbook",
      title: "Carried Playbook",
      description: "A resource uploaded in the browser.",
      category: "guides",
      icon: "compass",
      detail: "1 page",
      file: "carried-playbook.pdf",
      format: "PDF",
      bytes: pdf.length,
    };
    await database.db
      .insert(resourceUploads)
      .values({ file: entry.file, contentType: "application/pdf", bytes: pdf.length, body: pdf, uploadedBy: "t" });
    const published = [...initialContent().resources, entry];
    await database.db.execute(sql`UPDATE site_content SET published = ${JSON.stringify(published)}::jsonb WHERE collection = 'resources'`);

    const dir = mkdtempSync(path.join(tmpdir(), "replywise-content-files-"));
    await exportContent(database.db, dir);
    const exported = path.join(dir, "resource-files", entry.file);
    expect(readFileSync(exported).equals(pdf)).toBe(true);

    // Into a database without the file (here: this one, the file's row gone): it comes back from the folder.
    await database.db.execute(sql`DELETE FROM resource_uploads`);
    await importDirectory(database.db, dir);
    const [stored] = await database.db.select().from(resourceUploads);
    expect(stored).toMatchObject({ file: entry.file, contentType: "application/pdf", bytes: pdf.length });
    expect(Buffer.from(stored!.body).equals(pdf)).toBe(true);

    await database.db.execute(sql`DELETE FROM resource_uploads`);
    writeFileSync(exported, await smallPng());
    await expect(importDirectory(database.db, dir)).rejects.toThrow("is named as a PDF file, but its content is a PNG file");
    rmSync(exported);
    await expect(importDirectory(database.db, dir)).rejects.toThrow(`resources: ${entry.file} has no file`);
    expect(await database.db.select().from(resourceUploads)).toEqual([]);
  });
});
