import { spawn } from "node:child_process";

// An operator as a deployment makes one (`npm run operator -- add`), and their browser: signed in, posting the
// operator pages' forms with the session's anti-forgery token.

export const OPERATOR_PASSWORD = "an operator's long passphrase";

/**
 * `npm run operator -- add` before the server starts (PGlite allows one process), with the server's database variables
 * (`DATABASE_URL`, or `DATA_DIR` for PGlite).
 */
export function addOperator(env: Record<string, string>, email: string, role: "admin" | "editor" | "sales", password = OPERATOR_PASSWORD) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/operator.ts", "add", email, "--role", role], {
      env: { ...process.env, ...env },
      stdio: ["pipe", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(stderr))));
    child.stdin.end(`${password}\n`);
  });
}

/** A file field of the form: the editor's cover. */
export interface Upload {
  field: string;
  filename: string;
  type: string;
  body: Buffer;
}

export type OperatorPost = (target: string, fields: Record<string, string>, file?: Upload) => Promise<Response>;

/** Signs in and returns a poster of multipart forms (the editor's encoding; the inbox's forms read it the same). */
export async function operatorSession(
  url: string,
  email: string,
  password = OPERATOR_PASSWORD,
  page = "/inbox/account",
): Promise<OperatorPost> {
  const signIn = await fetch(`${url}/inbox/sign-in`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }),
  });
  const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0]!;
  const html = await (await fetch(`${url}${page}`, { headers: { Cookie: cookie } })).text();
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  if (!csrf) throw new Error(`not signed in: ${signIn.status}`);
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
