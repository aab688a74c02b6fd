import type { JobDescription } from "~/lib/jobs/job-words";

/** A job as the console lists it (the outbox page, a lead's page): never its payload. */
export interface OutboxRow {
  id: number;
  kind: string;
  recipient: string | null;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  runAfter: Date;
  sentAt: Date | null;
}

/** A job with what it did in the team's words, and to whom (decision 045). */
export interface WordedOutboxRow extends OutboxRow, JobDescription {}
