import type { Request as ExpressRequest } from "express";

// The one answer to "did one of our own pages send this POST?", for the forms, the console and its sign-in; and to "did
// the visitor follow a link on one of our pages?" for a GET that hands out something of ours (the booking reference).
// Browsers say where a request comes from in two headers: Origin (the sending page's origin, `null` when opaque) and
// Sec-Fetch-Site (`same-origin`, `same-site`, `cross-site`, or `none` when the visitor started it: typed, bookmarked).
// Ours is SITE_URL's origin or the one the request was addressed to. The rule:
// - Sec-Fetch-Site other than `same-origin` or `none` is foreign. `same-site` too: a sibling subdomain (a blog, a
//   help centre, someone else's app on the same domain) is another origin and may not post for our visitors.
// - An Origin header must be one of ours; `null` or anything else is foreign.
// - Neither header: no browser we support sends a POST like that, so nothing tells where it came from ("unknown").
//   A public form takes it (scripts and old clients carry no visitor's session); the console and its sign-in refuse it.

export type Provenance = "own" | "foreign" | "unknown";

export interface ProvenanceHeaders {
  origin: string | null | undefined;
  fetchSite: string | null | undefined;
  /** The origin the request was addressed to (behind a proxy, as TRUST_PROXY reads it). */
  addressed: string;
}

export function provenanceOf({ origin, fetchSite, addressed }: ProvenanceHeaders, siteOrigin: string): Provenance {
  const hasOrigin = origin !== null && origin !== undefined;
  const hasFetchSite = fetchSite !== null && fetchSite !== undefined;
  if (hasFetchSite && fetchSite !== "same-origin" && fetchSite !== "none") return "foreign";
  if (hasOrigin) return origin === siteOrigin || origin === addressed ? "own" : "foreign";
  return hasFetchSite ? "own" : "unknown";
}

export interface NavigationHeaders {
  fetchSite: string | null | undefined;
  referer: string | null | undefined;
  /** The origin the request was addressed to (behind a proxy, as TRUST_PROXY reads it). */
  addressed: string;
}

/**
 * Where a GET the browser navigated to came from (a link followed): "own" from one of our pages, "foreign" from another
 * site (a sibling subdomain included), "unknown" when no page sent it (typed, bookmarked: `none`) or nothing says. A
 * browser too old for Sec-Fetch-Site sends the Referer instead, whose origin our pages' Referrer-Policy keeps.
 */
export function navigationProvenanceOf({ fetchSite, referer, addressed }: NavigationHeaders, siteOrigin: string): Provenance {
  if (fetchSite !== null && fetchSite !== undefined)
    return fetchSite === "same-origin" ? "own" : fetchSite === "none" ? "unknown" : "foreign";
  if (!referer) return "unknown";
  let from: string;
  try {
    from = new URL(referer).origin;
  } catch {
    return "foreign";
  }
  return from === siteOrigin || from === addressed ? "own" : "foreign";
}

/** A navigation as Express sees it. */
export function navigationProvenanceOfExpress(req: ExpressRequest, siteOrigin: string): Provenance {
  const headers = { fetchSite: req.get("sec-fetch-site"), referer: req.get("referer") };
  return navigationProvenanceOf({ ...headers, addressed: `${req.protocol}://${req.get("host") ?? ""}` }, siteOrigin);
}

/** A request as React Router hands it to a loader, an action or a middleware. */
export function provenanceOfRequest(request: Request, siteOrigin: string): Provenance {
  const headers = { origin: request.headers.get("Origin"), fetchSite: request.headers.get("Sec-Fetch-Site") };
  return provenanceOf({ ...headers, addressed: new URL(request.url).origin }, siteOrigin);
}

/** A request as Express sees it, before React Router. */
export function provenanceOfExpress(req: ExpressRequest, siteOrigin: string): Provenance {
  const headers = { origin: req.get("origin"), fetchSite: req.get("sec-fetch-site") };
  return provenanceOf({ ...headers, addressed: `${req.protocol}://${req.get("host") ?? ""}` }, siteOrigin);
}
