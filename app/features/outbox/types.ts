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
