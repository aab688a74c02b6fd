import { openDatabase, type DatabaseHandle } from "../app/lib/db/client.server";
import { migrate } from "../app/lib/db/migrate.server";
import type { Env } from "../app/lib/env.server";
import { createRateLimiter } from "../app/lib/rate-limit.server";
import type { FormServices } from "../app/lib/submissions.server";
import { webhookNotifier } from "./notify";

const RETRY_AFTER_MS = 2000;

/**
 * Opens the database the environment names and applies the migrations. A database that cannot be reached
 * does not stop the server: pages are still served, forms answer 503, and the next submission after a short
 * pause tries again, so the site recovers by itself when the database comes back.
 */
export async function createFormServices(env: Env): Promise<{ services: FormServices; handle: DatabaseHandle }> {
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  let migrated: Promise<void> | null = null;
  const ready = () => {
    migrated ??= migrate(handle.db).then(
      (applied) => {
        if (applied.length > 0) console.log(`Database migrations applied: ${applied.join(", ")}`);
      },
      (error: unknown) => {
        setTimeout(() => (migrated = null), RETRY_AFTER_MS).unref();
        throw error;
      },
    );
    return migrated;
  };
  ready().catch(() => console.error(`Database not reachable (${handle.driver}); forms answer 503 until it is.`));

  return {
    handle,
    services: {
      db: handle.db,
      ready,
      rateLimiter: createRateLimiter(handle.db, { max: env.RATE_LIMIT_MAX, windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS }),
      notifyContact: env.NOTIFY_WEBHOOK_URL ? webhookNotifier(env.NOTIFY_WEBHOOK_URL) : undefined,
    },
  };
}
