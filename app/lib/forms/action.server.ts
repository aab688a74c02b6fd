import { createHash } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { lt, sql } from "drizzle-orm";
import type { ActionFunctionArgs, RouterContextProvider } from "react-router";
import type { z } from "zod";
import { analyticsContext, clientAddressContext, databaseContext, newsletterContext, noticesContext, siteOriginContext } from "~/context";
import type { Database, Transaction } from "~/lib/db/client.server";
import { retryIfEnded } from "~/lib/db/ended-connection.server";
import { formReceipts, spamPosts } from "~/lib/db/schema";
import { formPostOutcome } from "~/lib/ops/metrics.server";
import { formAnswer, logStorageFailure, readFormPost, type SpamReason } from "./guard.server";
import { LIMITS } from "./limits";
import type { FormName } from "./names";
import type { FormResult } from "./result";
import { visitOf, type LeadVisit } from "./visit.server";

type Success = Omit<Extract<FormResult, { status: "success" }>, "status" | "reply">;

/** Who sent a post, as a form stores it: the request's context, where the visit came from, the newsletter's consent hash. */
export interface PostOrigin {
  context: Readonly<RouterContextProvider>;
  visit: LeadVisit;
  /** The keyed hash of the poster's address (the newsletter stores it as consent evidence). */
  consentAddressHash: string;
}

export interface FormDefinition<Name extends FormName = FormName, Schema extends z.ZodType = z.ZodType> {
  name: Name;
  schema: Schema;
  /** A form-level message for a rejected submission, when the form has one (the feature request's toast). */
  invalidMessage?(payload: Record<string, unknown>): string | null;
  /**
   * Writes the lead (and, in the same transaction, anything that must happen with it), with the visit it came from (and
   * its visitor id) spread into the row.
   */
  store(tx: Transaction, value: z.output<Schema>, origin: PostOrigin): Promise<unknown>;
  /** What only the server can check once the value is parsed (the resource a download names is published): errors by field. */
  check?(value: z.output<Schema>, context: Readonly<RouterContextProvider>): Promise<Record<string, string> | null>;
  /** What the success answer carries besides the reset, from the parsed value. */
  success?(value: z.output<Schema>, context: Readonly<RouterContextProvider>): Success | Promise<Success>;
}

/** A form's definition, typed by its schema (./definitions.server.ts). */
export const defineForm = <Name extends FormName, Schema extends z.ZodType>(definition: FormDefinition<Name, Schema>) => definition;

/** A second identical post from the same address within this window is the same submission (a double click). */
const DUPLICATE_WINDOW_SECONDS = 30;
const RECEIPTS_KEPT_MS = 10 * 60_000;
let lastReceiptPurge = 0;

/**
 * Stores the lead unless the very same submission was stored moments ago; true when this call stored it. The receipt
 * is written in the lead's transaction, so two identical posts racing each other still store one row, and trying again
 * on a connection the database had ended (the first post after an outage) stores it once.
 */
function storeOnce(db: Database, fingerprint: string, store: (tx: Transaction) => Promise<unknown>): Promise<boolean> {
  return retryIfEnded(() => storeOnceTried(db, fingerprint, store));
}

async function storeOnceTried(db: Database, fingerprint: string, store: (tx: Transaction) => Promise<unknown>): Promise<boolean> {
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
export function formAction<Name extends FormName, Schema extends z.ZodType>(definition: FormDefinition<Name, Schema>) {
  return async ({ request, context }: ActionFunctionArgs) => {
    const post = await readFormPost(definition.name, request, context);
    if (post.answer) return post.answer;

    // The analytics' visitor id of this visit, and where the server saw the visit begin today (docs/decisions/021).
    const analytics = context.get(analyticsContext);
    const address = context.get(clientAddressContext);
    const userAgent = request.headers.get("User-Agent") ?? undefined;
    const visitorId = (await analytics?.visitorOf(address, userAgent)) ?? null;
    const counted = visitorId === null ? null : await analytics!.visitOf({ visitor: visitorId, address, userAgent });
    const origin: PostOrigin = {
      context,
      visit: { ...visitOf(post.formData, request, context.get(siteOriginContext), counted), visitorId },
      consentAddressHash: context.get(newsletterContext).addressDigest(address),
    };
    const submission = parseWithZod(post.formData, { schema: definition.schema });
    // Held, not dropped: answered exactly as if it had been stored (a bot learns nothing; a person caught by an
    // autofill gets their file), and found in the inbox's Spam view.
    if (post.spam) return holdAsSpam(definition, submission, post.formData, post.spam, origin);
    if (submission.status !== "success") {
      formPostOutcome(definition.name, "invalid");
      return answerTo(definition, submission, context);
    }

    const value = submission.value as z.output<Schema>;
    const problems = await definition.check?.(value, context);
    if (problems) {
      formPostOutcome(definition.name, "invalid");
      const fieldErrors = Object.fromEntries(Object.entries(problems).map(([field, message]) => [field, [message]]));
      return formAnswer({ status: "invalid", message: null, reply: submission.reply({ fieldErrors }) }, 400);
    }
    try {
      const { db } = context.get(databaseContext);
      const fingerprint = fingerprintOf(definition.name, context.get(clientAddressContext), value);
      const stored = await storeOnce(db, fingerprint, (tx) => definition.store(tx, value, origin));
      formPostOutcome(definition.name, stored ? "stored" : "duplicate");
      // Committed: the emails and webhook written with the lead can go now; the goal is counted.
      if (stored) {
        context.get(noticesContext).wake();
        if (origin.visit.visitorId !== null) analytics!.goal(`lead:${definition.name}`, { visitor: origin.visit.visitorId });
      }
    } catch (error) {
      formPostOutcome(definition.name, "unavailable");
      logStorageFailure(definition.name, error);
      return formAnswer({ status: "error", reason: "unavailable", reply: submission.reply() }, 503, { "Retry-After": "30" });
    }
    return answerTo(definition, submission, context);
  };
}

type Submission<Schema extends z.ZodType> = Awaited<ReturnType<typeof parseWithZod<Schema>>>;

/** The answer to a post once parsed (and, when valid, stored or held): its field errors, or the form's success. */
async function answerTo<Schema extends z.ZodType>(
  definition: FormDefinition<FormName, Schema>,
  submission: Submission<Schema>,
  context: Readonly<RouterContextProvider>,
) {
  if (submission.status !== "success") {
    const message = definition.invalidMessage?.(submission.payload) ?? null;
    return formAnswer({ status: "invalid", message, reply: submission.reply() }, 400);
  }
  const success = await definition.success?.(submission.value, context);
  return formAnswer({ status: "success", reply: submission.reply({ resetForm: true }), ...success }, 200);
}

/** Stores a post that tripped a spam check, as it came, and answers it as the same post, not held, is answered. */
async function holdAsSpam<Schema extends z.ZodType>(
  definition: FormDefinition<FormName, Schema>,
  submission: Submission<Schema>,
  formData: FormData,
  reasons: SpamReason[],
  origin: PostOrigin,
) {
  const form = definition.name;
  const fields: Record<string, string> = {};
  for (const [key, value] of formData) if (typeof value === "string") fields[key] = value;
  const email = typeof fields.email === "string" ? fields.email.trim().slice(0, LIMITS.email) || null : null;
  // Where it came from, without the visitor id: a held post is no goal, and keeps no link to the visit.
  const { visitorId: _visitorId, ...visit } = origin.visit;
  try {
    await origin.context
      .get(databaseContext)
      .db.insert(spamPosts)
      .values({ form, reasons, fields, email, visit, consentAddressHash: origin.consentAddressHash });
    formPostOutcome(form, "spam");
  } catch (error) {
    formPostOutcome(form, "unavailable");
    logStorageFailure(form, error);
    return formAnswer({ status: "error", reason: "unavailable", reply: {} }, 503, { "Retry-After": "30" });
  }
  return answerTo(definition, submission, origin.context);
}
