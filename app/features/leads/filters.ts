import { pageOf } from "~/lib/console/pagination";
import { isLeadKind, isLeadStage, type LeadKind, type LeadStage } from "./kinds";

// The leads list's filters, as they travel in the page's address (?type=&stage=&owner=&from=&to=&source=&page=) and in its
// forms. The free-text search (q) travels only in POST bodies: it is often an email address, which must not reach the
// browser's history, a Location header or a proxy's log. The page, its links, the export form and the queries
// (leads.server.ts) all read them through here, so the export holds exactly what the list shows. Anything odd falls back
// to "no filter" rather than an error page.

export interface LeadFilter {
  /** Words searched in name, email, company and text. */
  q: string;
  type: LeadKind | "all";
  stage: LeadStage | "all";
  /** The signed-in operator's own leads, nobody's, or one operator's (by account id). */
  owner: OwnerFilter;
  /** First and last day (YYYY-MM-DD, UTC), both included. */
  from: string | null;
  to: string | null;
  /** Searched in where the visit came from: landing page, referring site, utm_* values. */
  source: string;
  page: number;
}

export type OwnerFilter = "all" | "mine" | "nobody" | number;

function ownerOf(value: string | null): OwnerFilter {
  if (value === "mine" || value === "nobody") return value;
  const id = Number(value);
  return value && /^\d{1,15}$/.test(value) && Number.isSafeInteger(id) && id > 0 ? id : "all";
}

export const FILTER_LIMITS = { q: 200, source: 100 } as const;

export const DEFAULT_FILTER: LeadFilter = { q: "", type: "all", stage: "all", owner: "all", from: null, to: null, source: "", page: 1 };

// eslint-disable-next-line no-control-regex -- control characters are what this strips
const CONTROL = /[\u0000-\u001f\u007f]/g;

const text = (value: string | null, max: number) => (value ?? "").replace(CONTROL, " ").trim().slice(0, max);

function day(value: string | null): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : null;
}

export function parseLeadFilter(params: URLSearchParams): LeadFilter {
  const type = params.get("type");
  const stage = params.get("stage");
  return {
    q: text(params.get("q"), FILTER_LIMITS.q),
    type: isLeadKind(type) ? type : "all",
    // `status=new` is an address from before the stage was the one state (a bookmark): the same leads.
    stage: isLeadStage(stage) ? stage : params.get("status") === "new" ? "new" : "all",
    owner: ownerOf(params.get("owner")),
    from: day(params.get("from")),
    to: day(params.get("to")),
    source: text(params.get("source"), FILTER_LIMITS.source),
    page: pageOf(params),
  };
}

/** The filter read from a page's address: everything but the search text, which an address never carries. */
export const leadFilterOfAddress = (params: URLSearchParams): LeadFilter => ({ ...parseLeadFilter(params), q: "" });

/** The filter as a form's fields, the search text included, leaving out what is at its default (page 1 included). */
export function leadFilterFields(filter: LeadFilter, changes: Partial<LeadFilter> = {}): URLSearchParams {
  const params = leadFilterParams(filter, changes);
  const q = changes.q ?? filter.q;
  if (q) params.set("q", q);
  return params;
}

/** The filter as address parameters, without the search text, leaving out what is at its default (page 1 included). */
export function leadFilterParams(filter: LeadFilter, changes: Partial<LeadFilter> = {}): URLSearchParams {
  const merged = { ...filter, ...changes };
  const params = new URLSearchParams();
  for (const key of ["type", "stage", "owner", "from", "to", "source", "page"] as const) {
    const value = merged[key];
    if (value !== null && value !== DEFAULT_FILTER[key] && value !== "") params.set(key, String(value));
  }
  return params;
}

/** The names of the filters in use (for the audit log, which never records their values). */
export function filtersInUse(filter: LeadFilter): string[] {
  const used: string[] = [];
  if (filter.q) used.push("search");
  if (filter.type !== "all") used.push(`type: ${filter.type}`);
  if (filter.stage !== "all") used.push(`stage: ${filter.stage}`);
  if (filter.owner !== "all") used.push(typeof filter.owner === "number" ? "owner" : `owner: ${filter.owner}`);
  if (filter.from || filter.to) used.push("dates");
  if (filter.source) used.push("came from");
  return used;
}

export const isFiltered = (filter: LeadFilter) => filtersInUse(filter).length > 0;
