import { defineConfig } from "drizzle-kit";

// `npm run db:generate -- --name <what>` writes the next migration from app/lib/db/schema/ (its index.ts); the server's runner
// (app/lib/db/migrate.server.ts) applies the files in the order of db/migrations/meta/_journal.json.
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/lib/db/schema/index.ts",
  out: "./db/migrations",
  migrations: { prefix: "timestamp" },
});
