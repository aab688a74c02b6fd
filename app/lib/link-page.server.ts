import { data, redirect } from "react-router";
import { databaseContext } from "~/context";
import type { LinkPageCopy } from "~/features/newsletter/words";
import type { RouterContextProvider } from "react-router";

// The pages behind the links in emails: they read a signed token from the address, say what state it is in, and never
// let a browser or a proxy keep a copy.

const STATUS: Record<string, number> = { invalid: 400, gone: 410, expired: 410, unavailable: 503 };

/** "a•••@example.com": enough for the owner to recognise, little for anyone looking over a shoulder. */
export function maskEmail(email: string) {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 1)}•••@${domain}`;
}

export function tokenOf(request: Request) {
  return new URL(request.url).searchParams.get("token") ?? "";
}

export function linkPage(copy: LinkPageCopy, state: string, email?: string) {
  return data(
    {
      state,
      title: copy.title,
      message: copy.message.replace("{email}", email ? maskEmail(email) : "this address"),
      button: copy.button ?? null,
    },
    { status: STATUS[state] ?? 200, headers: { "Cache-Control": "no-store" } },
  );
}

/**
 * After a click that changed something: the same page by GET with `done=1` (post, redirect, get), so a reload repeats
 * nothing and the page's head names the outcome (the loader runs again after an action, and the head reads the loader).
 */
export function doneRedirect(request: Request) {
  const url = new URL(request.url);
  url.searchParams.set("done", "1");
  return redirect(`${url.pathname}${url.search}`, { status: 303, headers: { "Cache-Control": "no-store" } });
}

export const isDone = (request: Request) => new URL(request.url).searchParams.get("done") === "1";

/** Runs `work` once the database is ready; a database that is away is a 503 page that changed nothing. */
export async function withDatabase<T>(context: Readonly<RouterContextProvider>, work: () => Promise<T>, unavailable: () => T): Promise<T> {
  try {
    await context.get(databaseContext).ready();
    return await work();
  } catch (error) {
    console.error(`newsletter link: database unavailable (${error instanceof Error ? error.name : "error"})`);
    return unavailable();
  }
}
