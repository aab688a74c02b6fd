import { desc, eq, inArray, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db/client.server";
import { emailSoftBounces, emailSuppressions, type SuppressionReason } from "~/lib/db/schema/outbox";
import type { Suppression } from "./suppression";

// Who gets no mail (docs/decisions/024): an address that bounced hard, complained, or bounced soft SOFT_BOUNCE_LIMIT
// times. The outbox asks before every message; only a double opt-in the person starts again is sent, and confirming it
// lifts the suppression.

const key = (email: string) => email.trim().toLowerCase();
const short = (detail: string | null | undefined) => (detail ? detail.replace(/\s+/g, " ").trim().slice(0, 300) : null);

/** Suppresses an address (the first reason stays: a later notice of another kind changes nothing). */
export async function suppress(
  db: Database | Transaction,
  email: string,
  reason: SuppressionReason,
  detail: string | null | undefined,
  source: Suppression["source"],
) {
  await db
    .insert(emailSuppressions)
    .values({ email: key(email), reason, detail: short(detail), source })
    .onConflictDoNothing();
}

/** Counts a soft bounce; at `limit` the address is suppressed. Returns whether it now is. */
export async function recordSoftBounce(
  db: Database | Transaction,
  email: string,
  detail: string | null | undefined,
  source: Suppression["source"],
  limit: number,
): Promise<boolean> {
  const [row] = await db
    .insert(emailSoftBounces)
    .values({ email: key(email), count: 1, lastDetail: short(detail) })
    .onConflictDoUpdate({
      target: emailSoftBounces.email,
      set: { count: sql`${emailSoftBounces.count} + 1`, lastDetail: short(detail), lastAt: sql`now()` },
    })
    .returning({ count: emailSoftBounces.count });
  if ((row?.count ?? 0) < limit) return false;
  await suppress(db, email, "soft-bounces", `${row!.count} soft bounces; the last: ${short(detail) ?? "no detail"}`, source);
  return true;
}

/** Of these addresses, the suppressed ones (lower-cased). */
export async function suppressedAmong(db: Database, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .select({ email: emailSuppressions.email })
    .from(emailSuppressions)
    .where(inArray(emailSuppressions.email, emails.map(key)));
  return new Set(rows.map((row) => row.email));
}

/** The person confirmed a new double opt-in themselves: mail may reach them again. */
export async function liftSuppression(db: Database | Transaction, email: string) {
  await db.delete(emailSuppressions).where(eq(emailSuppressions.email, key(email)));
  await db.delete(emailSoftBounces).where(eq(emailSoftBounces.email, key(email)));
}

export async function suppressionsPage(db: Database, limit: number, offset: number): Promise<{ rows: Suppression[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    db.select().from(emailSuppressions).orderBy(desc(emailSuppressions.createdAt), emailSuppressions.email).limit(limit).offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(emailSuppressions),
  ]);
  return { rows: rows as Suppression[], total: Number(count?.total ?? 0) };
}
