import { operatorAuthFor } from "../app/lib/auth/auth.server";
import { openDatabase, type DatabaseHandle } from "../app/lib/db/client.server";
import { migrate } from "../app/lib/db/migrate.server";
import type { Env } from "../app/lib/env.server";
import { purgeExpired, retentionPeriodsOf, scheduleRetention } from "../app/lib/inbox/retention.server";
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

  // The operator inbox (docs/decisions/014): its sessions, and the purge that enforces the privacy policy's periods.
  const operatorAuth = operatorAuthFor(handle.db, env);
  const retention = scheduleRetention(async () => {
    await ready();
    await purgeExpired(handle.db, retentionPeriodsOf(env));
    await operatorAuth.sessions.purgeExpired();
  }, env.PURGE_INTERVAL_MINUTES * 60_000);

  return {
    database: { db: handle.db, ready },
    rateLimiter: createRateLimiter(handle.db, {
      max: env.RATE_LIMIT_MAX,
      formMax: env.RATE_LIMIT_FORM_MAX,
      windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS,
    }),
    notifyContact: env.NOTIFY_WEBHOOK_URL ? webhookNotifier(env.NOTIFY_WEBHOOK_URL) : null,
    operatorAuth,
    reachable: () => handle.ping(),
    close: () => {
      retention.stop();
      return handle.close();
    },
  };
}

// In development Vite re-evaluates server modules after an edit; the database (PGlite holds its folder) stays open.
const globalServices = globalThis as typeof globalThis & { __replywiseServices?: Promise<Services> };

/** The process's one set of services. */
export function processServices(env: Env): Promise<Services> {
  globalServices.__replywiseServices ??= openServices(env);
  return globalServices.__replywiseServices;
}
