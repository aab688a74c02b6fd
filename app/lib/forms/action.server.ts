import { createHash } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { lt, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database, Transaction } from "~/lib/db/client.server";
import { retryIfEnded } from "~/lib/db/ended-connection.server";
import { formReceipts, spamPosts } from "~/lib/db/schema/forms";
import { formPostOutcome } from "~/lib/ops/metrics.server";
import { formAnswer, logStorageFailure, readFormPost, type GuardServices, type SpamReason } from "./guard.server";
import { LIMITS } from "./limits";
import type { FormName } from "./names";
import type { FormResult } from "./result";
import { visitOf, type LeadVisit, type Visit } from "./visit.server";

type Success = Omit<Extract<FormResult, { status: "success" }>, "status" | "reply">;

/** Who sent a post, as a form stores it: where the visit came from, the newsletter's consent hash. */
export interface PostOrigin {
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
  check?(value: z.output<Schema>): Promise<Record<string, string> | null>;
  /** What the success answer carries besides the reset, from the parsed value. */
  success?(value: z.output<Schema>): Success | Promise<Success>;
}

/** Every lead form's definition by name (the console's "Not spam" stores a held post with its form's). */
export type FormDefinitions = { [Name in FormName]: FormDefinition<Name> };

/** The analytics as a form post uses it: the visit's visitor, where it began, the goal once stored (docs/decisions/021). */
export interface FormAnalytics {
  visitorOf(address: string, userAgent: string | undefined): Promise<number | null>;
  visitOf(who: { visitor: number; address: string; userAgent: string | undefined }): Promise<Visit | null>;
  goal(goal: `lead:${FormName}`, who: { visitor: number }): void;
}

/**
 * What the shared action needs of the request's services: the route reads them from the router's context
 * (app/context.ts, formPostServicesOf) and hands them over with its form's definition (decision 039).
 */
export interface FormPostServices extends GuardServices {
  database: GuardServices["database"] & { db: Database };
  siteOrigin: string;
  analytics: FormAnalytics | null;
  /** A keyed hash of the address a post came from (the newsletter's consent evidence). */
  addressDigest: (address: string) => string;
  /** Tells the outbox worker there is work, once the lead's transaction has committed. */
  wake: () => void;
}

/** A form's definition, typed by its schema (each feature's forms.server.ts). */
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
export async function formAction<Name extends FormName, Schema extends z.ZodType>(
  definition: FormDefinition<Name, Schema>,
  request: Request,
  services: FormPostServices,
) {
  const post = await readFormPost(definition.name, request, services);
  if (post.answer) return post.answer;

  // The analytics' visitor id of this visit, and where the server saw the visit begin today (docs/decisions/021).
  const { analytics, clientAddress: address } = services;
  const userAgent = request.headers.get("User-Agent") ?? undefined;
  const visitorId = (await analytics?.visitorOf(address, userAgent)) ?? null;
  const counted = visitorId === null ? null : await analytics!.visitOf({ visitor: visitorId, address, userAgent });
  const origin: PostOrigin = {
    visit: { ...visitOf(post.formData, request, services.siteOrigin, counted), visitorId },
    consentAddressHash: services.addressDigest(address),
  };
  const submission = parseWithZod(post.formData, { schema: definition.schema });
  // Held, not dropped: answered exactly as if it had been stored (a bot learns nothing; a person caught by an
  // autofill gets their file), and found in the console's Spam view.
  if (post.spam) return holdAsSpam(definition, submission, post.formData, post.spam, origin, services.database.db);
  if (submission.status !== "success") {
    formPostOutcome(definition.name, "invalid");
    return answerTo(definition, submission);
  }

  const value = submission.value as z.output<Schema>;
  const problems = await definition.check?.(value);
  if (problems) {
    formPostOutcome(definition.name, "invalid");
    const fieldErrors = Object.fromEntries(Object.entries(problems).map(([field, message]) => [field, [message]]));
    return formAnswer({ status: "invalid", message: null, reply: submission.reply({ fieldErrors }) }, 400);
  }
  try {
    const fingerprint = fingerprintOf(definition.name, address, value);
    const stored = await storeOnce(services.database.db, fingerprint, (tx) => definition.store(tx, value, origin));
    formPostOutcome(definition.name, stored ? "stored" : "duplicate");
    // Committed: the emails and webhook written with the lead can go now; the goal is counted.
    if (stored) {
      services.wake();
      if (origin.visit.visitorId !== null) analytics!.goal(`lead:${definition.name}`, { visitor: origin.visit.visitorId });
    }
  } catch (error) {
    formPostOutcome(definition.name, "unavailable");
    logStorageFailure(definition.name, error);
    return formAnswer({ status: "error", reason: "unavailable", reply: submission.reply() }, 503, { "Retry-After": "30" });
  }
  return answerTo(definition, submission);
}

type Submission<Schema extends z.ZodType> = Awaited<ReturnType<typeof parseWithZod<Schema>>>;

/** The answer to a post once parsed (and, when valid, stored or held): its field errors, or the form's success. */
async function answerTo<Schema extends z.ZodType>(definition: FormDefinition<FormName, Schema>, submission: Submission<Schema>) {
  if (submission.status !== "success") {
    const message = definition.invalidMessage?.(submission.payload) ?? null;
    return formAnswer({ status: "invalid", message, reply: submission.reply() }, 400);
  }
  const success = await definition.success?.(submission.value);
  return formAnswer({ status: "success", reply: submission.reply({ resetForm: true }), ...success }, 200);
}

/** Stores a post that tripped a spam check, as it came, and answers it as the same post, not held, is answered. */
async function holdAsSpam<Schema extends z.ZodType>(
  definition: FormDefinition<FormName, Schema>,
  submission: Submission<Schema>,
  formData: FormData,
  reasons: SpamReason[],
  origin: PostOrigin,
  db: Database,
) {
  const form = definition.name;
  const fields: Record<string, string> = {};
  for (const [key, value] of formData) if (typeof value === "string") fields[key] = value;
  const email = typeof fields.email === "string" ? fields.email.trim().slice(0, LIMITS.email) || null : null;
  // Where it came from, without the visitor id: a held post is no goal, and keeps no link to the visit.
  const { visitorId: _visitorId, ...visit } = origin.visit;
  try {
    await db.insert(spamPosts).values({ form, reasons, fields, email, visit, consentAddressHash: origin.consentAddressHash });
    formPostOutcome(form, "spam");
  } catch (error) {
    formPostOutcome(form, "unavailable");
    logStorageFailure(form, error);
    return formAnswer({ status: "error", reason: "unavailable", reply: {} }, 503, { "Retry-After": "30" });
  }
  return answerTo(definition, submission);
}
