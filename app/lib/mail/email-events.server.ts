import { lt, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/lib/db/client.server";
import { emailEventReceipts } from "~/lib/db/schema/outbox";
import { checkWebhookSignature } from "~/lib/webhook-signature.server";
import { recordSoftBounce, suppress } from "./suppressions.server";

// The mail provider's bounce and complaint notices (docs/decisions/024), in one generic format any provider's can be
// relayed in (a small function behind Amazon SNS, Postmark's or Mailgun's webhooks): a JSON body signed like the site's
// own webhooks (Replywise-Signature: t=…,v1=HMAC-SHA256 of "t.body" under EMAIL_EVENTS_SECRET).
//   { "id": "…", "type": "bounce", "bounceType": "hard" | "soft", "email": "…", "detail": "550 5.1.1 …" }
//   { "id": "…", "type": "complaint", "email": "…" }
// A notice is applied once: a second one with the same id is refused, as is a forged or stale one, and none changes
// anything.

const eventBase = {
  id: z.string().trim().min(1).max(200),
  email: z.email().max(254),
  detail: z.string().max(1000).optional(),
};
export const EmailEventSchema = z.discriminatedUnion("type", [
  z.object({ ...eventBase, type: z.literal("bounce"), bounceType: z.enum(["hard", "soft"]) }),
  z.object({ ...eventBase, type: z.literal("complaint") }),
]);
export type EmailEvent = z.infer<typeof EmailEventSchema>;

/** Receipts older than this are deleted: a notice that old is refused by its timestamp anyway. */
const RECEIPT_DAYS = 7;

export type EmailEventAnswer = { status: 200 | 400 | 401; text: string };

export async function receiveEmailEvent(
  db: Database,
  { secret, softBounceLimit }: { secret: string; softBounceLimit: number },
  body: string,
  signature: string | undefined,
  now = Date.now(),
): Promise<EmailEventAnswer> {
  const check = checkWebhookSignature(secret, body, signature, now);
  if (check !== "valid") {
    const why = { missing: "no signature", malformed: "a malformed signature", expired: "a stale timestamp", wrong: "a wrong signature" };
    return { status: 401, text: `Refused: ${why[check]} (Replywise-Signature).` };
  }
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { status: 400, text: "The body is not JSON." };
  }
  const parsed = EmailEventSchema.safeParse(json);
  if (!parsed.success) {
    return {
      status: 400,
      text: `Not a notice this endpoint reads: ${parsed.error.issues.map((issue) => `${issue.path.join(".") || "body"}: ${issue.message}`).join("; ")}.`,
    };
  }
  const event = parsed.data;
  return db.transaction(async (tx) => {
    const [fresh] = await tx.insert(emailEventReceipts).values({ eventId: event.id }).onConflictDoNothing().returning();
    if (!fresh) return { status: 401, text: "Refused: this notice was received already." } as const;
    await tx.delete(emailEventReceipts).where(lt(emailEventReceipts.receivedAt, sql`now() - make_interval(days => ${RECEIPT_DAYS})`));
    if (event.type === "complaint") await suppress(tx, event.email, "complaint", event.detail ?? "marked as spam", "webhook");
    else if (event.bounceType === "hard") await suppress(tx, event.email, "hard-bounce", event.detail, "webhook");
    else await recordSoftBounce(tx, event.email, event.detail, "webhook", softBounceLimit);
    return { status: 200, text: "Applied." } as const;
  });
}
