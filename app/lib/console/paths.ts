import { routerPathOf } from "~/lib/route-path";
import type { LeadKind } from "~/features/leads/kinds";

// The operator area's URLs, for links and redirects. The route table (app/routes.ts) declares them; the access test
// (tests/console/console-access.test.ts) reads that table, so a new inbox route is checked without being listed anywhere.

export const INBOX = "/inbox";

export const inboxPaths = {
  leads: INBOX,
  /** Where the list's filter form posts (the list is the layout's index route). */
  leadsSearch: `${INBOX}?index`,
  signIn: `${INBOX}/sign-in`,
  signOut: `${INBOX}/sign-out`,
  lead: (kind: LeadKind, id: number) => `${INBOX}/leads/${kind}/${id}`,
  /** The leads as a board, a column per stage. */
  board: `${INBOX}/board`,
  export: `${INBOX}/export`,
  outbox: `${INBOX}/outbox`,
  spam: `${INBOX}/spam`,
  requests: `${INBOX}/requests`,
  requestsExport: `${INBOX}/requests/export`,
  audit: `${INBOX}/audit`,
  account: `${INBOX}/account`,
  reports: `${INBOX}/reports`,
  reportsExport: `${INBOX}/reports/export`,
  newsletter: `${INBOX}/newsletter`,
  issue: (id: number) => `${INBOX}/newsletter/${id}`,
  redirects: `${INBOX}/redirects`,
  redirect: (id: number) => `${INBOX}/redirects/${id}`,
  /** The roadmap as the team sees it (issue 37): who wants each item, linked requests, merges. */
  roadmap: `${INBOX}/roadmap`,
  roadmapItem: (id: string) => `${INBOX}/roadmap/${encodeURIComponent(id)}`,
} as const;

/** The blog editor's URLs (the operators' sign-in, for `editor` and `admin` accounts). */
export const BLOG_ADMIN = "/blog-admin";
export const blogAdminPaths = {
  posts: BLOG_ADMIN,
  newPost: `${BLOG_ADMIN}/new`,
  post: (id: number) => `${BLOG_ADMIN}/posts/${id}`,
  preview: (token: string) => `/blog/preview/${token}`,
  /** The structured content's collections (statistics, FAQ), and one of them in the editor. */
  content: `${BLOG_ADMIN}/content`,
  collection: (name: string) => `${BLOG_ADMIN}/content/${name}`,
} as const;

/**
 * A request to the inbox or the editor (their pages, data requests and sign-in), in any spelling the router takes for
 * it (`/BLOG-ADMIN/new`, `/%69nbox/export/`: ~/lib/route-path.ts): what the console's guard in front of the router covers.
 */
export function isConsolePath(pathname: string): boolean {
  return /^\/(?:inbox|blog-admin)(?:[/.]|$)/.test(routerPathOf(pathname));
}

/** A request to the blog editor, in any spelling the router takes for it. */
export function isBlogAdminPath(pathname: string): boolean {
  return /^\/blog-admin(?:[/.]|$)/.test(routerPathOf(pathname));
}

/** Where to go after signing in: a page of the inbox or the editor, never another site (`//evil.example`, `/\evil`). */
export function safeNext(next: string | null | undefined, fallback = INBOX): string {
  if (!next || next === INBOX || !/^\/(?:inbox|blog-admin)(?:[/?#]|$)/.test(next) || /[\\\s]|\/\//.test(next)) return fallback;
  return next;
}

/** A page's address without a search text (an old bookmark's `?q=`): it is not carried into a Location header. */
function withoutSearchText(next: string): string {
  const url = new URL(next, "http://inbox.invalid");
  url.searchParams.delete("q");
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page, remembering where the operator was going and why they were sent there. */
export function signInPath({ next, reason }: { next?: string | undefined; reason?: "expired" | "signed-out" | undefined } = {}) {
  const query = new URLSearchParams();
  const safe = next ? withoutSearchText(safeNext(next)) : INBOX;
  if (safe !== INBOX) query.set("next", safe);
  if (reason) query.set("reason", reason);
  const search = query.toString();
  return search ? `${inboxPaths.signIn}?${search}` : inboxPaths.signIn;
}
