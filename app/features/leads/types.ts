import type { Attribution } from "./attribution";
import type { LeadKind, LeadNote, LeadStage } from "./kinds";

// What the leads' queries (*.server.ts) hand its pages: plain data, importable by components.

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
  /** Where it is in the pipeline: its one state (new until someone moves it on). */
  stage: LeadStage;
  /** The operator account working it, by id (the page has the accounts' addresses); null: nobody. */
  ownerId: number | null;
  /** The day (YYYY-MM-DD, UTC) its owner is reminded of it. */
  followUpOn: string | null;
  /** A demo's meeting time (UTC); null for every other kind. */
  meetingAt: Date | null;
  /** When the team last touched it (its last move or newest note); null: never. */
  touchedAt: Date | null;
}

export interface ExportRow extends LeadRow {
  subject: string | null;
  body: string | null;
  useCase: string | null;
  page: string | null;
  resource: string | null;
  stageAt: Date | null;
  stageBy: string | null;
  notes: LeadNote[];
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
  /** Where it is in the sales pipeline, who set that and when (docs/decisions/021). */
  stage: LeadStage;
  stageAt: Date | null;
  stageBy: string | null;
  ownerId: number | null;
  /** The owner's address; null when nobody owns it. */
  ownerEmail: string | null;
  /** The owner's time zone, where their follow-up reminder goes out at 8:00; null when nobody owns it. */
  ownerTimeZone: string | null;
  followUpOn: string | null;
  /** The follow-up day whose reminder has gone out (equal to `followUpOn` once it has). */
  followUpRemindedOn: string | null;
  /** The team's notes, newest first. */
  notes: LeadNote[];
  /** What the visitor sent, and for a subscriber the consent record, in the order the form asks. */
  fields: LeadField[];
}

/** An account that may own leads (a role that reaches them), as the owner pickers list it. */
export interface LeadOwner {
  id: number;
  email: string;
}
