import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { newsletterDeliveries } from "./tables";
import { rowsOf } from "~/lib/db/rows.server";
import type { SendMail } from "~/lib/jobs/deliver.server";
import { recordAudit } from "~/lib/console/audit.server";
import { enqueue, Suppressed, type ClaimedJob } from "~/lib/jobs/outbox.server";
import { mailJob } from "~/lib/mail/mail-job";
import { renderMail, type MailJob, type MailOf } from "~/lib/mail/mailer.server";
import type { Sender } from "~/emails/layout";
import type { NewsletterLinks } from "./subscribers.server";
import type { IssueRow } from "./issues.server";
import { audienceOfTopic, type CopyStatus, type NewsletterAudience, type NewsletterAudiences } from "./audience.server";
import { newsletterMails, type NewsletterMails } from "./mails";

// One newsletter copy, as its outbox job delivers it (docs/decisions/025). The delivery row says whether the copy is
// still owed: a retry after a crash that happened once the copy was recorded sends nothing, and a subscriber who
// unsubscribed or was erased after the issue was queued gets nothing.

export interface CopySettings {
  db: Database;
  siteUrl: string;
  links: Pick<NewsletterLinks, "unsubscribeUrl">;
  /** OUTBOX_MAX_ATTEMPTS: the attempt after which a copy that still fails is counted as failed. */
  maxAttempts: number;
}

interface Owed {
  delivery: string;
  email: string;
  subscriber_status: string;
  number: number | null;
  topic: IssueRow["topic"];
  subject: string;
  preheader: string;
  title: string;
  excerpt: string;
  link_path: string;
  cover_path: string | null;
  cover_alt: string | null;
}

/**
 * The message an issue makes, for one subscriber with their own unsubscribe link, or as a test for an editor (`null`):
 * an editor is no subscriber, so a test has no link to leave a list they are not on.
 */
export function issueMail(
  issue: Pick<IssueRow, "topic" | "subject" | "preheader" | "title" | "excerpt" | "linkPath" | "coverPath" | "coverAlt" | "number">,
  to: string,
  siteUrl: string,
  unsubscribeUrl: string | null,
  extra: Pick<MailJob, "messageId"> = {},
): MailOf<NewsletterMails, "newsletter-issue"> {
  return {
    template: "newsletter-issue",
    to: [{ address: to }],
    ...(unsubscribeUrl ? { unsubscribeUrl } : {}),
    ...(extra.messageId ? { messageId: extra.messageId } : {}),
    props: {
      subject: issue.subject,
      preheader: issue.preheader,
      title: issue.title,
      excerpt: issue.excerpt,
      topic: issue.topic,
      linkUrl: `${siteUrl}${issue.linkPath}`,
      coverUrl: issue.coverPath ? `${siteUrl}${issue.coverPath}` : null,
      coverAlt: issue.coverAlt,
      archiveUrl: issue.number ? `${siteUrl}/newsletter/${issue.number}` : null,
      unsubscribeUrl,
    },
  };
}

/**
 * The issue as a subscriber will receive it, rendered by the template that sends it, for the editor to read before
 * sending: every subscriber's copy differs only in its unsubscribe link (here one that names nobody) and, once sent,
 * the link to the issue's page in the archive.
 */
export async function previewIssue(
  issue: IssueRow,
  { siteUrl, sender, audiences }: { siteUrl: string; sender: () => Promise<Sender>; audiences: NewsletterAudiences },
) {
  const unsubscribe = audienceOfTopic(audiences, issue.topic)?.previewUnsubscribePath ?? "/newsletter/unsubscribe";
  return renderMail(issueMail(issue, "subscriber@example.com", siteUrl, `${siteUrl}${unsubscribe}`), await sender(), newsletterMails);
}

/** "Send a test": one copy to the editor who asked (their own address, never a subscriber's), with its audit line. */
export async function queueTestCopy(db: Database, actor: string, issue: IssueRow, siteUrl: string) {
  const mail = issueMail(issue, actor, siteUrl, null);
  await db.transaction(async (tx) => {
    await enqueue(tx, [mailJob<NewsletterMails>(mail)]);
    await recordAudit(tx, actor, "newsletter-test", { issue: issue.id });
  });
}

/** Sends a copy that is owed, and records what became of it: sent, skipped (suppressed) or failed for good. */
async function deliverOwed(
  mail: MailJob,
  job: ClaimedJob,
  sendMail: SendMail,
  maxAttempts: number,
  settleAs: (status: CopyStatus) => Promise<void>,
) {
  try {
    await sendMail(mail, job);
  } catch (error) {
    if (error instanceof Suppressed) await settleAs("skipped");
    else if (job.attempts >= maxAttempts) await settleAs("failed");
    throw error;
  }
  await settleAs("sent");
}

async function settle(db: Database, issueId: number, subscriberId: number, status: CopyStatus) {
  await db
    .update(newsletterDeliveries)
    .set({ status, doneAt: sql`now()` })
    .where(
      and(
        eq(newsletterDeliveries.issueId, issueId),
        eq(newsletterDeliveries.subscriberId, subscriberId),
        eq(newsletterDeliveries.status, "queued"),
      ),
    );
}

export function sendCopy({ db, siteUrl, links, maxAttempts }: CopySettings) {
  return async (job: ClaimedJob, sendMail: SendMail) => {
    const { issueId, subscriberId } = job.payload as { issueId: number; subscriberId: number };
    const [owed] = rowsOf<Owed>(
      await db.execute(sql`
        SELECT d.status AS delivery, s.email, s.status AS subscriber_status, i.number, i.topic, i.subject, i.preheader,
          i.title, i.excerpt, i.link_path, i.cover_path, i.cover_alt
        FROM newsletter_deliveries d
        JOIN newsletter_subscribers s ON s.id = d.subscriber_id
        JOIN newsletter_issues i ON i.id = d.issue_id
        WHERE d.issue_id = ${issueId} AND d.subscriber_id = ${subscriberId}`),
    );
    if (!owed) throw new Suppressed("the subscriber was erased after the issue was queued");
    if (owed.delivery !== "queued") return;
    if (owed.subscriber_status !== "confirmed") {
      await settle(db, issueId, subscriberId, "skipped");
      throw new Suppressed("unsubscribed after the issue was queued");
    }
    const issue = {
      topic: owed.topic,
      subject: owed.subject,
      preheader: owed.preheader,
      title: owed.title,
      excerpt: owed.excerpt,
      linkPath: owed.link_path,
      coverPath: owed.cover_path,
      coverAlt: owed.cover_alt,
      number: owed.number === null ? null : Number(owed.number),
    };
    const mail = issueMail(issue, owed.email, siteUrl, links.unsubscribeUrl({ id: subscriberId, email: owed.email }), {
      // The team finds a copy by issue and subscriber, whoever asks about it.
      messageId: `newsletter-${issueId}-${subscriberId}`,
    });
    await deliverOwed(mail, job, sendMail, maxAttempts, (status) => settle(db, issueId, subscriberId, status));
  };
}

/**
 * One copy to an audience another feature registered (./audience.server.ts): owed while its delivery row is queued,
 * skipped if the address left the audience meanwhile, nothing if it was erased. Its unsubscribe link leaves that audience.
 */
export function sendAudienceCopy(audience: NewsletterAudience, { db, siteUrl, maxAttempts }: Omit<CopySettings, "links">) {
  return async (job: ClaimedJob, sendMail: SendMail) => {
    const owed = await audience.owed(db, job.payload);
    if (!owed) throw new Suppressed("the address was erased after the copy was queued");
    if (owed.delivery !== "queued") return;
    if (owed.left) {
      await audience.settle(db, job.payload, "skipped");
      throw new Suppressed(owed.left);
    }
    const mail = issueMail({ ...owed.issue, number: null }, owed.email, siteUrl, owed.unsubscribeUrl, { messageId: owed.messageId });
    await deliverOwed(mail, job, sendMail, maxAttempts, (status) => audience.settle(db, job.payload, status));
  };
}
