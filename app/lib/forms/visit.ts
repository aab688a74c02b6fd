// Where the visit that sent a lead came from: its first page on this site, the site that referred it, and the utm_*
// parameters of that first page. Nothing else: the privacy policy lists exactly these. First-party, cookie-less and
// without browser storage: the server takes them from the first page view it counted of the visitor that day
// (docs/decisions/021), or the `Referer` header, in forms/visit.server.ts. The `visit_*` fields a form could send
// (decision 014's sessionStorage capture, gone since) are still read first.

/**
 * What is kept of a visit, by the name it has in storage, in the form (prefixed `visit_`) and in the database. Written
 * out rather than spread from UTM_PARAMETERS: a spread at the top of a module counts as a side effect, and would pull
 * this module into every page that imports the frame script (app/root.tsx).
 */
export const VISIT_KEYS = ["landing_page", "referrer", "utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;
export type VisitKey = (typeof VISIT_KEYS)[number];

export const UTM_PARAMETERS = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
] as const satisfies readonly VisitKey[];

export const VISIT_FIELD_PREFIX = "visit_";

/** The longest value kept of each: a path, a host name, a campaign tag. */
export const VISIT_LIMITS: Record<VisitKey, number> = {
  landing_page: 200,
  referrer: 253,
  utm_source: 100,
  utm_medium: 100,
  utm_campaign: 100,
  utm_term: 100,
  utm_content: 100,
};

/** Named as the lead tables' columns (sourceColumns, app/lib/db/schema/columns.ts), so a form's store spreads it into its insert. */
export interface Visit {
  landingPage: string | null;
  referrer: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
}
