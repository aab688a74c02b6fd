import "./support/app-globals";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { collectionOf, COLLECTION_NAMES, type CollectionName, isBuiltFile, type ResourceEntry } from "../app/features/site-content/index";
import {
  importContent,
  loadPublished,
  seedSiteContent,
  type ImportedFile,
  findResourceUpload,
  judgeResourceFile,
} from "../app/features/site-content/index.server";
import { contentPublishHooks } from "../server/services";
import { openDatabase, type Database } from "../app/lib/db/client.server";
import { migrate } from "../app/lib/db/migrate.server";
import { readEnv } from "../app/lib/env.server";

// The structured content's readable file form (docs/decisions/035), for review and backup: one JSON file per
// collection, as published, and the files editors uploaded for resources. The database is the source; these move it
// out and back in.
//   npm run content:export -- DIR   DIR/<collection>.json for each: statistics, faq, testimonials, sections, …, and
//                                   DIR/resource-files/<file> for each uploaded resource's file
//   npm run content:import -- DIR   every DIR/<collection>.json there is, checked whole and published in one
//                                   transaction, or nothing written; a resource whose file this database lacks takes
//                                   it from DIR/resource-files/
// Reads DATABASE_URL / DATA_DIR like the server. PGlite allows one process: stop the server first.

const ACTOR = "command line";
const FILES = "resource-files";

export async function exportContent(db: Database, dir: string): Promise<CollectionName[]> {
  mkdirSync(dir, { recursive: true });
  await seedSiteContent(db);
  const content = await loadPublished(db);
  for (const name of COLLECTION_NAMES) {
    // In the schema's order of fields (the database keeps its own), so a file reads like app/content.
    const parsed = collectionOf(name).schema.safeParse(content[name]);
    writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(parsed.success ? parsed.data : content[name], null, 2)}\n`);
  }
  // The uploaded files beside the cards: the built nine come from the build.
  for (const entry of content.resources.filter((resource) => !isBuiltFile(resource.file))) {
    const upload = await findResourceUpload(db, entry.file);
    if (!upload) continue;
    mkdirSync(path.join(dir, FILES), { recursive: true });
    writeFileSync(path.join(dir, FILES, entry.file), upload.body);
  }
  return [...COLLECTION_NAMES];
}

export async function importDirectory(db: Database, dir: string): Promise<CollectionName[]> {
  const content: Partial<Record<CollectionName, unknown>> = {};
  for (const name of COLLECTION_NAMES) {
    const file = path.join(dir, `${name}.json`);
    if (!existsSync(file)) continue;
    try {
      content[name] = JSON.parse(readFileSync(file, "utf8")) as unknown;
    } catch (error) {
      throw new Error(`${name}.json is not JSON: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
  // Everything is checked (the files included) before anything is written, then written in one transaction.
  return importContent(db, contentPublishHooks(), ACTOR, content, (resources) => resourceFiles(db, dir, resources));
}

/**
 * The files of the uploaded resources the import names that this database lacks, from DIR/resource-files/, judged by
 * their bytes as an upload is; a missing or wrong one refuses the import. Stored only with the content that names them.
 */
async function resourceFiles(db: Database, dir: string, entries: readonly ResourceEntry[]): Promise<ImportedFile[]> {
  const wanted: ImportedFile[] = [];
  for (const entry of entries) {
    if (isBuiltFile(entry.file) || (await findResourceUpload(db, entry.file))) continue;
    const source = path.join(dir, FILES, path.basename(entry.file));
    if (!existsSync(source)) throw new Error(`resources: ${entry.file} has no file: put it in ${path.join(dir, FILES)}/.`);
    const body = readFileSync(source);
    const judged = await judgeResourceFile(entry.file, body);
    if ("error" in judged) throw new Error(`resources: ${judged.error}`);
    wanted.push({ file: entry.file, contentType: judged.contentType, bytes: body.length, body, uploadedBy: ACTOR });
  }
  return wanted;
}

async function main([command, dir]: string[]) {
  if ((command !== "export" && command !== "import") || !dir) {
    console.error("Usage: npm run content:export -- DIR | npm run content:import -- DIR");
    process.exitCode = 2;
    return;
  }
  const env = readEnv();
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, maxConnections: 2 });
  try {
    await migrate(handle.db);
    if (command === "export") console.log(`Exported ${(await exportContent(handle.db, dir)).join(", ")} into ${dir}.`);
    else {
      const names = await importDirectory(handle.db, dir);
      console.log(`Published ${names.length > 0 ? names.join(", ") : "nothing (no <collection>.json file)"} from ${dir}.`);
    }
  } catch (error) {
    console.error(`Nothing was imported: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  } finally {
    await handle.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main(process.argv.slice(2));
