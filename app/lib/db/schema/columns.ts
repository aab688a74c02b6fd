import { sql } from "drizzle-orm";
import { bigint, check, customType, timestamp, varchar, type AnyPgColumn } from "drizzle-orm/pg-core";
import { VISIT_LIMITS } from "../../forms/visit";

// The columns and checks every feature's tables are built from (./index.ts gathers the tables). Check names are
// PostgreSQL's own for column checks (<table>_<column>_check), as the first migration created them.

export const id = () => bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity();
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** A file's bytes (an uploaded cover, an uploaded resource), kept where every instance finds them. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const EMAIL_SHAPE = "^[^@[:space:]]+@[^@[:space:]]+\\.[^@[:space:]]+$";
export const emailCheck = (table: string, column: AnyPgColumn) =>
  check(`${table}_email_check`, sql`${column} ~ ${sql.raw(`'${EMAIL_SHAPE}'`)}`);
export const notBlank = (name: string, column: AnyPgColumn) => check(name, sql`btrim(${column}) <> ''`);
export const blankOrNull = (name: string, column: AnyPgColumn) => check(name, sql`${column} IS NULL OR btrim(${column}) <> ''`);

/** Where a visit came from, besides its page: the referring site and the utm_* tags (leads and page views alike). */
export const sourceColumns = () => ({
  referrer: varchar("referrer", { length: VISIT_LIMITS.referrer }),
  utmSource: varchar("utm_source", { length: VISIT_LIMITS.utm_source }),
  utmMedium: varchar("utm_medium", { length: VISIT_LIMITS.utm_medium }),
  utmCampaign: varchar("utm_campaign", { length: VISIT_LIMITS.utm_campaign }),
  utmTerm: varchar("utm_term", { length: VISIT_LIMITS.utm_term }),
  utmContent: varchar("utm_content", { length: VISIT_LIMITS.utm_content }),
});
