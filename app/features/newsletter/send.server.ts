import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { newsletterDeliveries } from "~/lib/db/schema";
import { rowsOf } from "~/lib/db/rows.server";
import type { SendMail } from "~/lib/jobs/deliver.server";
import { recordAudit } from "~/lib/console/audit.server";
import { enqueue, Suppressed, type ClaimedJob } from "~/lib/jobs/outbox.server";
import { mailJob } from "~/features/leads/lead-notices.server";
import { renderMail, type MailJob } from "~/lib/mail/mailer.server";
import type { Sender } from "~/emails";
import type { NewsletterLinks } from "~/features/newsletter/subscribers.server";
import type { IssueRow } from "./issues.server";
import { owedNotice, settleNotice } from "~/features/roadmap-votes/notices.server";
import type { RoadmapVoteLinks } from "~/features/roadmap-votes/votes.server";

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
): MailJob<"newsletter-issue"> {
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
export function previewIssue(issue: IssueRow, { siteUrl, sender }: { siteUrl: string; sender: Sender }) {
  const unsubscribe = issue.topic === "shipped" ? "/roadmap/withdraw" : "/newsletter/unsubscribe";
  return renderMail(issueMail(issue, "subscriber@example.com", siteUrl, `${siteUrl}${unsubscribe}`), sender);
}

/** "Send a test": one copy to the editor who asked (their own address, never a subscriber's), with its audit line. */
export async function queueTestCopy(db: Database, actor: string, issue: IssueRow, siteUrl: string) {
  const mail = issueMail(issue, actor, siteUrl, null);
  await db.transaction(async (tx) => {
    await enqueue(tx, [mailJob(mail)]);
    await recordAudit(tx, actor, "newsletter-test", { issue: issue.id });
  });
}

type Settled = "sent" | "failed" | "skipped";

/** Sends a copy that is owed, and records what became of it: sent, skipped (suppressed) or failed for good. */
async function deliverOwed(
  mail: MailJob,
  job: ClaimedJob,
  sendMail: SendMail,
  maxAttempts: number,
  settleAs: (status: Settled) => Promise<void>,
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

async function settle(db: Database, issueId: number, subscriberId: number, status: Settled) {
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

export interface NoticeSettings extends Omit<CopySettings, "links"> {
  links: Pick<RoadmapVoteLinks, "withdrawUrl" | "emailDigest">;
}

/**
 * One roadmap item's notice to one requester or voter (issue 37): owed while its delivery row is queued, skipped if the
 * address withdrew from the item meanwhile, nothing if it was erased. Its unsubscribe link withdraws from the item.
 */
export function sendNoticeCopy({ db, siteUrl, links, maxAttempts }: NoticeSettings) {
  return async (job: ClaimedJob, sendMail: SendMail) => {
    const { issueId, email } = job.payload as { issueId: number; email: string };
    const owed = await owedNotice(db, issueId, email);
    if (!owed) throw new Suppressed("the address was erased after the notice was queued");
    if (owed.delivery !== "queued") return;
    if (owed.withdrawn) {
      await settleNotice(db, issueId, email, "skipped");
      throw new Suppressed("withdrew from the item after the notice was queued");
    }
    const mail = issueMail(
      { ...owed.issue, number: null },
      owed.email,
      siteUrl,
      links.withdrawUrl({ itemId: owed.issue.sourceKey, email }),
      {
        // Traceable by notice and address, without the address.
        messageId: `shipped-${issueId}-${links.emailDigest(email).slice(0, 20)}`,
      },
    );
    await deliverOwed(mail, job, sendMail, maxAttempts, (status) => settleNotice(db, issueId, email, status));
  };
}
