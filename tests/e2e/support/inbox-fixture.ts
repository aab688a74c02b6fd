import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { startServer, type RunningServer } from "../../../scripts/support/serve-build";
import { addOperators, type OperatorAccount } from "../../server/support/operators";
import { createTestDatabase, type TestDatabase } from "../../server/support/postgres";
import { expect, test as base, type Page } from "./test";

export type Operator = OperatorAccount;

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
  /** An account that sees the leads but never the posts (never locked out, unlike `lockable`). */
  sales: Operator;
}

const EDITOR: Operator = { email: "editor@example.com", password: "an editor's long passphrase", role: "editor" };
const ADMIN: Operator = { email: "ops@example.com", password: "a long operator passphrase", role: "admin" };
/** What every test server gets: a long secret, and abuse limits the suite's own traffic never trips. */
const SERVER_ENV = { RATE_LIMIT_MAX: "10000", SECRET_KEY: "e2e-".repeat(10) };

/**
 * Each worker gets its own server on its own PostgreSQL database with two operator accounts, so a journey can read
 * and write rows beside the inbox.
 */
export const test = base.extend<{ inbox: InboxWorld }, { inboxWorld: InboxWorld }>({
  inboxWorld: [
    async ({}, provide) => {
      const pg = await createTestDatabase();
      const operator = ADMIN;
      const editor = EDITOR;
      const lockable: Operator = { email: "locked@example.com", password: "another long passphrase", role: "sales" };
      const sales: Operator = { email: "sales@example.com", password: "a salesperson's long passphrase", role: "sales" };
      await addOperators({ databaseUrl: pg.url }, [operator, lockable, editor, sales]);
      const server = await startServer({ DATABASE_URL: pg.url, ...SERVER_ENV });
      const sql = postgres(pg.url, { max: 2, onnotice: () => {} });
      await provide({ server, pg, sql, operator, lockable, editor, sales });
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

/** Signs an editor in through the form: an account without the leads lands on the editor's Posts page. */
export async function signInToPosts(page: Page, { email, password }: Operator) {
  await page.goto("/inbox/sign-in");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Posts" })).toBeVisible();
  await expect(page).toHaveURL("/blog-admin");
  // The editor hydrates (the inbox does not): what is clicked or typed before React runs would be lost.
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
}

interface PgliteWorld {
  server: RunningServer;
  editor: Operator;
  admin: Operator;
}

/**
 * The same site on PGlite, the database a single server keeps in its data folder: the accounts are made in a fresh
 * DATA_DIR first, since PGlite lets one process at a time open it, and then the server starts on it. One per worker.
 */
export const pgliteTest = base.extend<{ pglite: PgliteWorld }, { pgliteWorld: PgliteWorld }>({
  pgliteWorld: [
    async ({}, provide) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "replywise-editor-e2e-"));
      await addOperators({ dataDir }, [EDITOR, ADMIN]);
      const server = await startServer({ DATA_DIR: dataDir, ...SERVER_ENV });
      await provide({ server, editor: EDITOR, admin: ADMIN });
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ pgliteWorld }, provide) => provide(pgliteWorld.server.url),
  pglite: async ({ pgliteWorld }, provide) => provide(pgliteWorld),
});

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
