import { openDatabase, type DatabaseHandle } from "../app/lib/db/client.server";
import { migrate } from "../app/lib/db/migrate.server";
import type { Env } from "../app/lib/env.server";
import { createRateLimiter } from "../app/lib/rate-limit.server";
import type { RequestServices } from "../app/context";
import { webhookNotifier } from "./notify";

const RETRY_AFTER_MS = 2000;

/** The long-lived parts of the server, opened once per process and handed to the routes through the router's context. */
export interface Services extends RequestServices {
  /** Whether the database answers right now (the readiness check). */
  reachable(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Opens the database the environment names and applies the migrations. A database that cannot be reached does not
 * stop the server: pages are still served, forms answer 503, and the next submission after a short pause tries again,
 * so the site recovers by itself when the database comes back.
 */
export async function openServices(env: Env): Promise<Services> {
  const handle: DatabaseHandle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
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
    database: { db: handle.db, ready },
    rateLimiter: createRateLimiter(handle.db, {
      max: env.RATE_LIMIT_MAX,
      formMax: env.RATE_LIMIT_FORM_MAX,
      windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS,
    }),
    notifyContact: env.NOTIFY_WEBHOOK_URL ? webhookNotifier(env.NOTIFY_WEBHOOK_URL) : null,
    reachable: () => handle.ping(),
    close: () => handle.close(),
  };
}

// In development Vite re-evaluates server modules after an edit; the database (PGlite holds its folder) stays open.
const globalServices = globalThis as typeof globalThis & { __replywiseServices?: Promise<Services> };

/** The process's one set of services. */
export function processServices(env: Env): Promise<Services> {
  globalServices.__replywiseServices ??= openServices(env);
  return globalServices.__replywiseServices;
}
