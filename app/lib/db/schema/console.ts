import { sql } from "drizzle-orm";
import { bigint, char, check, index, jsonb, pgTable, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { type Role, ROLES } from "../../console/roles";
import { LIMITS } from "../../forms/limits";
import { createdAt, emailCheck, id } from "./columns";

// The operator console (docs/decisions/014): the team's accounts, their sessions and the audit log.

/** The team's accounts, made and removed from the command line (scripts/operator.ts); passwords hashed with Argon2id. */
export const operators = pgTable(
  "operators",
  {
    id: id(),
    email: varchar("email", { length: LIMITS.email }).notNull(),
    passwordHash: varchar("password_hash", { length: 255 }).notNull(),
    /** app/lib/console/roles.ts; the accounts made before roles existed became admins. */
    role: varchar("role", { length: 10 }).$type<Role>().notNull().default("admin"),
    createdAt: createdAt(),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    /** The IANA zone the console writes this operator's times in, chosen on the account page (decision 045). */
    timeZone: varchar("time_zone", { length: 64 }).notNull().default("UTC"),
  },
  (t) => [
    emailCheck("operators", t.email),
    uniqueIndex("operators_email_key").using("btree", sql`lower(${t.email})`),
    check("operators_role_check", sql`${t.role} IN (${sql.raw(ROLES.map((role) => `'${role}'`).join(", "))})`),
  ],
);

/**
 * One row per signed-in browser, so "sign out everywhere" and idle expiry hold on every instance. `id` is the SHA-256
 * of the token in the cookie: someone who reads this table cannot sign in with what it holds.
 */
export const operatorSessions = pgTable(
  "operator_sessions",
  {
    id: char("id", { length: 64 }).primaryKey(),
    operatorId: bigint("operator_id", { mode: "number" })
      .notNull()
      .references(() => operators.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** The absolute end, however active the session (SESSION_MAX_HOURS). */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("operator_sessions_operator_id_idx").on(t.operatorId), index("operator_sessions_expires_at_idx").on(t.expiresAt)],
);

export const AUDIT_ACTIONS = [
  "sign-in",
  "sign-in-failed",
  "sign-out",
  "sign-out-everywhere",
  "export",
  "subject-lookup",
  "subject-export",
  "erasure",
  "purge",
  "operator-added",
  "operator-removed",
  "password-changed",
  "lead-stage",
  "lead-owner",
  "lead-follow-up",
  "lead-note",
  "report-export",
  "not-spam",
  "role-changed",
  "post-published",
  "post-scheduled",
  "post-unscheduled",
  "post-unpublished",
  "post-deleted",
  "post-restored",
  "post-featured",
  "post-unfeatured",
  "preview-link",
  "newsletter-started",
  "newsletter-edited",
  "newsletter-test",
  "newsletter-scheduled",
  "newsletter-unscheduled",
  "newsletter-sent",
  "newsletter-deleted",
  "redirect-saved",
  "redirect-deleted",
  "content-published",
  "content-scheduled",
  "content-unscheduled",
  "content-restored",
  "content-preview-link",
  "resource-uploaded",
  "roadmap-linked",
  "roadmap-merged",
  "roadmap-item-started",
  "campaign-page-created",
  "campaign-page-published",
  "campaign-page-scheduled",
  "campaign-page-unscheduled",
  "campaign-page-unpublished",
  "campaign-page-restored",
  "campaign-page-preview-link",
  "experiment-started",
  "experiment-stopped",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Counts, kinds and filter names: what an audit line may say about what was done. Never a lead's content or address. */
export type AuditDetail = Record<string, number | string | boolean | string[] | Record<string, number>>;

/** Who did what to the leads, and when: sign-ins, exports, data-subject requests, erasures, purges. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    createdAt: createdAt(),
    /** The operator's address, or `system` (the scheduled purge) or `command line` (scripts/operator.ts). */
    actor: varchar("actor", { length: LIMITS.email }).notNull(),
    action: varchar("action", { length: 40, enum: AUDIT_ACTIONS }).notNull(),
    detail: jsonb("detail").$type<AuditDetail>().notNull().default({}),
  },
  (t) => [
    index("audit_log_created_at_idx").on(t.createdAt, t.id),
    // A lead's page reads its stage moves and owner changes from here, into the person's timeline (decision 045).
    index("audit_log_lead_idx")
      .using("btree", sql`(${t.detail}->>'kind')`, sql`(${t.detail}->>'id')`)
      .where(sql`${t.action} IN ('lead-stage', 'lead-owner')`),
  ],
);
