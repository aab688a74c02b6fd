import { VISIT_FIELD_PREFIX, VISIT_KEYS, VISIT_LIMITS, UTM_PARAMETERS, type Visit, type VisitKey } from "./visit";

// The visit a lead came from, as stored with it: from the `visit_*` fields when a form sends them, else from the first
// page view the server counted of this visitor today (docs/decisions/021), else from the `Referer` header: the page
// the form was on, with its utm_* parameters, or the other site that sent the post. Values are bounded and cleaned;
// a page is kept as its path only (a query string can carry anything, an email address included).

export type { Visit };

/** The visit as a lead row stores it: where it came from, and the analytics' visitor id of it (docs/decisions/021). */
export interface LeadVisit extends Visit {
  visitorId: number | null;
}

const COLUMN: Record<VisitKey, keyof Visit> = {
  landing_page: "landingPage",
  referrer: "referrer",
  utm_source: "utmSource",
  utm_medium: "utmMedium",
  utm_campaign: "utmCampaign",
  utm_term: "utmTerm",
  utm_content: "utmContent",
};

export const NO_VISIT: Visit = Object.fromEntries(Object.values(COLUMN).map((column) => [column, null])) as unknown as Visit;

// eslint-disable-next-line no-control-regex -- control characters never belong in a stored tag
const CONTROL = /[\u0000-\u001f\u007f]/g;

export function tag(value: string | null | undefined, max: number): string | null {
  const cleaned = (value ?? "").replace(CONTROL, "").trim().slice(0, max).trim();
  return cleaned === "" ? null : cleaned;
}

/** A site path, without its query or fragment. */
export function pagePath(value: string | null | undefined): string | null {
  const path = (value ?? "").replace(CONTROL, "").split(/[?#]/, 1)[0]!.trim();
  if (!path.startsWith("/") || path.startsWith("//") || /\s/.test(path)) return null;
  return path.slice(0, VISIT_LIMITS.landing_page);
}

/** A host name, from a bare host or a URL; null for anything else. */
export function hostName(value: string | null | undefined): string | null {
  const text = (value ?? "").trim().toLowerCase();
  if (!text) return null;
  let host = text;
  try {
    if (/^[a-z][a-z0-9+.-]*:\/\//.test(text)) host = new URL(text).hostname;
  } catch {
    return null;
  }
  return /^[a-z0-9.-]+$/.test(host) && host.includes(".") && host.length <= VISIT_LIMITS.referrer ? host : null;
}

function fromFields(formData: FormData): Visit {
  const field = (key: VisitKey) => {
    const value = formData.get(`${VISIT_FIELD_PREFIX}${key}`);
    return typeof value === "string" ? value : null;
  };
  const visit: Visit = { ...NO_VISIT, landingPage: pagePath(field("landing_page")), referrer: hostName(field("referrer")) };
  for (const name of UTM_PARAMETERS) visit[COLUMN[name]] = tag(field(name), VISIT_LIMITS[name]);
  return visit;
}

function fromReferer(referer: string | null, ownHosts: string[]): Visit {
  if (!referer) return NO_VISIT;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return NO_VISIT;
  }
  if (!ownHosts.includes(url.hostname)) return { ...NO_VISIT, referrer: hostName(url.hostname) };
  const visit: Visit = { ...NO_VISIT, landingPage: pagePath(url.pathname) };
  for (const name of UTM_PARAMETERS) visit[COLUMN[name]] = tag(url.searchParams.get(name), VISIT_LIMITS[name]);
  return visit;
}

const sentFields = (formData: FormData) => VISIT_KEYS.some((key) => formData.has(`${VISIT_FIELD_PREFIX}${key}`));

/**
 * The visit of a lead form post: its hidden fields when the form sent them; else the first page view the server counted
 * of this visitor today (`counted`, docs/decisions/021); else the Referer header. This site is the host the post was
 * addressed to and SITE_URL's as the server runs it (`siteOrigin`).
 */
export function visitOf(formData: FormData, request: Request, siteOrigin: string, counted: Visit | null = null): Visit {
  const ownHosts = [new URL(request.url).hostname, new URL(siteOrigin).hostname];
  const visit = sentFields(formData) ? fromFields(formData) : (counted ?? fromReferer(request.headers.get("Referer"), ownHosts));
  // Moving between pages of this site is not a referral.
  return visit.referrer && ownHosts.includes(visit.referrer) ? { ...visit, referrer: null } : visit;
}
