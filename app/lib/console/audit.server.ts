import { count, desc } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { auditLog, type AuditAction, type AuditDetail } from "~/lib/db/schema/console";
import { PAGE_SIZE } from "./pagination";

// The audit log: who signed in, exported, looked up or erased what, and when. A line says what kind of thing was done
// and how many rows it touched; it never holds a lead's content or the address a request was about.

export const SYSTEM_ACTOR = "system";
export const COMMAND_LINE_ACTOR = "command line";
/** A failed sign-in for an address that has no account: what was typed is not kept. */
export const UNKNOWN_ACTOR = "unknown account";

type Executor = Pick<Database, "insert">;

export async function recordAudit(db: Executor, actor: string, action: AuditAction, detail: AuditDetail = {}) {
  await db.insert(auditLog).values({ actor, action, detail });
}

export async function auditPage(db: Database, page: number) {
  const [total] = await db.select({ rows: count() }).from(auditLog);
  const rows = await db
    .select()
    .from(auditLog)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  return { rows, total: Number(total?.rows ?? 0) };
}
