import { sql } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db/client.server";

/**
 * The channel every instance listens on (./store.server.ts): the published content changed, or a count it shows (the
 * roadmap's votes). Sent at commit, so each instance renders those pages again from what was committed.
 */
export const CONTENT_CHANNEL = "site_content_changed";

export const notifyContentChanged = (tx: Database | Transaction) => tx.execute(sql`SELECT pg_notify(${CONTENT_CHANNEL}, '')`);
