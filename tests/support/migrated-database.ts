// The one database helper of the tests beside the code (`*.db.test.ts`): a migrated database per describe, an in-memory
// PGlite or a copy of the run's migrated PostgreSQL database.
import { afterAll, beforeAll } from "vitest";
import type { Database, DatabaseHandle } from "../../app/lib/db/client.server";
import { openDatabase } from "../../app/lib/db/client.server";
import { openMigratedMemoryDatabase } from "./pglite-template";
import { createTestDatabase, type TestDatabase } from "./server/postgres";

/**
 * Opens a migrated database of the given kind (PGlite in memory by default) before the tests of the describe it is
 * called in and closes it after them. `.db` and `.handle` are read inside a test or hook (it opens in `beforeAll`).
 */
export function withMigratedDatabase(driver: "pglite" | "postgres" = "pglite"): { readonly db: Database; readonly handle: DatabaseHandle } {
  let handle: DatabaseHandle | undefined;
  let pg: TestDatabase | undefined;
  beforeAll(async () => {
    if (driver === "postgres") {
      pg = await createTestDatabase();
      handle = await openDatabase({ databaseUrl: pg.url });
    } else handle = await openMigratedMemoryDatabase();
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
    await pg?.destroy();
  });
  const opened = () => {
    if (!handle) throw new Error("The database opens in beforeAll: read it inside a test or hook.");
    return handle;
  };
  return {
    get db() {
      return opened().db;
    },
    get handle() {
      return opened();
    },
  };
}
