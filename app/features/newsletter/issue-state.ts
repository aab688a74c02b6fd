import type { IssueStatus, NewsletterTopic } from "./tables";
import type { IssueFields } from "./issue-schema";

// What the console and the archive show of an issue, without the database: its state and its counts.

export interface IssueCounts {
  recipients: number;
  queued: number;
  sent: number;
  failed: number;
  skipped: number;
  /** Of this issue's recipients, since it was queued. */
  bounced: number;
  complained: number;
  unsubscribed: number;
  /** Recipients erased since it was queued (their delivery rows went with them). */
  erased: number;
}

export type IssueState =
  | { state: "draft" }
  | { state: "scheduled"; at: Date }
  | { state: "sending"; done: number; of: number }
  | { state: "sent"; failed: number };

export function issueState(row: { status: IssueStatus; scheduledAt: Date | null }, counts: IssueCounts | undefined): IssueState {
  if (row.status === "draft") return { state: "draft" };
  if (row.status === "scheduled") return { state: "scheduled", at: row.scheduledAt! };
  const c = counts ?? { recipients: 0, queued: 0, failed: 0 };
  if (c.queued > 0) return { state: "sending", done: c.recipients - c.queued, of: c.recipients };
  return { state: "sent", failed: c.failed };
}

export interface ArchivedIssue extends IssueFields {
  number: number;
  coverPath: string | null;
  coverAlt: string | null;
  topic: NewsletterTopic;
  queuedAt: Date;
}

/** An archive address's issue number (`/newsletter/12`), or null for a text no issue has: its page answers 404. */
export function archiveNumberOf(text: string): number | null {
  return /^[1-9]\d{0,8}$/.test(text) ? Number(text) : null;
}
