// The source of truth for the tables, one file a feature: `npm run db:generate` (drizzle-kit, drizzle.config.ts) reads
// this index and writes the SQL migrations in db/migrations/, checks and indexes included, so the database refuses what
// the code should never have sent. Imports stay relative: drizzle-kit reads these files without the `~` alias.
export { attributionText, searchColumns, searchText } from "./lead-columns";
export * from "./leads";
export * from "./bookings";
export * from "./newsletter";
export * from "./forms";
export * from "./outbox";
export * from "./console";
export * from "./analytics";
export * from "./blog";
export * from "./redirects";
export * from "./site-content";
export * from "./roadmap-votes";
