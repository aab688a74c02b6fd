import { eq, or, sql } from "drizzle-orm";
import { outbox } from "~/lib/db/schema/outbox";
import { containsPattern } from "~/lib/db/like";

/** The address as every table compares it. */
export const normalizeAddress = (email: string) => email.trim().toLowerCase();

/**
 * An outbox job is about the visitor when it is addressed to them, or when its payload names them (a team notification
 * quotes the visitor's address): the address as a whole JSON string, so jo@x.com never matches ajo@x.com.
 */
export const outboxAbout = (address: string) =>
  or(eq(sql`lower(${outbox.recipient})`, address), sql`${outbox.payload}::text ILIKE ${containsPattern(JSON.stringify(address))}`);
