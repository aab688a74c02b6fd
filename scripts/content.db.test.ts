import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { withMigratedDatabase } from "../tests/support/migrated-database";
import { COLLECTION_NAMES, initialContent } from "../app/lib/site-content/collections";
import { loadPublished } from "../app/lib/site-content/content.server";
import { exportContent, importDirectory } from "./content";

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
});
