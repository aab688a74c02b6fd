import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db/client.server";
import { bookingReferences } from "~/lib/db/schema";
import type { LeadVisit } from "~/lib/forms/visit.server";

// The references the page hands the booking service (./references.ts): a random token for the visitor, the visit it
// stands for here. Only the token's SHA-256 is stored, so the table cannot be read back into references.

/** How long a reference joins a booking to its visit: long enough to book next week from a link kept open. */
export const REFERENCE_DAYS = 14;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

export interface ReferencedVisit extends LeadVisit {
  /** The UTC day the visitor id belongs to. */
  day: string | null;
}

/** A new reference for a visit (null: none recorded); expired ones are deleted on the way. */
export async function mintReference(db: Database, visit: ReferencedVisit | null, now = new Date()): Promise<string> {
  const token = `rw-${randomBytes(16).toString("base64url")}`;
  const expiresAt = new Date(now.getTime() + REFERENCE_DAYS * 86_400_000);
  await db.insert(bookingReferences).values({ tokenHash: hashOf(token), ...visit, createdAt: now, expiresAt });
  await db.delete(bookingReferences).where(lt(bookingReferences.expiresAt, now));
  return token;
}

/** The visit a reference stands for, while it has not expired. */
export async function visitOfReference(tx: Transaction, token: string, now = new Date()): Promise<ReferencedVisit | null> {
  const [row] = await tx
    .select()
    .from(bookingReferences)
    .where(and(eq(bookingReferences.tokenHash, hashOf(token)), gt(bookingReferences.expiresAt, sql`${now.toISOString()}::timestamptz`)));
  if (!row) return null;
  const { landingPage, referrer, utmSource, utmMedium, utmCampaign, utmTerm, utmContent, visitorId, day } = row;
  return { landingPage, referrer, utmSource, utmMedium, utmCampaign, utmTerm, utmContent, visitorId, day };
}
