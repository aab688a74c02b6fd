import { sql } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db/client.server";

/**
 * The channel every instance listens on (app/features/blog/store.server.ts): what the public pages show changed (a post,
 * an issue in the newsletter's archive), so the cached pages go. NOTIFY is sent when the transaction commits.
 */
export const BLOG_CHANNEL = "blog_changed";

export const notifyChanged = (tx: Database | Transaction) => tx.execute(sql`SELECT pg_notify(${BLOG_CHANNEL}, '')`);
