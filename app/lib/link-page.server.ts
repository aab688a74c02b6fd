import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { databaseContext } from "~/context";
import type { LinkPageCopy } from "~/features/newsletter/words";
import type { Transaction } from "~/lib/db/client.server";
import type { ConfirmationLinks, ConfirmOutcome, DoubleOptIn, OptInTable } from "~/lib/double-opt-in.server";
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

/** What a confirmation page says in each state its link can be in. */
export type ConfirmPageCopy = Record<"pending" | ConfirmOutcome, LinkPageCopy>;

export interface ConfirmationPage<Row extends { email: string }> {
  optIn: Pick<DoubleOptIn<OptInTable, Row>, "inspect" | "confirm">;
  links(context: Readonly<RouterContextProvider>): ConfirmationLinks;
  copy: ConfirmPageCopy;
  /** The page while the database is away. */
  unavailable: LinkPageCopy;
  /** What this click does besides the use's own effects, in the confirming transaction. */
  onConfirmed?(tx: Transaction, row: Row, context: Readonly<RouterContextProvider>): Promise<unknown>;
  /** Once the confirmation is committed. */
  afterConfirmed?(request: Request, context: Readonly<RouterContextProvider>): void;
}

/**
 * The loader and action of a double opt-in's confirmation page (app/lib/double-opt-in.server.ts). Opening the link
 * changes nothing, since a mail scanner may fetch it: the page shows what the link leads to and asks for the click. The
 * click confirms and answers with the page by GET (`done=1`).
 */
export function confirmationPage<Row extends { email: string }>(page: ConfirmationPage<Row>) {
  const { optIn, links, copy, onConfirmed, afterConfirmed } = page;
  const unavailable = () => linkPage(page.unavailable, "unavailable");
  return {
    loader: ({ request, context }: LoaderFunctionArgs) =>
      withDatabase(
        context,
        async () => {
          const seen = await optIn.inspect(context.get(databaseContext).db, tokenOf(request), links(context));
          // Back from the click that confirmed it.
          if (isDone(request) && seen.outcome === "already-confirmed") return linkPage(copy.confirmed, "confirmed");
          return linkPage(copy[seen.outcome], seen.outcome, seen.row?.email);
        },
        unavailable,
      ),
    action: ({ request, context }: ActionFunctionArgs) =>
      withDatabase(
        context,
        async () => {
          const outcome = await optIn.confirm(context.get(databaseContext).db, tokenOf(request), links(context), {
            onConfirmed: onConfirmed && ((tx: Transaction, row: Row) => onConfirmed(tx, row, context)),
          });
          if (outcome !== "confirmed") return linkPage(copy[outcome], outcome);
          afterConfirmed?.(request, context);
          return doneRedirect(request);
        },
        unavailable,
      ),
  };
}
