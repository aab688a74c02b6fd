import { and, eq, getTableColumns, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Database, Transaction } from "~/lib/db/client.server";
import { doneRedirect, isDone, linkPage, tokenOf } from "~/lib/link-page.server";
import { RESEND_AFTER_MS } from "~/lib/mail/resend-window";
import type { Signer } from "~/lib/secrets.server";

// Double opt-in (decision 007), written once for every use that declares itself here (its table, link, validity and
// effects): a row is pending until the link in its confirmation e-mail is followed and the page behind it confirmed with
// a click (opening the link changes nothing: a mail scanner may fetch it). Asking again looks the same whatever the
// row's state and mails at most once an hour; rows nobody confirmed within the link's life are deleted (the privacy
// policy says so). The page behind the link is `confirmationPage`, below. Nothing here names a feature: each use passes
// in what differs.

const DAY_MS = 86_400_000;

/** What a confirmation link names: one row, and a keyed hash of the address it was made for. */
export interface LinkTarget {
  id: number;
  emailDigest: string;
}

export interface ConfirmationLinks {
  confirmUrl(row: { id: number; email: string }, now?: number): string;
  readConfirm(token: string, now?: number): LinkTarget | "invalid" | "expired";
  /** A keyed hash of the address, whatever its case: what a link carries instead of the address. */
  emailDigest(email: string): string;
}

export interface ConfirmationLinkOptions {
  siteUrl: string;
  /** The confirmation page's path (`/newsletter/confirm`). */
  path: string;
  /** Keyed for this use alone, so a link made for one use is never accepted by another. */
  signer: Signer;
  /** The name of the row's id in the token (`s`, `v`): part of the links already in mailboxes, so never changed. */
  idKey: string;
  validDays: number;
}

/**
 * A use's signed confirmation links, `{ <idKey>: id, e: digest of the address, x: expiry }`: the digest means a link made
 * for one address never acts on another row that has, or later took, the same id.
 */
export function confirmationLinks({ siteUrl, path, signer, idKey, validDays }: ConfirmationLinkOptions): ConfirmationLinks {
  const emailDigest = (email: string) => signer.digest(email.trim().toLowerCase());
  return {
    emailDigest,
    confirmUrl({ id, email }, now = Date.now()) {
      return `${siteUrl}${path}?token=${signer.sign({ [idKey]: id, e: emailDigest(email), x: now + validDays * DAY_MS })}`;
    },
    readConfirm(token, now = Date.now()) {
      const payload = signer.verify<Record<string, unknown>>(token);
      const id = payload?.[idKey];
      if (typeof id !== "number" || typeof payload?.e !== "string" || typeof payload.x !== "number") return "invalid";
      return payload.x < now ? "expired" : { id, emailDigest: payload.e };
    },
  };
}

type OptInColumn = "id" | "email" | "status" | "createdAt" | "confirmationSentAt" | "confirmedAt";
/** The columns the mechanism alone writes. */
type StateColumn = "status" | "confirmationSentAt" | "confirmedAt";

/** A use's table: these columns by these names, besides its own; `pending` and `confirmed` among its statuses. */
export type OptInTable = PgTable & Record<OptInColumn, AnyPgColumn> & { $inferSelect: { id: number; email: string; status: string } };

/** A row as the mechanism hands it on (to the form's e-mail, the page, the effects): its id, address, status and `K`. */
export type OptInRow<T extends OptInTable, K extends keyof T["$inferSelect"] = never> = Pick<
  T["$inferSelect"],
  "id" | "email" | "status" | K
>;

export interface OptInUse<T extends OptInTable, K extends keyof T["$inferSelect"]> {
  table: T;
  /** The columns a row carries besides its id, address and status. */
  carries: readonly K[];
  /** How long a confirmation link works; a row still pending after that is deleted. */
  validDays: number;
  /** What a confirmation does besides the row's status, in its transaction. */
  onConfirmed?: (tx: Transaction, row: OptInRow<T, K>) => Promise<unknown>;
  /**
   * A state the address leaves in by its own link, for a use that has one: a confirmation link no longer confirms such
   * a row (to its page it is gone), and asking again asks at once the first time after leaving, then once an hour.
   */
  unsubscribed?: { status: T["$inferSelect"]["status"]; at: AnyPgColumn };
}

/** A request to be confirmed: a new row's values, what repeating it updates, and the row a repeat finds. */
export interface OptInRequest<T extends OptInTable> {
  // `$inferInsert`, not PgInsertValue: the latter's keys leave out the optional columns, which Omit then drops.
  values: Omit<T["$inferInsert"], StateColumn>;
  again: Omit<PgUpdateSetSource<T>, OptInColumn>;
  /** The request's own row, by the table's unique key (the address whatever its case, and what else the key holds). */
  existing: SQL;
}

export type ConfirmOutcome = "confirmed" | "already-confirmed" | "invalid" | "expired" | "gone";

/** What a link leads to: its row while there is one to show, or why not. */
export type Inspection<Row> =
  { outcome: "pending" | "already-confirmed"; row: Row } | { outcome: "invalid" | "expired" | "gone"; row?: undefined };

export interface DoubleOptIn<T extends OptInTable, Row> {
  /**
   * Stores a request and returns the row a confirmation e-mail should go to now, or null when none should (confirmed
   * already, or asked within the hour). The visitor's answer is the same either way: it tells nobody what an address did.
   */
  ask(tx: Transaction, request: OptInRequest<T>, now?: Date): Promise<Row | null>;
  /** What a confirmation link leads to, changing nothing (the page shows it and asks for the click). */
  inspect(db: Database, token: string, links: ConfirmationLinks, now?: number): Promise<Inspection<Row>>;
  /**
   * The click: confirms the one row the link names, if pending, in one transaction with the use's effects and the
   * caller's `onConfirmed`; a second click, or two at once, confirm once.
   */
  confirm(
    db: Database,
    token: string,
    links: ConfirmationLinks,
    options?: { onConfirmed?: (tx: Transaction, row: Row) => Promise<unknown>; now?: Date },
  ): Promise<ConfirmOutcome>;
  /** Deletes the rows nobody confirmed within the link's life, counted from the last confirmation e-mail. */
  purgeUnconfirmed(db: Database | Transaction, now?: number): Promise<number>;
}

export function doubleOptIn<T extends OptInTable, K extends keyof T["$inferSelect"] = never>(
  use: OptInUse<T, K>,
): DoubleOptIn<T, OptInRow<T, K>> {
  type Row = OptInRow<T, K>;
  const { table, unsubscribed } = use;
  // Drizzle types values and rows by a table's own column names, which a table known only as an OptInTable does not
  // spell out: the casts below say what OptInTable's columns hold.
  const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
  const returned = Object.fromEntries(["id", "email", "status", ...use.carries].map((key) => [key, columns[String(key)]!]));
  const rowsOf = (rows: unknown) => rows as Row[];
  const set = (values: Record<string, unknown>) => values as PgUpdateSetSource<T>;
  const hasLeft = (status: string) => unsubscribed !== undefined && status === unsubscribed.status;

  async function find(db: Database | Transaction, target: LinkTarget, links: ConfirmationLinks) {
    const [row] = rowsOf(
      await db
        .select(returned)
        .from(table as PgTable)
        .where(eq(table.id, target.id)),
    );
    return row && links.emailDigest(row.email) === target.emailDigest ? row : null;
  }

  return {
    async ask(tx, { values, again, existing }, now = new Date()) {
      const [created] = rowsOf(
        await tx
          .insert(table)
          .values({ ...values, status: "pending", confirmationSentAt: now } as PgInsertValue<T>)
          .onConflictDoNothing()
          .returning(returned),
      );
      if (created) return created;

      // Known: ask again if not confirmed and not asked within the hour, or if it left since it was last asked (leaving
      // takes the address's own link, so nobody else can make that happen twice).
      const { status, confirmationSentAt } = table;
      const [repeated] = rowsOf(
        await tx
          .update(table)
          .set(set({ ...again, status: "pending", confirmationSentAt: now }))
          .where(
            and(
              existing,
              or(
                and(
                  inArray(status, unsubscribed ? ["pending", unsubscribed.status] : ["pending"]),
                  or(isNull(confirmationSentAt), lt(confirmationSentAt, new Date(now.getTime() - RESEND_AFTER_MS))),
                ),
                unsubscribed && and(eq(status, unsubscribed.status), sql`${confirmationSentAt} < ${unsubscribed.at}`),
              ),
            ),
          )
          .returning(returned),
      );
      return repeated ?? null;
    },

    async inspect(db, token, links, now = Date.now()) {
      const target = links.readConfirm(token, now);
      if (typeof target === "string") return { outcome: target };
      const row = await find(db, target, links);
      if (!row || hasLeft(row.status)) return { outcome: "gone" };
      return { outcome: row.status === "confirmed" ? "already-confirmed" : "pending", row };
    },

    async confirm(db, token, links, { onConfirmed, now = new Date() } = {}) {
      const target = links.readConfirm(token, now.getTime());
      if (typeof target === "string") return target;
      return db.transaction(async (tx) => {
        const row = await find(tx, target, links);
        if (!row || hasLeft(row.status)) return "gone";
        const [confirmed] = rowsOf(
          await tx
            .update(table)
            .set(set({ status: "confirmed", confirmedAt: now }))
            .where(and(eq(table.id, row.id), eq(table.status, "pending")))
            .returning(returned),
        );
        if (!confirmed) return "already-confirmed";
        await use.onConfirmed?.(tx, confirmed);
        await onConfirmed?.(tx, confirmed);
        return "confirmed";
      });
    },

    async purgeUnconfirmed(db, now = Date.now()) {
      const cutoff = new Date(now - use.validDays * DAY_MS);
      const deleted = await db
        .delete(table)
        .where(
          and(
            eq(table.status, "pending"),
            // A Date inside raw SQL is not serialised by every driver (postgres-js); an ISO string with a cast is.
            sql`coalesce(${table.confirmationSentAt}, ${table.createdAt}) < ${cutoff.toISOString()}::timestamptz`,
          ),
        )
        .returning({ id: table.id });
      return deleted.length;
    },
  };
}

/** The words of a confirmation page (the use's own), as app/lib/link-page.server.ts shows them. */
type PageCopy = Parameters<typeof linkPage>[0];

/** What a confirmation page says in each state its link can be in. */
export type ConfirmationPageCopy = Record<Inspection<unknown>["outcome"] | ConfirmOutcome, PageCopy>;

/** What a click does besides confirming the row and the use's own effects. */
export interface ConfirmationEffects<Row> {
  /** In the confirming transaction (a welcome e-mail queued with the confirmation, or neither). */
  onConfirmed?: (tx: Transaction, row: Row) => Promise<unknown>;
  /** Once the confirmation is committed. */
  afterConfirmed?: () => void;
}

/**
 * The answers of a use's confirmation page, for its route's loader (`show`) and action (`confirm`), which hand them the
 * database once it is ready and the use's links. Opening the link changes nothing: the page says what the link leads to
 * and asks for the click. The click confirms and answers with the same page by GET (`done=1`), so a reload repeats
 * nothing.
 */
export function confirmationPage<Row extends { email: string }>(
  optIn: Pick<DoubleOptIn<OptInTable, Row>, "inspect" | "confirm">,
  copy: ConfirmationPageCopy,
) {
  return {
    async show(db: Database, request: Request, links: ConfirmationLinks) {
      const seen = await optIn.inspect(db, tokenOf(request), links);
      // Back from the click that confirmed it.
      if (isDone(request) && seen.outcome === "already-confirmed") return linkPage(copy.confirmed, "confirmed");
      return linkPage(copy[seen.outcome], seen.outcome, seen.row?.email);
    },
    async confirm(db: Database, request: Request, links: ConfirmationLinks, effects: ConfirmationEffects<Row> = {}) {
      const outcome = await optIn.confirm(db, tokenOf(request), links, { onConfirmed: effects.onConfirmed });
      if (outcome !== "confirmed") return linkPage(copy[outcome], outcome);
      effects.afterConfirmed?.();
      return doneRedirect(request);
    },
  };
}
