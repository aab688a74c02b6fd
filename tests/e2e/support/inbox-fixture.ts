import { execFileSync } from "node:child_process";
import postgres from "postgres";
import type { Role } from "~/lib/auth/roles";
import { startServer, type RunningServer } from "../../../scripts/support/serve-build";
import { createTestDatabase, type TestDatabase } from "../../server/support/postgres";
import { expect, test as base, type Page } from "./test";

export interface Operator {
  email: string;
  password: string;
  role: Role;
}

interface InboxWorld {
  server: RunningServer;
  pg: TestDatabase;
  sql: postgres.Sql;
  /** The account the journeys sign in with. */
  operator: Operator;
  /** An account of its own for the failed sign-in limit, so locking it out never disturbs the other journeys. */
  lockable: Operator;
  /** An account that may edit posts but never see a lead. */
  editor: Operator;
}

/** Makes an account the way a deployment does: `npm run operator -- add EMAIL --role ROLE`, the password on stdin. */
function addOperator(databaseUrl: string, { email, password, role }: Operator) {
  execFileSync(process.execPath, ["--import", "tsx", "scripts/operator.ts", "add", email, "--role", role], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    input: `${password}\n`,
  });
}

/**
 * Each worker gets its own server on its own PostgreSQL database with two operator accounts, so a journey can read
 * and write rows beside the inbox.
 */
export const test = base.extend<{ inbox: InboxWorld }, { inboxWorld: InboxWorld }>({
  inboxWorld: [
    async ({}, provide) => {
      const pg = await createTestDatabase();
      const operator: Operator = { email: "ops@example.com", password: "a long operator passphrase", role: "admin" };
      const lockable: Operator = { email: "locked@example.com", password: "another long passphrase", role: "sales" };
      const editor: Operator = { email: "editor@example.com", password: "an editor's long passphrase", role: "editor" };
      for (const account of [operator, lockable, editor]) addOperator(pg.url, account);
      const server = await startServer({ DATABASE_URL: pg.url, RATE_LIMIT_MAX: "10000", SECRET_KEY: "e2e-".repeat(10) });
      const sql = postgres(pg.url, { max: 2, onnotice: () => {} });
      await provide({ server, pg, sql, operator, lockable, editor });
      await sql.end({ timeout: 1 });
      await server.stop();
      await pg.destroy();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ inboxWorld }, provide) => provide(inboxWorld.server.url),
  inbox: async ({ inboxWorld }, provide) => provide(inboxWorld),
});

export { expect };

/** Signs in through the form, as an operator would. */
export async function signIn(page: Page, { email, password }: Operator) {
  await page.goto("/inbox/sign-in");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
}

/** A unique address per test run, so parallel projects never see each other's rows. */
export function uniqueEmail(label: string) {
  return `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** The first row a query answers; fails when there is none. */
export async function firstRow<Row>(query: PromiseLike<readonly Row[]>): Promise<Row> {
  const [row] = await query;
  if (!row) throw new Error("the query answered no row");
  return row;
}
