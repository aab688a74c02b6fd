import type { OutboxJob } from "~/lib/jobs/outbox.server";
import type { MailJob, MailOf } from "./mailer.server";
import type { MailTemplates } from "./templates";

/** A message as an outbox job (`mail:<template>`), typed by the templates of the feature that sends it. */
export function mailJob<Templates extends MailTemplates = MailTemplates>(job: MailOf<Templates>): OutboxJob {
  const mail = job as MailJob;
  return { kind: `mail:${mail.template}`, recipient: mail.to[0]?.address ?? null, payload: mail };
}
