import { FORM_NAMES, type FormName } from "../../lib/forms/names";
import { OUTBOUND_NAMES, type OutboundName } from "~/content/outbound";

// The goals the reports count (docs/decisions/021): each form's stored lead, a resource file downloaded, a newsletter
// sign-up confirmed, a click out to the application or the booking calendar through /go/, and a demo booked.

export type Goal = `lead:${FormName}` | "download" | "newsletter-confirmed" | `outbound:${OutboundName}` | "demo-booked";

export const GOALS: readonly Goal[] = [
  ...FORM_NAMES.map((name) => `lead:${name}` as const),
  "download",
  "newsletter-confirmed",
  ...OUTBOUND_NAMES.map((name) => `outbound:${name}` as const),
  // Counted when the booking service's webhook arrives, for the visit that led to it (docs/decisions/028).
  "demo-booked",
];

export const GOAL_LABELS: Record<Goal, string> = {
  "lead:contact": "Contact request sent",
  "lead:feature-request": "Feature request sent",
  "lead:newsletter": "Newsletter sign-up",
  "lead:download": "Download form sent",
  "lead:roadmap-vote": "Roadmap vote sent",
  download: "Resource file downloaded",
  "newsletter-confirmed": "Newsletter sign-up confirmed",
  "outbound:register": "Left for the app's sign-up",
  "outbound:book": "Left for the booking calendar",
  "demo-booked": "Demo booked",
};
