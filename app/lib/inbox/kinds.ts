import { FORM_NAMES, type FormName } from "../forms/names";

// The inbox's vocabulary, shared by its queries, its pages and the database schema (relative imports only: drizzle-kit
// reads the schema without the `~` alias). A lead's kind is the name of the form that sent it.

export type LeadKind = FormName;
export const LEAD_KINDS: readonly LeadKind[] = FORM_NAMES;

export const LEAD_KIND_LABELS: Record<LeadKind, { one: string; many: string }> = {
  contact: { one: "Contact request", many: "Contact requests" },
  "feature-request": { one: "Feature request", many: "Feature requests" },
  newsletter: { one: "Newsletter subscriber", many: "Newsletter subscribers" },
  download: { one: "Download", many: "Downloads" },
};

export const isLeadKind = (value: unknown): value is LeadKind => LEAD_KINDS.includes(value as LeadKind);

export const LEAD_STATUSES = ["new", "handled"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** The longest private note on a lead. */
export const NOTE_MAX_LENGTH = 2000;

/** Rows per page in every inbox list. */
export const PAGE_SIZE = 50;
