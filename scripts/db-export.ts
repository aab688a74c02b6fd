import { createWriteStream, mkdirSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { pathToFileURL } from "node:url";
import { asc, count, getTableColumns } from "drizzle-orm";
import { toCsvLine } from "../app/lib/csv";
import { openDatabase, type Database } from "../app/lib/db/client.server";
import { migrate } from "../app/lib/db/migrate.server";
import { leadTables } from "../app/features/leads/index.server";
import { readEnv } from "../app/lib/env.server";

// npm run db:export                          lists the tables and their row counts
// npm run db:export -- <table>               one table as CSV on stdout
// npm run db:export -- <table> --out f.csv   one table as CSV into a file
// npm run db:export -- --all [--dir d]       the four lead tables into d/<table>.csv (default reports/exports, git-ignored)
// Reads DATABASE_URL / DATA_DIR like the server. PGlite allows one process: stop the server first.

export type TableName = keyof typeof leadTables;
export const TABLE_NAMES = Object.keys(leadTables) as TableName[];

/** The table as CSV: a header of SQL column names, then one line per row, oldest first. */
export async function* tableCsv(db: Database, name: TableName): AsyncGenerator<string> {
  const table = leadTables[name];
  const columns = Object.entries(getTableColumns(table));
  yield toCsvLine(columns.map(([, column]) => column.name));
  const rows = (await db.select().from(table).orderBy(asc(table.id))) as Record<string, unknown>[];
  for (const row of rows) yield toCsvLine(columns.map(([key]) => row[key]));
}

export async function tableCounts(db: Database) {
  const counts: Record<string, number> = {};
  for (const name of TABLE_NAMES) {
    const [row] = await db.select({ rows: count() }).from(leadTables[name]);
    counts[name] = Number(row?.rows ?? 0);
  }
  return counts;
}

async function write(lines: AsyncGenerator<string>, file: string | null) {
  if (file) return pipeline(Readable.from(lines), createWriteStream(file));
  for await (const line of lines) if (!process.stdout.write(line)) await new Promise((resolve) => process.stdout.once("drain", resolve));
}

async function main(argv: string[]) {
  const flag = (name: string) => {
    const index = argv.indexOf(name);
    return index >= 0 ? (argv[index + 1] ?? null) : null;
  };
  const env = readEnv();
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, maxConnections: 1 });
  try {
    await migrate(handle.db);
    const table = argv.find(
      (arg) => !arg.startsWith("--") && argv[argv.indexOf(arg) - 1] !== "--out" && argv[argv.indexOf(arg) - 1] !== "--dir",
    );
    if (argv.includes("--all")) {
      const dir = flag("--dir") ?? "reports/exports";
      mkdirSync(dir, { recursive: true });
      for (const name of TABLE_NAMES) {
        const file = path.join(dir, `${name}.csv`);
        await write(tableCsv(handle.db, name), file);
        console.error(`wrote ${file}`);
      }
    } else if (table) {
      if (!TABLE_NAMES.includes(table as TableName)) throw new Error(`Unknown table "${table}". Tables: ${TABLE_NAMES.join(", ")}`);
      await write(tableCsv(handle.db, table as TableName), flag("--out"));
    } else {
      const counts = await tableCounts(handle.db);
      console.log(`Tables (${handle.driver}):`);
      for (const [name, rows] of Object.entries(counts)) console.log(`  ${name.padEnd(24)} ${rows} rows`);
      console.log("\nExport one: npm run db:export -- <table> [--out file.csv]; all: npm run db:export -- --all [--dir reports/exports]");
    }
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
