import { writeFileSync } from "node:fs";
import { expect, test as base, type Page } from "./test";
import type { ConsoleWorld, Operator } from "./worlds";

export type { Operator } from "./worlds";

/** The console journeys run on the worker's console server on PostgreSQL (./worlds.ts), signed in with its accounts. */
export const test = base.extend<{ world: ConsoleWorld }>({
  baseURL: async ({ consoleWorld }, provide) => provide(consoleWorld.server.url),
  world: async ({ consoleWorld }, provide, testInfo) => {
    const printedBefore = consoleWorld.server.output().length;
    await provide(consoleWorld);
    // A failed journey carries what its server printed meanwhile (the access log, any error), to tell a slow answer
    // from one never sent.
    if (testInfo.status !== testInfo.expectedStatus) {
      const printed = testInfo.outputPath("server-output.log");
      // With what its database was doing at the end: a query waiting on a lock shows here.
      const activity = await consoleWorld.sql`
        SELECT pid, state, wait_event_type, wait_event, now() - query_start AS running, left(query, 200) AS query
        FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`;
      writeFileSync(printed, `${consoleWorld.server.output().slice(printedBefore)}\n${JSON.stringify(activity, null, 1)}\n`);
      await testInfo.attach("server output", { path: printed, contentType: "text/plain" });
    }
  },
});

export { expect };

/** Signs in through the form, as an operator would, and waits for the page the account lands on (its role's home). */
export async function signInAs(page: Page, { email, password }: Operator) {
  await page.goto("/console/sign-in");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

/** Signs in an account that reaches the leads: it lands on Today (decision 044), then goes to the leads. */
export async function signIn(page: Page, operator: Operator) {
  await signInAs(page, operator);
  await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();
  await page.goto("/console/leads");
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
}

/** Signs an editor in through the form: an account without the leads lands on the editor's Posts page. */
export async function signInToPosts(page: Page, operator: Operator) {
  await signInAs(page, operator);
  await expect(page.getByRole("heading", { level: 1, name: "Posts" })).toBeVisible();
  await expect(page).toHaveURL("/console/posts");
  // The editor hydrates (the rest of the console does not): what is clicked or typed before React runs would be lost.
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
}

/** A short key unique to this run, for titles and paths that parallel projects must not share. */
export const uniqueKey = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

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
