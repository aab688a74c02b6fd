import { routerPathOf } from "~/lib/route-path";

// The console's URLs, for links and redirects: every signed-in area under /console (decision 030). The route table
// (app/routes.ts) declares them; the access test (tests/console/console-access.test.ts) reads that table, so a new
// console route is checked without being listed anywhere.

export const CONSOLE = "/console";

export const consolePaths = {
  /** Where an account lands: its role's first area (./roles.ts). */
  home: CONSOLE,
  /** A sales or admin account's first screen: who to call today (decision 044). */
  today: `${CONSOLE}/today`,
  leads: `${CONSOLE}/leads`,
  /** Where the list's filter form goes. */
  leadsSearch: `${CONSOLE}/leads`,
  signIn: `${CONSOLE}/sign-in`,
  signOut: `${CONSOLE}/sign-out`,
  /** A lead's page; `kind` is the leads' own name for its table (app/features/leads/kinds.ts). */
  lead: (kind: string, id: number) => `${CONSOLE}/leads/${kind}/${id}`,
  /** The leads as a board, a column per stage. */
  board: `${CONSOLE}/board`,
  export: `${CONSOLE}/leads/export`,
  outbox: `${CONSOLE}/outbox`,
  spam: `${CONSOLE}/spam`,
  requests: `${CONSOLE}/requests`,
  requestsExport: `${CONSOLE}/requests/export`,
  audit: `${CONSOLE}/audit`,
  account: `${CONSOLE}/account`,
  reports: `${CONSOLE}/reports`,
  reportsExport: `${CONSOLE}/reports/export`,
  newsletter: `${CONSOLE}/newsletter`,
  issue: (id: number) => `${CONSOLE}/newsletter/${id}`,
  redirects: `${CONSOLE}/redirects`,
  redirect: (id: number) => `${CONSOLE}/redirects/${id}`,
  /** The roadmap as the team sees it: who wants each item, linked requests, merges (decision 036). */
  roadmap: `${CONSOLE}/roadmap`,
  roadmapItem: (id: string) => `${CONSOLE}/roadmap/${encodeURIComponent(id)}`,
  /** The editors: posts, and the site's structured content by collection. */
  posts: `${CONSOLE}/posts`,
  newPost: `${CONSOLE}/posts/new`,
  post: (id: number) => `${CONSOLE}/posts/${id}`,
  content: `${CONSOLE}/content`,
  collection: (name: string) => `${CONSOLE}/content/${name}`,
  /** Campaign pages built from blocks (decision 047), and the experiments on them (decision 048). */
  pages: `${CONSOLE}/pages`,
  page: (id: number) => `${CONSOLE}/pages/${id}`,
  newExperiment: (id: number, block?: string) => `${CONSOLE}/pages/${id}/experiment${block ? `?block=${encodeURIComponent(block)}` : ""}`,
  experiments: `${CONSOLE}/experiments`,
  experiment: (id: number) => `${CONSOLE}/experiments/${id}`,
  /** A draft as readers will see it: a public address, the link's token the permission. */
  preview: (token: string) => `/blog/preview/${token}`,
} as const;

/**
 * A request to the console (its pages, exports and sign-in), in any spelling the router takes for it (`/CONSOLE/posts`,
 * `/%63onsole/leads/`: ~/lib/route-path.ts): what the console's guard in front of the router covers.
 */
export function isConsolePath(pathname: string): boolean {
  return /^\/console(?:[/.]|$)/.test(routerPathOf(pathname));
}

/** A request to the editors (posts, site content), in any spelling the router takes for it: these pages hydrate. */
export function isEditorPath(pathname: string): boolean {
  return /^\/console\/(?:posts|content|pages)(?:[/.]|$)/.test(routerPathOf(pathname));
}

/**
 * Where an address of the console's two former roots lives now (`/inbox/...` held the leads and most areas,
 * `/blog-admin/...` the editors), or null for any other address: bookmarks and the links in mails already sent keep
 * working, and `/blog-admin` stays the spec's way in for editors.
 */
export function movedConsoleAddress(pathname: string): string | null {
  // The old root in any letter case, as the router matched it; the rest as it was typed.
  const path = pathname.replace(/\/+$/, "") || "/";
  const inbox = /^\/inbox(\/.*)?$/i.exec(path);
  if (inbox) {
    const rest = inbox[1] ?? "";
    if (rest === "") return consolePaths.leads;
    if (rest.toLowerCase() === "/export") return consolePaths.export;
    return `${CONSOLE}${rest}`;
  }
  const editor = /^\/blog-admin(\/.*)?$/i.exec(path);
  if (editor) {
    const rest = editor[1] ?? "";
    if (rest === "" || rest.toLowerCase() === "/posts") return consolePaths.posts;
    if (rest.toLowerCase() === "/new") return consolePaths.newPost;
    return `${CONSOLE}${rest}`;
  }
  return null;
}

/** Where to go after signing in: a page of the console (or one of its old addresses), never another site (`//evil.example`, `/\evil`). */
export function safeNext(next: string | null | undefined, fallback: string = CONSOLE): string {
  if (!next || /[\\\s]|\/\//.test(next) || !next.startsWith("/")) return fallback;
  const url = new URL(next, "http://console.invalid");
  const pathname = movedConsoleAddress(url.pathname) ?? url.pathname;
  if (pathname === CONSOLE || !isConsolePath(pathname)) return fallback;
  return `${pathname}${url.search}${url.hash}`;
}

/** A page's address without a search text (an old bookmark's `?q=`): it is not carried into a Location header. */
function withoutSearchText(next: string): string {
  const url = new URL(next, "http://console.invalid");
  url.searchParams.delete("q");
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page, remembering where the operator was going and why they were sent there. */
export function signInPath({ next, reason }: { next?: string | undefined; reason?: "expired" | "signed-out" | undefined } = {}) {
  const query = new URLSearchParams();
  const safe = next ? withoutSearchText(safeNext(next)) : CONSOLE;
  if (safe !== CONSOLE) query.set("next", safe);
  if (reason) query.set("reason", reason);
  const search = query.toString();
  return search ? `${consolePaths.signIn}?${search}` : consolePaths.signIn;
}
