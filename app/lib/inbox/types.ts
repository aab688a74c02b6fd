import type { Attribution } from "./attribution";
import type { LeadKind, LeadStage } from "./kinds";

// What the inbox's queries (*.server.ts) hand its pages: plain data, importable by components.

export interface LeadRow extends Attribution {
  kind: LeadKind;
  id: number;
  at: Date;
  name: string | null;
  email: string;
  company: string | null;
  summary: string | null;
  /** A subscriber's consent state (pending, confirmed, unsubscribed). */
  subscription: string | null;
  handledAt: Date | null;
  /** A demo's meeting time (UTC); null for every other kind. */
  meetingAt: Date | null;
}

export interface ExportRow extends LeadRow {
  subject: string | null;
  body: string | null;
  useCase: string | null;
  page: string | null;
  resource: string | null;
  handledBy: string | null;
  note: string | null;
}

export interface LeadField {
  label: string;
  value: string | Date | null;
  /** Free text that keeps its line breaks. */
  long?: boolean;
}

export interface LeadDetail extends Attribution {
  kind: LeadKind;
  id: number;
  at: Date;
  name: string | null;
  email: string;
  handledAt: Date | null;
  handledBy: string | null;
  /** Where it is in the sales pipeline, who set that and when (docs/decisions/021). */
  stage: LeadStage;
  stageAt: Date | null;
  stageBy: string | null;
  note: string | null;
  /** What the visitor sent, and for a subscriber the consent record, in the order the form asks. */
  fields: LeadField[];
  /** A demo's bookings as they happened: booked, rescheduled, cancelled, no-show, held (app/lib/bookings/). */
  timeline?: { kind: string; occurredAt: Date; meetingAt: Date | null }[];
}

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
