import type { Database } from "~/lib/db/client.server";
import { smtpBounce } from "~/lib/mail/bounces.server";
import type { Mailer, MailJob } from "~/lib/mail/mailer.server";
import { recordSoftBounce, suppress, suppressedAmong } from "~/lib/mail/suppressions.server";
import { webhookSignature } from "~/lib/webhook-signature.server";
import { Suppressed, type ClaimedJob, type Deliver } from "./outbox.server";

export interface WebhookTarget {
  url: string;
  /** Signs each delivery (X-Replywise-Signature); unset, deliveries go unsigned and the server says so at start. */
  secret?: string | undefined;
}

const WEBHOOK_TIMEOUT_MS = 10_000;

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

/** Sends a message built by a local job through the same do-not-mail list and bounce handling as every mail job. */
export type SendMail = (mail: MailJob, job: ClaimedJob) => Promise<void>;

/** Jobs done in the site itself, by kind (a scheduled publication, a newsletter copy): retried when they throw. */
export type LocalJobs = Record<string, (job: ClaimedJob, sendMail: SendMail) => Promise<void>>;

/** The do-not-mail list the mail goes through (docs/decisions/024); without it (unit tests) mail is sent as asked. */
export interface Suppressions {
  db: Database;
  /** Soft bounces that suppress an address (SOFT_BOUNCE_LIMIT). */
  softBounceLimit: number;
}

/** The only mail a suppressed address still gets: the double opt-in it asked for again itself. */
const SENT_DESPITE_SUPPRESSION = new Set<string>(["newsletter-confirmation"]);

/**
 * A message to the addresses that may get mail: a suppressed recipient is left out, and a message left with nobody
 * ends the job as suppressed. A refusal of an address for good suppresses it and ends the job; a temporary one counts
 * a soft bounce (once per message) and is retried.
 */
async function sendMail(mailer: Mailer, mail: MailJob, job: ClaimedJob, suppressions: Suppressions | undefined) {
  if (!suppressions) return mailer.send(mail, job.id);
  const { db, softBounceLimit } = suppressions;
  let to = mail.to;
  if (!SENT_DESPITE_SUPPRESSION.has(mail.template)) {
    const suppressed = await suppressedAmong(
      db,
      mail.to.map((box) => box.address),
    );
    to = mail.to.filter((box) => !suppressed.has(box.address.toLowerCase()));
    if (to.length === 0) throw new Suppressed("the address is on the do-not-mail list (a bounce or a complaint)");
  }
  try {
    await mailer.send(to === mail.to ? mail : { ...mail, to }, job.id);
  } catch (error) {
    const bounce = smtpBounce(error);
    if (!bounce) throw error;
    const refused = bounce.rejected.length > 0 ? bounce.rejected : to.map((box) => box.address);
    if (bounce.kind === "hard") {
      for (const address of refused) await suppress(db, address, "hard-bounce", bounce.detail, "smtp");
      throw new Suppressed(`refused for good by the receiving server (${bounce.code}): the address is now on the do-not-mail list`);
    }
    if (job.attempts === 1) for (const address of refused) await recordSoftBounce(db, address, bounce.detail, "smtp", softBounceLimit);
    throw error;
  }
}

/** How each kind of job leaves the building: email through the mailer, webhooks by a signed POST; local jobs run here. */
export function createDelivery(mailer: Mailer, webhook: WebhookTarget | null, local: LocalJobs = {}, suppressions?: Suppressions): Deliver {
  const send: SendMail = (mail, job) => sendMail(mailer, mail, job, suppressions);
  return async (job) => {
    const run = Object.hasOwn(local, job.kind) ? local[job.kind] : undefined;
    if (run) return run(job, send);
    if (job.kind.startsWith("mail:")) return send(job.payload as MailJob, job);
    if (job.kind.startsWith("webhook:")) {
      if (!webhook) throw new Error("no webhook is configured (NOTIFY_WEBHOOK_URL)");
      return postWebhook(webhook, job);
    }
    throw new Error(`unknown job kind ${job.kind}`);
  };
}
