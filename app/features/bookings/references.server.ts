import { createHash, createHmac } from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db/client.server";
import { bookingReferences, REFERENCE_SLOTS } from "./tables";
import type { LeadVisit } from "~/lib/forms/visit.server";

// The references the page hands the booking service (./references.ts): a token for the visitor's day, the visit it
// stands for here. Only the token's SHA-256 is stored, so the table cannot be read back into references.

/** How long a reference joins a booking to its visit: long enough to book next week from a link kept open. */
export const REFERENCE_DAYS = 14;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

export interface ReferencedVisit extends LeadVisit {
  /** The UTC day the visitor id belongs to. */
  day: string | null;
}

/** A visit the analytics count: its visitor id and the day it belongs to are known. */
export interface CountedVisit extends ReferencedVisit {
  visitorId: number;
  day: string;
}

/**
 * A visitor's reference for a day: 128 bits of a keyed hash of the day and the visitor id, the same however often they
 * ask, so a visitor holds one row a day. Without the key nobody can work it out from a visitor id.
 */
export function referenceOf(key: Buffer, { visitorId, day }: Pick<CountedVisit, "visitorId" | "day">): string {
  return `rw-${createHmac("sha256", key).update(`${day}:${visitorId}`).digest().subarray(0, 16).toString("base64url")}`;
}

/**
 * The visitor's reference for the day, stored with its visit unless it already is (a reference stored before its visit
 * was known takes it now). A new one takes the ring's next slot, replacing the oldest reference: no traffic grows the
 * table past REFERENCE_SLOTS (decision 028). Expired ones are deleted on the way.
 */
export async function mintReference(db: Database, key: Buffer, visit: CountedVisit, now = new Date()): Promise<string> {
  const token = referenceOf(key, visit);
  const tokenHash = hashOf(token);
  const expiresAt = new Date(now.getTime() + REFERENCE_DAYS * 86_400_000);
  const { landingPage, referrer, utmSource, utmMedium, utmCampaign, utmTerm, utmContent, visitorId, day } = visit;
  const values = sql`${landingPage}::varchar, ${referrer}::varchar, ${utmSource}::varchar, ${utmMedium}::varchar,
    ${utmCampaign}::varchar, ${utmTerm}::varchar, ${utmContent}::varchar`;
  // The reference's statement sees the table as it was before the fill-in, so it adds no row when the token is there.
  await db.execute(sql`
    WITH filled AS (
      UPDATE booking_references
      SET (landing_page, referrer, utm_source, utm_medium, utm_campaign, utm_term, utm_content) = (${values})
      WHERE token_hash = ${tokenHash} AND landing_page IS NULL AND ${landingPage}::varchar IS NOT NULL
    )
    INSERT INTO booking_references
      (slot, token_hash, landing_page, referrer, utm_source, utm_medium, utm_campaign, utm_term, utm_content, visitor_id, day,
       created_at, expires_at)
    SELECT nextval('booking_reference_slots') % ${REFERENCE_SLOTS}, ${tokenHash}, ${values}, ${visitorId}::bigint,
      ${day}::date, ${now.toISOString()}::timestamptz, ${expiresAt.toISOString()}::timestamptz
    WHERE NOT EXISTS (SELECT 1 FROM booking_references WHERE token_hash = ${tokenHash})
    ON CONFLICT (slot) DO UPDATE SET
      token_hash = excluded.token_hash, landing_page = excluded.landing_page, referrer = excluded.referrer,
      utm_source = excluded.utm_source, utm_medium = excluded.utm_medium, utm_campaign = excluded.utm_campaign,
      utm_term = excluded.utm_term, utm_content = excluded.utm_content, visitor_id = excluded.visitor_id,
      day = excluded.day, created_at = excluded.created_at, expires_at = excluded.expires_at`);
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
