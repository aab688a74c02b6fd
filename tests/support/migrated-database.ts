// The one database helper of the tests beside the code (`*.db.test.ts`): a migrated in-memory PGlite per describe.
import { afterAll, beforeAll } from "vitest";
import type { Database, DatabaseHandle } from "../../app/lib/db/client.server";
import { openMigratedMemoryDatabase } from "./pglite-template";

/**
 * Opens a migrated in-memory PGlite before the tests of the describe it is called in and closes it after them. `.db`
 * and `.handle` are read inside a test or hook (it opens in `beforeAll`).
 */
export function withMigratedDatabase(): { readonly db: Database; readonly handle: DatabaseHandle } {
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    handle = await openMigratedMemoryDatabase();
  }, 60_000);
  afterAll(() => handle?.close());
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
