import { hash } from "node:crypto";
import { isbot } from "isbot";
import { UTM_PARAMETERS, VISIT_LIMITS, type Visit } from "~/lib/forms/visit";
import { hostName, pagePath, tag } from "~/lib/forms/visit.server";

// What the server counts of a request (docs/decisions/021), decided from what it answered: a GET of an HTML page that
// answered 200 or 304 is a page view, and so is a hydrated page's client-side navigation (the next page's `.data`, 200
// or 304), a resource file that answered 200 a download; a bot, a prefetch, the console, anything else is nothing.
// Pure, so the middleware and the exactness test share every rule.

/** A request as the counting sees it, taken when the response has finished. */
export interface Hit {
  at: Date;
  method: string;
  /** The path, without the query. */
  path: string;
  /** The query string, without the `?`. */
  search: string;
  status: number;
  contentType: string;
  /** The client's address (held in memory until it is hashed, never stored). */
  address: string;
  userAgent: string | undefined;
  referer: string | undefined;
  /** `Sec-Purpose`, `Purpose` or `X-Moz`: what a prefetch or a prerender says about itself. */
  purpose: string | undefined;
}

export const CLICK_IDS = ["gclid", "fbclid", "msclkid", "li_fat_id"] as const;
export const DEVICES = ["desktop", "mobile", "tablet"] as const;
export type Device = (typeof DEVICES)[number];

/** A page view as it is stored, but for its visitor id (computed from the address and user agent when it is written). */
export interface PageView extends Omit<Visit, "landingPage"> {
  path: string;
  clickId: string | null;
  device: Device;
}

export type Counted = { kind: "view"; view: PageView } | { kind: "download" } | null;

const UTM_COLUMNS = {
  utm_source: "utmSource",
  utm_medium: "utmMedium",
  utm_campaign: "utmCampaign",
  utm_term: "utmTerm",
  utm_content: "utmContent",
} as const;

/** Phones, tablets and the rest, from the user agent's own words. */
export function deviceOf(userAgent: string): Device {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobi)/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone|Opera Mini/i.test(userAgent)) return "mobile";
  return "desktop";
}

/** A prefetch or prerender the visitor may never see (Chrome's Sec-Purpose, Safari's Purpose, Firefox's X-Moz). */
export const isPrefetch = (purpose: string | undefined) => /prefetch|prerender|preview/i.test(purpose ?? "");

/** What a user agent says of itself, worked out once per agent: a site sees the same few hundred over and over, and
 * isbot's pattern is long. */
interface Agent {
  bot: boolean;
  device: Device;
}
const agents = new Map<string, Agent>();
function agentOf(userAgent: string): Agent {
  let agent = agents.get(userAgent);
  if (agent === undefined) {
    if (agents.size >= 10_000) agents.clear();
    agent = { bot: isbot(userAgent), device: deviceOf(userAgent) };
    agents.set(userAgent, agent);
  }
  return agent;
}

/** Someone who is not a person, or not looking: no user agent, a known crawler, a prefetch. */
export const notAVisitor = (hit: Pick<Hit, "userAgent" | "purpose">) =>
  !hit.userAgent || agentOf(hit.userAgent).bot || isPrefetch(hit.purpose);

const isConsole = (path: string) => /^\/console(?:[/.]|$)/.test(path);

/**
 * The page a hydrated page's client-side navigation fetches the data of (`/blog.data`, `/_root.data` for the home page),
 * or null. The same page's data fetched from itself is a revalidation after a form post, not a view.
 */
function navigatedTo(hit: Hit): string | null {
  if (!hit.path.endsWith(".data")) return null;
  const page = hit.path === "/_root.data" ? "/" : hit.path.slice(0, -".data".length);
  try {
    if (hit.referer && new URL(hit.referer).pathname.replace(/(.)\/+$/, "$1") === page) return null;
  } catch {
    // An unreadable Referer is no revalidation.
  }
  return page;
}

const NO_QUERY = new URLSearchParams();

/** What a finished request counts as, if anything; `ownHosts` are this site's names (a move within it is no referral). */
export function countedOf(hit: Hit, ownHosts: readonly string[]): Counted {
  // A 304 is a page seen again from the browser's copy (a reload, a link back to it, a client-side navigation back to
  // it, whose data is revalidated too): a view; a file already held is no new download.
  if (hit.method !== "GET" || (hit.status !== 200 && hit.status !== 304) || isConsole(hit.path) || notAVisitor(hit)) return null;
  const navigation = navigatedTo(hit);
  if (!navigation && !/^text\/html\b/i.test(hit.contentType))
    return hit.status === 200 && hit.path.startsWith("/resources/") ? { kind: "download" } : null;
  const viewed = navigation ?? hit.path;
  const path = pagePath(viewed.length > 1 ? viewed.replace(/\/+$/, "") : viewed);
  if (!path) return null;
  const query = hit.search === "" ? NO_QUERY : new URLSearchParams(hit.search);
  let referrer: string | null;
  try {
    referrer = hit.referer ? hostName(new URL(hit.referer).hostname) : null;
  } catch {
    referrer = null;
  }
  const view: PageView = {
    path,
    referrer: referrer && !ownHosts.includes(referrer) ? referrer : null,
    utmSource: null,
    utmMedium: null,
    utmCampaign: null,
    utmTerm: null,
    utmContent: null,
    clickId: CLICK_IDS.find((name) => query.has(name)) ?? null,
    device: agentOf(hit.userAgent!).device,
  };
  for (const name of UTM_PARAMETERS) view[UTM_COLUMNS[name]] = tag(query.get(name), VISIT_LIMITS[name]);
  return { kind: "view", view };
}

const DAY_MS = 86_400_000;
/** The day last asked for: nearly every call is for today, so its name is made once a day, not once a hit. */
let lastDay = { start: 0, name: "1970-01-01" };

/** The UTC day of a moment, as the tables key it. */
export function dayOf(at: Date | number): string {
  const ms = typeof at === "number" ? at : at.getTime();
  if (ms >= lastDay.start && ms < lastDay.start + DAY_MS) return lastDay.name;
  const start = ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS);
  lastDay = { start, name: new Date(start).toISOString().slice(0, 10) };
  return lastDay.name;
}

/**
 * The visitor id: a SHA-256 of the day's salt (256 secret random bits), the address and the user agent, cut to 52 bits
 * so it is an exact JavaScript number. Without the salt (gone after 48 hours) nobody can recompute it from an address.
 * One hash with the key in front, not an HMAC's two: nothing here is a message to authenticate (decision 021). Read
 * from the hex digest's first 13 digits: the same bits as from a Buffer, in half the time (about 0.5 µs against 1 µs),
 * paid for every page view written and every visit to a page in an experiment (decision 048).
 */
export function visitorId(salt: string, address: string, userAgent: string): number {
  return Number.parseInt(hash("sha256", `${salt}\n${address}\n${userAgent}`).slice(0, 13), 16);
}
