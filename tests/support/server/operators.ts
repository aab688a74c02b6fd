import { addOperator as createOperator } from "~/lib/console/operators.server";
import type { Role } from "~/lib/console/roles";
import { openDatabase } from "~/lib/db/client.server";
import { migrate } from "~/lib/db/migrate.server";
import { seedDataDir } from "../pglite-template";

// An operator account, made as `npm run operator -- add` makes one, and their browser: signed in, posting the
// operator pages' forms with the session's anti-forgery token.

export const OPERATOR_PASSWORD = "an operator's long passphrase";

export interface OperatorAccount {
  email: string;
  password: string;
  role: Role;
}

/**
 * Makes the accounts with the function `npm run operator -- add` calls (the command line itself is tested in
 * tests/console/console-access.test.ts), in-process: in PostgreSQL by its URL, or in a PGlite data folder while no server
 * holds it (PGlite allows one process), started from the run's migrated template. A command per account cost seconds
 * each on a busy machine.
 */
export async function addOperators(database: { databaseUrl: string } | { dataDir: string }, accounts: OperatorAccount[]) {
  if ("dataDir" in database) seedDataDir(database.dataDir);
  const handle = await openDatabase(database);
  try {
    await migrate(handle.db);
    for (const { email, password, role } of accounts) await createOperator(handle.db, email, password, role);
  } finally {
    await handle.close();
  }
}

/** One account, in the database of the server's variables (`DATABASE_URL`, or `DATA_DIR` for PGlite). */
export function addOperator(env: Record<string, string>, email: string, role: Role, password = OPERATOR_PASSWORD) {
  const database = env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR! };
  return addOperators(database, [{ email, password, role }]);
}

/** A file field of the form: the editor's cover. */
export interface Upload {
  field: string;
  filename: string;
  type: string;
  body: Buffer;
}

export type OperatorPost = (target: string, fields: Record<string, string>, file?: Upload) => Promise<Response>;

/** Signs in through the form and returns the session's cookie ("" when refused). */
export async function sessionCookie(url: string, email: string, password = OPERATOR_PASSWORD): Promise<string> {
  const response = await fetch(`${url}/console/sign-in`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }),
  });
  return (response.headers.get("set-cookie") ?? "").split(";")[0]!;
}

/** Signs in and returns a poster of multipart forms (the editor's encoding; the console's forms read it the same). */
export async function operatorSession(
  url: string,
  email: string,
  password = OPERATOR_PASSWORD,
  page = "/console/account",
): Promise<OperatorPost> {
  const cookie = await sessionCookie(url, email, password);
  const html = await (await fetch(`${url}${page}`, { headers: { Cookie: cookie } })).text();
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  if (!csrf) throw new Error("not signed in");
  return async (target, fields, file) => {
    const form = new FormData();
    form.set("csrf", csrf);
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    if (file) form.set(file.field, new Blob([new Uint8Array(file.body)], { type: file.type }), file.filename);
    return fetch(`${url}${target}`, { method: "POST", redirect: "manual", headers: { Cookie: cookie, Origin: url }, body: form });
  };
}

/** A PNG as the editor's cover field. */
export const coverUpload = (body: Buffer): Upload => ({ field: "cover", filename: "cover.png", type: "image/png", body });
