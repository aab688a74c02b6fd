import { defineConfig } from "drizzle-kit";

// `npm run db:generate -- --name <what>` writes the next migration from the tables: the shared layers' in
// app/lib/db/schema/ and each feature's own app/features/<feature>/tables.ts (decision 039: no barrel names them all). The
// server's runner (app/lib/db/migrate.server.ts) applies the files in the order of db/migrations/meta/_journal.json.
// Table files import each other relatively: drizzle-kit reads them without the `~` alias.
export default defineConfig({
  dialect: "postgresql",
  schema: ["./app/lib/db/schema/*.ts", "./app/features/*/tables.ts"],
  out: "./db/migrations",
  migrations: { prefix: "timestamp" },
});
