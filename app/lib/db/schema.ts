import { bigint, char, date, integer, pgTable, primaryKey, timestamp, varchar } from "drizzle-orm/pg-core";

// Mirrors db/migrations/*.sql (the source of truth, checks included); used for typed queries only.

const id = () => bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const contactRequests = pgTable("contact_requests", {
  id: id(),
  name: varchar("name", { length: 100 }).notNull(),
  email: varchar("email", { length: 254 }).notNull(),
  companyName: varchar("company_name", { length: 200 }),
  message: varchar("message", { length: 5000 }).notNull(),
  requestType: varchar("request_type", { length: 20 }).notNull().default("contact"),
  createdAt: createdAt(),
});

export const featureRequests = pgTable("feature_requests", {
  id: id(),
  name: varchar("name", { length: 100 }).notNull(),
  email: varchar("email", { length: 254 }).notNull(),
  company: varchar("company", { length: 200 }),
  featureTitle: varchar("feature_title", { length: 200 }).notNull(),
  description: varchar("description", { length: 5000 }).notNull(),
  useCase: varchar("use_case", { length: 5000 }),
  createdAt: createdAt(),
});

export const newsletterSubscribers = pgTable("newsletter_subscribers", {
  id: id(),
  email: varchar("email", { length: 254 }).notNull(),
  source: varchar("source", { length: 200 }).notNull(),
  createdAt: createdAt(),
});

export const resourceLeads = pgTable("resource_leads", {
  id: id(),
  name: varchar("name", { length: 100 }).notNull(),
  email: varchar("email", { length: 254 }).notNull(),
  resourceId: varchar("resource_id", { length: 100 }).notNull(),
  resourceTitle: varchar("resource_title", { length: 200 }).notNull(),
  downloadedAt: timestamp("downloaded_at", { withTimezone: true }).notNull().defaultNow(),
});

export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    bucket: varchar("bucket", { length: 40 }).notNull(),
    addressHash: char("address_hash", { length: 64 }).notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull().default(1),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.bucket, table.addressHash, table.windowStart] })],
);

export const rateLimitSalts = pgTable("rate_limit_salts", {
  day: date("day").primaryKey(),
  salt: char("salt", { length: 64 }).notNull(),
});

/** The tables an operator exports, by their SQL name. */
export const leadTables = {
  contact_requests: contactRequests,
  feature_requests: featureRequests,
  newsletter_subscribers: newsletterSubscribers,
  resource_leads: resourceLeads,
} as const;

/** Written by the migration runner (app/lib/db/migrate.server.ts), one row per applied file. */
export const schemaMigrations = pgTable("schema_migrations", {
  version: varchar("version", { length: 200 }).primaryKey(),
  appliedAt: timestamp("applied_at", { withTimezone: true }).notNull().defaultNow(),
});
