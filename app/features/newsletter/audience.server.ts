// An audience other than the subscribers (decision 039): a feature whose notices go out as newsletter issues of its own
// topic (the roadmap's shipped notices) registers who gets them, and the newsletter's review, schedule, send and counts
// run the same steps for them without naming that feature. The composition root (server/services.ts) lists them.
import type { SQL } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db/client.server";
import type { NewsletterTopic, newsletterIssues } from "./tables";

type IssueRow = typeof newsletterIssues.$inferSelect;

type Executor = Database | Transaction;

/** What a copy's job finds when it runs: whether it is still owed, to whom, and with which unsubscribe link. */
export interface OwedCopy {
  /** The copy's delivery state: only a `queued` one is sent. */
  delivery: string;
  email: string;
  /** Why the address no longer gets it (it left the audience after the issue was queued), or null. */
  left: string | null;
  issue: Pick<IssueRow, "topic" | "subject" | "preheader" | "title" | "excerpt" | "linkPath" | "coverPath" | "coverAlt">;
  /** The one-click unsubscribe link of this copy: what leaving this audience means. */
  unsubscribeUrl: string;
  /** The Message-ID's left part: the team finds the copy by it, without the address in it. */
  messageId: string;
}

export type CopyStatus = "sent" | "failed" | "skipped";

export interface NewsletterAudience {
  /** The issues of this topic go to this audience instead of the subscribers (unnumbered: not in the archive). */
  topic: NewsletterTopic;
  /** The outbox job that sends one copy (server/services.ts runs it with ./send.server.ts's sendAudienceCopy). */
  copyJob: string;
  /** How many would get the issue of `sourceKey` if it were sent now. */
  count(db: Executor, sourceKey: string): Promise<number>;
  /** Queues one copy per recipient, `spacingMs` apart: a delivery row and an outbox job each, in the send's transaction. */
  queue(tx: Transaction, issue: IssueRow, spacingMs: number, priority: number): Promise<number>;
  /**
   * Its copies, for the issue's counts: one row each (issue_id, status, address in lower case, left_since: whether it
   * left the audience after the issue `i` was queued), a SELECT that may join `newsletter_issues i`.
   */
  copies: SQL;
  /** The copy a job's payload names; undefined when its address was erased after the issue was queued. */
  owed(db: Database, payload: unknown): Promise<OwedCopy | undefined>;
  settle(db: Database, payload: unknown, status: CopyStatus): Promise<void>;
  /** The unsubscribe link a preview shows, as a path of the site. */
  previewUnsubscribePath: string;
}

/** The audiences registered, by topic; a topic with none goes to the subscribers its consent covers. */
export type NewsletterAudiences = readonly NewsletterAudience[];

export const audienceOfTopic = (audiences: NewsletterAudiences, topic: NewsletterTopic) =>
  audiences.find((audience) => audience.topic === topic);
