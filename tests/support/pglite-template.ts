import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { openDatabase } from "../../app/lib/db/client.server";
import { migrate } from "../../app/lib/db/migrate.server";

/**
 * A fresh PGlite runs initdb in WebAssembly: about 4 s of CPU, which 20-odd test servers and harnesses paid each run.
 * A test run migrates one data folder once (the runners' global setup) and every later database starts as a copy of
 * it, about 0.7 s. The folder's path travels to the workers through this variable; unset (benches, scripts), nothing
 * is seeded. The `npm start` test starts from an empty folder, so the first-start path stays covered.
 */
export const PGLITE_TEMPLATE = "TEST_PGLITE_TEMPLATE";

/** The data folder (`DATA_DIR`) whose `pglite` folder is migrated, and beside it the same as a dump for in-memory use. */
export async function preparePgliteTemplate(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "replywise-pglite-template-"));
  const handle = await openDatabase({ dataDir });
  await migrate(handle.db);
  await handle.close();
  const client = await PGlite.create({ dataDir: path.join(dataDir, "pglite"), extensions: { pg_trgm } });
  const dump = await client.dumpDataDir("gzip");
  await client.close();
  writeFileSync(path.join(dataDir, "pglite.tar.gz"), Buffer.from(await dump.arrayBuffer()));
  return dataDir;
}

/** Gives an unused `DATA_DIR` the migrated database, when the run has a template; a used one is left as it is. */
export function seedDataDir(dataDir: string): void {
  const template = process.env[PGLITE_TEMPLATE];
  if (!template || existsSync(path.join(dataDir, "pglite"))) return;
  cpSync(path.join(template, "pglite"), path.join(dataDir, "pglite"), { recursive: true });
}

/** The template as a dump that an in-memory PGlite loads (`openDatabase({ seed })`), when the run has one. */
export function templateDump(): Blob | undefined {
  const template = process.env[PGLITE_TEMPLATE];
  return template ? new Blob([readFileSync(path.join(template, "pglite.tar.gz"))]) : undefined;
}

/**
 * A migrated in-memory PGlite for the tests beside the code (`*.db.test.ts`): the run's template when there is one,
 * so each file skips initdb and the migrations (seconds of CPU each on a busy machine).
 */
export async function openMigratedMemoryDatabase() {
  const handle = await openDatabase({ seed: templateDump() });
  await migrate(handle.db);
  return handle;
}
