// Where the visit that sent a lead came from: its first page on this site, the site that referred it, and the utm_*
// parameters of that first page. Nothing else: the privacy policy lists exactly these. First-party and cookie-less:
// the frame's inline script keeps them in sessionStorage from the first page of a visit (visitCaptureScript), the
// lead forms send them as hidden fields (components/forms/visit-fields.tsx), and the server parses them, or the
// `Referer` header when they are absent (a visitor without JavaScript), in forms/visit.server.ts.

export const VISIT_STORAGE_KEY = "visit";

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

/**
 * Serialised into every page, so it uses nothing from this module's scope.
 * Runs once per tab session; skips the operator inbox's pages, found by their marker rather than their address, which
 * no public page spells out.
 */
function captureVisit(storageKey: string, utmNames: readonly string[], maxUtm: number) {
  try {
    if (sessionStorage.getItem(storageKey) || document.querySelector("[data-inbox]")) return;
    const visit: Record<string, string> = { landing_page: location.pathname };
    const referrer = document.referrer ? new URL(document.referrer).hostname : "";
    if (referrer && referrer !== location.hostname) visit.referrer = referrer;
    const query = new URLSearchParams(location.search);
    for (const name of utmNames) {
      const value = query.get(name)?.trim();
      if (value) visit[name] = value.slice(0, maxUtm);
    }
    sessionStorage.setItem(storageKey, JSON.stringify(visit));
  } catch {
    // Storage blocked (some private modes): the server falls back to the Referer header.
  }
}

/** The capture as inline script text, appended to the frame's script (app/lib/frame-script.ts). */
export function visitCaptureScript() {
  return `(${captureVisit.toString()})(${JSON.stringify(VISIT_STORAGE_KEY)},${JSON.stringify(UTM_PARAMETERS)},${VISIT_LIMITS.utm_source});`;
}

/** Named as the lead tables' columns (app/lib/db/schema.ts), so a form's store spreads it into its insert. */
export interface Visit {
  landingPage: string | null;
  referrer: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
}
