// The source of truth for the tables, one file a feature: `npm run db:generate` (drizzle-kit, drizzle.config.ts) reads
// this index and writes the SQL migrations in db/migrations/, checks and indexes included, so the database refuses what
// the code should never have sent. Imports stay relative: drizzle-kit reads these files without the `~` alias.
export { attributionText, searchColumns, searchText } from "./lead-columns";
export * from "../../../features/leads/tables";
export * from "../../../features/bookings/tables";
export * from "../../../features/newsletter/tables";
export * from "./forms";
export * from "./outbox";
export * from "./console";
export * from "../../../features/analytics/tables";
export * from "../../../features/blog/tables";
export * from "../../../features/redirects/tables";
export * from "../../../features/site-content/tables";
export * from "../../../features/roadmap-votes/tables";
