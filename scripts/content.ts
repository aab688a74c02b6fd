import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { collectionOf, COLLECTION_NAMES, type CollectionName } from "../app/lib/site-content/collections";
import { importContent, loadPublished, seedSiteContent } from "../app/lib/site-content/content.server";
import { openDatabase, type Database } from "../app/lib/db/client.server";
import { migrate } from "../app/lib/db/migrate.server";
import { readEnv } from "../app/lib/env.server";

// The structured content's readable file form (docs/decisions/035), for review and backup: one JSON file per
// collection, as published. The database is the source; these move it out and back in.
//   npm run content:export -- DIR   DIR/<collection>.json for each: statistics, faq, testimonials, sections
//   npm run content:import -- DIR   every DIR/<collection>.json there is, checked and published (all or none refused)
// Reads DATABASE_URL / DATA_DIR like the server. PGlite allows one process: stop the server first.

const ACTOR = "command line";

export async function exportContent(db: Database, dir: string): Promise<CollectionName[]> {
  mkdirSync(dir, { recursive: true });
  await seedSiteContent(db);
  const content = await loadPublished(db);
  for (const name of COLLECTION_NAMES) {
    // In the schema's order of fields (the database keeps its own), so a file reads like app/content.
    const parsed = collectionOf(name).schema.safeParse(content[name]);
    writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(parsed.success ? parsed.data : content[name], null, 2)}\n`);
  }
  return [...COLLECTION_NAMES];
}

export async function importDirectory(db: Database, dir: string): Promise<CollectionName[]> {
  const content: Partial<Record<CollectionName, unknown>> = {};
  for (const name of COLLECTION_NAMES) {
    const file = path.join(dir, `${name}.json`);
    if (existsSync(file)) content[name] = JSON.parse(readFileSync(file, "utf8")) as unknown;
  }
  return importContent(db, ACTOR, content);
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
    console.error(`Nothing more was imported: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  } finally {
    await handle.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main(process.argv.slice(2));
