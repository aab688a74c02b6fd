import { createHmac } from "node:crypto";
import type { Mailer, MailJob } from "~/lib/mail/mailer.server";
import type { ClaimedJob, Deliver } from "./outbox.server";

export interface WebhookTarget {
  url: string;
  /** Signs each delivery (X-Replywise-Signature); unset, deliveries go unsigned and the server says so at start. */
  secret?: string | undefined;
}

const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`: the receiver recomputes it with the shared secret, and
 * refuses old timestamps so a captured delivery cannot be replayed later.
 */
export function webhookSignature(secret: string, body: string, timestamp: number) {
  return `t=${timestamp},v1=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

async function postWebhook(target: WebhookTarget, job: ClaimedJob) {
  const body = JSON.stringify(job.payload);
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "User-Agent": "replywise-web",
    // The same id on a retry: a receiver can recognise a delivery it already has.
    "X-Replywise-Delivery": String(job.id),
  };
  if (target.secret) headers["X-Replywise-Signature"] = webhookSignature(target.secret, body, Math.floor(Date.now() / 1000));
  const response = await fetch(target.url, { method: "POST", headers, body, signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS) });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`webhook answered ${response.status}`);
}

/** Jobs done in the site itself, by kind (a scheduled publication): run like any other, retried when they throw. */
export type LocalJobs = Record<string, Deliver>;

/** How each kind of job leaves the building: email through the mailer, webhooks by a signed POST; local jobs run here. */
export function createDelivery(mailer: Mailer, webhook: WebhookTarget | null, local: LocalJobs = {}): Deliver {
  return async (job) => {
    const run = Object.hasOwn(local, job.kind) ? local[job.kind] : undefined;
    if (run) return run(job);
    if (job.kind.startsWith("mail:")) return mailer.send(job.payload as MailJob, job.id);
    if (job.kind.startsWith("webhook:")) {
      if (!webhook) throw new Error("no webhook is configured (NOTIFY_WEBHOOK_URL)");
      return postWebhook(webhook, job);
    }
    throw new Error(`unknown job kind ${job.kind}`);
  };
}
