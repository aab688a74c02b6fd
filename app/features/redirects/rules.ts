// What makes a redirect acceptable (docs/decisions/034): a well-formed old path, a target that is a path of this site or
// an http(s) address, and a table without chains or loops, so that one lookup answers every request.
import { REDIRECT_PATH_MAX, REDIRECT_STATUSES, REDIRECT_TARGET_MAX, type RedirectStatus } from "./limits";

export { REDIRECT_STATUSES, type RedirectStatus };

/** A redirect as the table holds it; `target` is null for 410 (gone). */
export interface RedirectEntry {
  id: number;
  source: string;
  target: string | null;
  status: RedirectStatus;
}

export type RedirectField = "source" | "target" | "status";
export type RedirectErrors = Partial<Record<RedirectField, string>>;

/** A path's characters as a URL carries them (RFC 3986 `pchar` and `/`); anything else is sent percent-encoded. */
const PATH_CHARACTERS = /^\/[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/;
const BAD_PERCENT = /%(?![0-9A-Fa-f]{2})/;

/**
 * The form a path is kept and looked up in: without a trailing slash (`/old/` and `/old` are one address), else as sent,
 * letter case included (other sites' old addresses differ by case).
 */
export function lookupPath(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith("/") ? pathname.replace(/\/+$/, "") || "/" : pathname;
}

/** An old path as typed: its kept form, or why it cannot be one. */
export function parseSource(raw: string): { path: string } | { error: string } {
  const typed = raw.trim();
  if (typed === "") return { error: "Enter the old path, starting with /." };
  if (/^[a-z][a-z0-9+.-]*:/i.test(typed)) {
    return { error: "Enter only the path of the old address on this site, such as /old-page (no https:// and no domain)." };
  }
  if (!typed.startsWith("/")) return { error: "A path starts with /, such as /old-page." };
  if (typed.length > REDIRECT_PATH_MAX) return { error: `A path has at most ${REDIRECT_PATH_MAX} characters.` };
  if (/[?#]/.test(typed)) return { error: "Leave out the part after ? or #: a redirect matches the path only." };
  if (!PATH_CHARACTERS.test(typed) || BAD_PERCENT.test(typed)) {
    return { error: "This path has characters a web address cannot carry (spaces, quotes, < >). Percent-encode them, such as %20." };
  }
  if (typed.includes("//")) return { error: "A path has no empty part (//)." };
  if (typed.split("/").some((segment) => segment === "." || segment === "..")) return { error: "A path has no . or .. part." };
  const path = lookupPath(typed);
  if (path === "/") return { error: "The home page cannot be redirected." };
  return { path };
}

export type Target = { kind: "site"; url: string; path: string } | { kind: "external"; url: string };

const TARGET_HINT = "Enter a path of this site (such as /pricing) or an address starting with https:// or http://.";

/** Any origin: what a path of this site is resolved against, to be percent-encoded as `URL` does it. */
const ANY_ORIGIN = "http://site.invalid";

const hostOf = (hostname: string) => hostname.replace(/\.$/, "");
const portOf = (url: URL) => url.port || (url.protocol === "https:" ? "443" : "80");

/** The names of the loopback interface: a site served on one of them answers on all of them. */
function isLoopback(hostname: string): boolean {
  const host = hostOf(hostname);
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    /^127(?:\.\d{1,3}){3}$/.test(host) ||
    host === "[::1]" ||
    host === "[::ffff:7f00:1]"
  );
}

/**
 * Whether an http(s) address is this site under another of its names (decision 034): any scheme, with or without a
 * leading `www.`, on the site's port or a scheme's default one; for a site on a loopback name, any loopback name on the
 * site's port. A redirect there is a redirect to a path of this site, which the chain and loop rules must see.
 */
export function isSiteAddress(url: URL, siteOrigin: string): boolean {
  const site = new URL(siteOrigin);
  if (isLoopback(site.hostname)) return isLoopback(url.hostname) && portOf(url) === portOf(site);
  const bare = (hostname: string) => hostOf(hostname).replace(/^www\./, "");
  return bare(url.hostname) === bare(site.hostname) && [portOf(site), "80", "443"].includes(portOf(url));
}

/** A target on this site: its path, query and fragment as `URL` percent-encodes them, so `Location` is always ASCII. */
function siteTarget(url: URL): { target: Target } | { error: string } {
  const encoded = `${url.pathname}${url.search}${url.hash}`;
  if (encoded.length > REDIRECT_TARGET_MAX)
    return { error: `An address has at most ${REDIRECT_TARGET_MAX} characters, once percent-encoded.` };
  if (url.pathname === "/") return { target: { kind: "site", url: encoded, path: "/" } };
  const source = parseSource(url.pathname);
  if ("error" in source) return { error: source.error };
  return { target: { kind: "site", url: encoded, path: source.path } };
}

/**
 * A target as typed: a path of this site (an address on one of the site's own names becomes one) or an http(s)
 * address, percent-encoded either way.
 */
export function parseTarget(raw: string, siteOrigin: string): { target: Target } | { error: string } {
  const typed = raw.trim();
  if (typed === "") return { error: TARGET_HINT };
  if (typed.length > REDIRECT_TARGET_MAX) return { error: `An address has at most ${REDIRECT_TARGET_MAX} characters.` };
  // Control characters and spaces hide a scheme (`java\tscript:`) from a reader; a web address never needs them raw.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
  if (/[\s\u0000-\u001f\u007f\\<>"`]/.test(typed)) return { error: "This address has spaces or characters a web address cannot carry." };
  if (typed.startsWith("/") && !typed.startsWith("//")) {
    // Checked as typed: `URL` would resolve a . or .. part away.
    const [pathPart = ""] = typed.split(/[?#]/, 1);
    if (pathPart.split("/").some((segment) => segment === "." || segment === "..")) return { error: "A path has no . or .. part." };
    return siteTarget(new URL(typed, ANY_ORIGIN));
  }
  let url: URL;
  try {
    url = new URL(typed);
  } catch {
    return { error: TARGET_HINT };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    return { error: `A redirect cannot lead to a ${url.protocol} address. ${TARGET_HINT}` };
  }
  if (!/^https?:\/\//i.test(typed)) return { error: TARGET_HINT };
  if (url.username || url.password) return { error: "An address with a name or password in it is refused." };
  if (isSiteAddress(url, siteOrigin)) return siteTarget(url);
  if (url.href.length > REDIRECT_TARGET_MAX)
    return { error: `An address has at most ${REDIRECT_TARGET_MAX} characters, once percent-encoded.` };
  return { target: { kind: "external", url: url.href } };
}

/**
 * A stored target as it is served and planned with: percent-encoded, and a path when it names this site (a row saved
 * before decision 034's amendment of 2026-11-29 may be neither). Null when it is no target at all.
 */
export function servedTarget(target: string, siteOrigin: string): string | null {
  const parsed = parseTarget(target, siteOrigin);
  return "error" in parsed ? null : parsed.target.url;
}

/**
 * A stored target percent-encoded, as a `Location` header must carry it (a row saved before decision 034's amendment
 * of 2026-12 may hold raw characters, which failed every visit with a 500); null when it is no http(s) address or path.
 */
export function encodedTarget(target: string): string | null {
  try {
    if (target.startsWith("/") && !target.startsWith("//")) {
      const url = new URL(target, ANY_ORIGIN);
      return `${url.pathname}${url.search}${url.hash}`;
    }
    const url = new URL(target);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/** The path of this site a stored target leads to, or null for an external address or none. */
export function sitePathOf(target: string | null): string | null {
  if (!target?.startsWith("/") || target.startsWith("//")) return null;
  return lookupPath(target.split(/[?#]/, 1)[0] ?? target);
}

/**
 * The query tags a redirect carries from the visit to its target: campaign tags only (`utm_*`, the ad networks' click
 * ids, `ref`). Nothing else ever goes along: a visit's query may hold a signed token (a vote's confirmation, an
 * unsubscribe link), which a redirect to another site would hand over (decision 034).
 */
const CAMPAIGN_TAG = /^(?:utm_[a-z0-9_]+|gclid|gbraid|wbraid|fbclid|msclkid|ref)$/;

/** The visit's query (`?a=1&b=2`, or "") reduced to its campaign tags, as a query again ("" when none is left). */
export function campaignQueryOf(search: string): string {
  const kept = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(search)) if (CAMPAIGN_TAG.test(name)) kept.append(name, value);
  const query = kept.toString();
  return query ? `?${query}` : "";
}

export function isRedirectStatus(value: number): value is RedirectStatus {
  return (REDIRECT_STATUSES as readonly number[]).includes(value);
}

export interface RedirectChange {
  /** Unset for a new redirect. */
  id?: number | undefined;
  source: string;
  target: Target | null;
  status: RedirectStatus;
}

export type RedirectPlan =
  | {
      ok: true;
      /** What is stored: the final target of any chain the typed one started. */
      target: string | null;
      /** The typed target was itself redirected: the new redirect skips it. */
      rewrittenFrom: string | null;
      /** Redirects that led to the new source, each to be sent to its target instead. */
      skipping: RedirectEntry[];
    }
  | { ok: false; errors: RedirectErrors };

/**
 * Where the change fits into `table` (every redirect as stored, chain-free): refused as a duplicate, a redirect to
 * itself or a loop; a target that is itself redirected is replaced by where that leads; and the redirects that led to
 * the new source are pointed past it, so the table stays one hop everywhere.
 */
export function planRedirect(table: readonly RedirectEntry[], change: RedirectChange): RedirectPlan {
  const others = table.filter((entry) => entry.id !== change.id);
  const bySource = new Map(others.map((entry) => [entry.source, entry]));
  if (bySource.has(change.source)) {
    return { ok: false, errors: { source: `There is already a redirect from ${change.source}. Edit that one instead.` } };
  }
  const leadingHere = others.filter((entry) => sitePathOf(entry.target) === change.source);

  if (change.status === 410 || !change.target) {
    if (leadingHere.length > 0) {
      const sources = leadingHere.map((entry) => entry.source).join(", ");
      return {
        ok: false,
        errors: { status: `Other redirects lead here (${sources}): point them elsewhere before marking ${change.source} as gone.` },
      };
    }
    return { ok: true, target: null, rewrittenFrom: null, skipping: [] };
  }

  let target = change.target.url;
  let path = change.target.kind === "site" ? change.target.path : null;
  if (path === change.source) return { ok: false, errors: { target: "A redirect cannot lead to its own path." } };
  const visited = [change.source];
  let rewrittenFrom: string | null = null;
  for (let next = path ? bySource.get(path) : undefined; next; next = path ? bySource.get(path) : undefined) {
    if (next.status === 410 || !next.target) {
      return { ok: false, errors: { target: `${next.source} is marked as gone (410). Choose the page that replaced it.` } };
    }
    rewrittenFrom ??= target;
    visited.push(next.source);
    target = next.target;
    path = sitePathOf(target);
    if (path === change.source || (path && visited.includes(path))) {
      return { ok: false, errors: { target: `This would make a loop: ${[...visited, path].join(" → ")}.` } };
    }
  }
  return { ok: true, target, rewrittenFrom, skipping: leadingHere };
}
