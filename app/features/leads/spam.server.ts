import { parseWithZod } from "@conform-to/zod/v4";
import { count, desc, eq } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { spamPosts } from "~/lib/db/schema/forms";
import type { FormDefinitions } from "~/lib/forms/action.server";
import { FORM_NAMES, type FormName } from "~/lib/forms/names";
import type { Visit } from "~/lib/forms/visit.server";
import { recordAudit } from "~/lib/console/audit.server";
import { PAGE_SIZE } from "~/lib/console/pagination";

// The console's Spam view (decision 020): posts the form guard held (./guard.server.ts), newest first, and "Not spam",
// which stores a held post exactly as its form would have the moment it arrived (the row, the visitor's email, the
// team's notice, the webhook), once: the held row is deleted in the same transaction.

export interface SpamRow {
  id: number;
  form: FormName;
  reasons: string[];
  fields: Record<string, string>;
  createdAt: Date;
}

export const spamCount = async (db: Database) => (await db.select({ n: count() }).from(spamPosts))[0]?.n ?? 0;

export async function spamPage(db: Database, page: number) {
  const total = await spamCount(db);
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const rows = await db
    .select({
      id: spamPosts.id,
      form: spamPosts.form,
      reasons: spamPosts.reasons,
      fields: spamPosts.fields,
      createdAt: spamPosts.createdAt,
    })
    .from(spamPosts)
    .orderBy(desc(spamPosts.createdAt), desc(spamPosts.id))
    .limit(PAGE_SIZE)
    .offset((current - 1) * PAGE_SIZE);
  return { rows: rows as SpamRow[], total, page: current, pageCount };
}

export type Release = { status: "released" } | { status: "gone" } | { status: "invalid"; problems: string[] };

const isFormName = (value: string): value is FormName => FORM_NAMES.includes(value as FormName);

/**
 * Stores a held post as its form would have (`forms`: every lead form with its services, which the page composes), and
 * records it; "gone" when another operator already did (or it was purged). The caller wakes the outbox once it is in.
 */
export async function releaseSpam(db: Database, id: number, forms: FormDefinitions, actor: string): Promise<Release> {
  const [held] = await db.select().from(spamPosts).where(eq(spamPosts.id, id));
  if (!held || !isFormName(held.form)) return { status: "gone" };
  const definition = forms[held.form];
  const formData = new FormData();
  for (const [key, value] of Object.entries(held.fields)) formData.append(key, value);
  const submission = parseWithZod(formData, { schema: definition.schema });
  if (submission.status !== "success") {
    const problems = Object.values(submission.error ?? {}).flatMap((messages) => messages ?? []);
    return { status: "invalid", problems };
  }
  const origin = {
    visit: { ...(held.visit as unknown as Visit), visitorId: null },
    consentAddressHash: held.consentAddressHash ?? "",
  };
  const released = await db.transaction(async (tx) => {
    const taken = await tx.delete(spamPosts).where(eq(spamPosts.id, id)).returning({ id: spamPosts.id });
    if (taken.length === 0) return false;
    // The schema's output type is the form's own; the definition map loses which one.
    await (definition.store as (tx: unknown, value: unknown, origin: unknown) => Promise<unknown>)(tx, submission.value, origin);
    await recordAudit(tx, actor, "not-spam", { form: held.form });
    return true;
  });
  if (!released) return { status: "gone" };
  return { status: "released" };
}
