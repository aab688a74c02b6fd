import { test as base } from "./test";
import { untilReady, type FormsWorld } from "./worlds";

export { SECRET_KEY, WEBHOOK_SECRET } from "./worlds";

/**
 * The form journeys run on the worker's forms server (./worlds.ts): its own PostgreSQL database, mail sink and webhook
 * receiver. `db` is that world, with a database a test may stop.
 */
export const test = base.extend<{ db: FormsWorld }>({
  baseURL: async ({ formsWorld }, provide) => provide(formsWorld.server.url),
  db: async ({ formsWorld }, provide) => {
    let stopped = false;
    const stop = async () => {
      stopped = true;
      await formsWorld.pg.stop();
    };
    await provide({ ...formsWorld, pg: { ...formsWorld.pg, stop } });
    // A test that stopped the database leaves it running, and the site ready again, for the next one; the others
    // leave nothing to wait for.
    if (stopped) {
      await formsWorld.pg.start();
      await untilReady(formsWorld.server);
    }
  },
});

export { expect } from "./test";

/** A unique address per test run, so parallel projects never see each other's rows. */
export function uniqueEmail(label: string) {
  return `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;
}
