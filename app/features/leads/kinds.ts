import type { FormName } from "../../lib/forms/names";

// The leads' vocabulary, shared by its queries, its pages and the database schema (relative imports only: drizzle-kit
// reads the schema without the `~` alias). A lead's kind is the name of the form that sent it, or `demo`: a meeting
// booked with the booking service, which arrives by its signed webhook (app/features/bookings/, docs/decisions/028).

export type LeadKind = Exclude<FormName, "roadmap-vote"> | "demo";
// Written out rather than spread from FORM_NAMES: a spread at the top of a module counts as a side effect (forms/visit.ts).
export const LEAD_KINDS = ["contact", "feature-request", "newsletter", "download", "demo"] as const satisfies readonly LeadKind[];
/** A type error when the list above forgets a form. A roadmap vote is no lead of its own: it joins a lead by address. */
export const EVERY_FORM_IS_A_KIND: [Exclude<FormName, "roadmap-vote">] extends [(typeof LEAD_KINDS)[number]] ? true : never = true;

export const LEAD_KIND_LABELS: Record<LeadKind, { one: string; many: string }> = {
  contact: { one: "Contact request", many: "Contact requests" },
  "feature-request": { one: "Feature request", many: "Feature requests" },
  newsletter: { one: "Newsletter subscriber", many: "Newsletter subscribers" },
  download: { one: "Download", many: "Downloads" },
  demo: { one: "Demo booked", many: "Demos booked" },
};

export const isLeadKind = (value: unknown): value is LeadKind => (LEAD_KINDS as readonly string[]).includes(value as string);

/**
 * The sales pipeline a lead moves through (docs/decisions/021). The first five are in order (a lead at `won` has been
 * through the others); `lost` and `spam` end it. The stage is a lead's one state: it is new until someone moves it on.
 */
export const LEAD_STAGES = ["new", "contacted", "qualified", "meeting-booked", "won", "lost", "spam"] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];
export const PIPELINE_STAGES = ["new", "contacted", "qualified", "meeting-booked", "won"] as const satisfies readonly LeadStage[];
export const LEAD_STAGE_LABELS: Record<LeadStage, string> = {
  new: "New",
  contacted: "Contacted",
  qualified: "Qualified",
  "meeting-booked": "Meeting booked",
  won: "Won",
  lost: "Lost",
  spam: "Spam",
};
export const isLeadStage = (value: unknown): value is LeadStage => LEAD_STAGES.includes(value as LeadStage);

/**
 * The audience (decision 044): a newsletter sign-up or a download is no raised hand. Such a lead stays outside the
 * pipeline (never on the board, never on Today as new, never counted as new) while it is at `new`; a person moves it in
 * by moving it to a stage. Contact requests, feature requests and booked demos start in the pipeline.
 */
export const AUDIENCE_KINDS = ["newsletter", "download"] as const satisfies readonly LeadKind[];
export const isAudienceKind = (kind: LeadKind) => (AUDIENCE_KINDS as readonly LeadKind[]).includes(kind);
export const inAudience = (lead: { kind: LeadKind; stage: LeadStage }) => isAudienceKind(lead.kind) && lead.stage === "new";

/** The longest note on a lead's timeline, and the most notes one lead keeps. */
export const NOTE_MAX_LENGTH = 2000;
export const NOTES_MAX = 200;

/** One entry of a lead's notes: what was written, by whom (null: before notes had authors) and when (ISO time). */
export interface LeadNote {
  at: string;
  by: string | null;
  text: string;
}
