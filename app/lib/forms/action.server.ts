import { createHash } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { lt, sql } from "drizzle-orm";
import type { ActionFunctionArgs, RouterContextProvider } from "react-router";
import type { z } from "zod";
import { clientAddressContext, databaseContext, noticesContext, siteOriginContext } from "~/context";
import type { Database, Transaction } from "~/lib/db/client.server";
import { formReceipts } from "~/lib/db/schema";
import { formAnswer, logStorageFailure, readFormPost } from "./guard.server";
import type { FormName } from "./names";
import type { FormResult } from "./result";
import { visitOf, type Visit } from "./visit.server";

type Success = Omit<Extract<FormResult, { status: "success" }>, "status" | "reply">;

export interface FormDefinition<Schema extends z.ZodType> {
  name: FormName;
  schema: Schema;
  /** A form-level message for a rejected submission, when the form has one (the feature request's toast). */
  invalidMessage?: (payload: Record<string, unknown>) => string | null;
  /**
   * Writes the lead (and, in the same transaction, anything that must happen with it), with the visit it came from
   * spread into the row.
   */
  store: (tx: Transaction, value: z.output<Schema>, context: Readonly<RouterContextProvider>, visit: Visit) => Promise<unknown>;
  /** What the success answer carries besides the reset, from the parsed value. */
  success?: (value: z.output<Schema>) => Success;
}

/** A second identical post from the same address within this window is the same submission (a double click). */
const DUPLICATE_WINDOW_SECONDS = 30;
const RECEIPTS_KEPT_MS = 10 * 60_000;
let lastReceiptPurge = 0;

/**
 * Stores the lead unless the very same submission was stored moments ago; true when this call stored it. The receipt
 * is written in the lead's transaction, so two identical posts racing each other still store one row.
 */
async function storeOnce(db: Database, fingerprint: string, store: (tx: Transaction) => Promise<unknown>): Promise<boolean> {
  const now = Date.now();
  if (now - lastReceiptPurge > RECEIPTS_KEPT_MS / 2) {
    lastReceiptPurge = now;
    await db.delete(formReceipts).where(lt(formReceipts.createdAt, new Date(now - RECEIPTS_KEPT_MS)));
  }
  return db.transaction(async (tx) => {
    const fresh = await tx
      .insert(formReceipts)
      .values({ fingerprint })
      .onConflictDoUpdate({
        target: formReceipts.fingerprint,
        set: { createdAt: sql`now()` },
        setWhere: sql`${formReceipts.createdAt} < now() - make_interval(secs => ${DUPLICATE_WINDOW_SECONDS})`,
      })
      .returning({ fingerprint: formReceipts.fingerprint });
    if (fresh.length === 0) return false;
    await store(tx);
    return true;
  });
}

function fingerprintOf(form: FormName, address: string, value: unknown) {
  return createHash("sha256")
    .update(JSON.stringify([form, address, value]))
    .digest("hex");
}

/**
 * A form route's action: the guard, then parse with the form's schema (Conform + zod), store, answer. Invalid input is
 * a 400 with each field's message; a database that is down is a 503 with the form's failure message; never a 500.
 */
export function formAction<Schema extends z.ZodType>(definition: FormDefinition<Schema>) {
  return async ({ request, context }: ActionFunctionArgs) => {
    const post = await readFormPost(definition.name, request, context);
    if (post.answer) return post.answer;

    const submission = parseWithZod(post.formData, { schema: definition.schema });
    if (submission.status !== "success") {
      const message = definition.invalidMessage?.(submission.payload) ?? null;
      return formAnswer({ status: "invalid", message, reply: submission.reply() }, 400);
    }

    const value = submission.value as z.output<Schema>;
    const visit = visitOf(post.formData, request, context.get(siteOriginContext));
    try {
      const { db } = context.get(databaseContext);
      const fingerprint = fingerprintOf(definition.name, context.get(clientAddressContext), value);
      const stored = await storeOnce(db, fingerprint, (tx) => definition.store(tx, value, context, visit));
      // Committed: the emails and webhook written with the lead can go now.
      if (stored) context.get(noticesContext).wake();
    } catch (error) {
      logStorageFailure(definition.name, error);
      return formAnswer({ status: "error", reason: "unavailable", reply: submission.reply() }, 503, { "Retry-After": "30" });
    }
    return formAnswer({ status: "success", reply: submission.reply({ resetForm: true }), ...definition.success?.(value) }, 200);
  };
}
