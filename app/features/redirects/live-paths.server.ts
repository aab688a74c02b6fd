// Whether an old path is something the site answers itself (docs/decisions/034): a redirect applied before the pages
// would hide it, so the manager refuses it with what lives there, and the table an instance serves skips one stored
// before. Derived from what answers, not from a list: the route table of the build being served and the server's own
// addresses (server/site-addresses.ts), the files served as they are, the console; the pages that exist only with their
// row (a post, an archived issue) are asked of the feature that owns them, registered at the composition root
// (server/services.ts, decision 039). Read as the router reads a path (any case, decoded, with or without a trailing
// slash).
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { BUILD_CLIENT_DIR } from "~/lib/build-output.server";
import { isConsolePath } from "~/lib/console/paths";
import type { Database, Transaction } from "~/lib/db/client.server";
import { routerPathOf } from "~/lib/route-path";

type Executor = Database | Transaction;

/** What the server knows of the addresses it answers (server/site-addresses.ts), from the build it serves. */
export interface SiteAddresses {
  /** The route a path reaches (server/routes.ts): "/blog/:slug", "/pricing.data"; "/*" or "(none)" where no page is. */
  patternOf(pathname: string): string;
  /** What Express answers itself before the router (health checks, webhooks, /go/…), in words, or undefined. */
  serverAddressOf(routerPath: string): string | undefined;
}

/**
 * A route whose page exists only with its row (a post at /blog/:slug): every other route answers whatever the database
 * holds. The feature that owns the rows says which of them answer.
 */
export interface ContentPages {
  /** The route's pattern, as SiteAddresses.patternOf names it; "/*": any address no route or file answers. */
  route: string;
  /** The row a path of the route names (its key), or undefined when no row could answer it. */
  keyOf(routerPath: string): string | undefined;
  /** Of `keys`, those whose page answers (only once published, with `live`; else in any state), with what it is in words. */
  owners(db: Executor, keys: readonly string[], live: boolean): Promise<Map<string, string>>;
}

const NO_ROUTE = new Set(["/*", "(none)"]);

/** The built client (production) and the public folder (development): the files served as they are. */
const FILE_ROOTS = [BUILD_CLIENT_DIR, path.resolve("public")];

function isServedFile(routerPath: string): boolean {
  const relative = routerPath.slice(1);
  return FILE_ROOTS.some((root) => {
    const file = path.join(root, relative);
    return file.startsWith(`${root}${path.sep}`) && existsSync(file) && statSync(file).isFile();
  });
}

type Content = { pages: ContentPages; key: string };

export interface LivePaths {
  /** What answers `source` whatever the database holds, in words for the editor, or undefined. */
  answeredBy(source: string): string | undefined;
  /** Whether a route of the build reaches `source` (a post's address even with no post there): a page at it would never show. */
  routed(source: string): boolean;
  /** What answers `source` today, or will: a post in any state (a draft is published there), for the editor. */
  ownerOf(db: Executor, source: string): Promise<string | undefined>;
  /** Of `sources`, those the site answers now (a post only once published), with what answers each: the table skips them. */
  answeredNow(db: Executor, sources: readonly string[]): Promise<Map<string, string>>;
}

export function createLivePaths(site: SiteAddresses, contentPages: readonly ContentPages[] = []): LivePaths {
  /** The route's answer: words, or the row it needs, or nothing. */
  function routeOf(source: string): string | Content | undefined {
    const routerPath = routerPathOf(source);
    if (isConsolePath(source)) return "the console";
    const server = site.serverAddressOf(routerPath);
    if (server) return server;
    // React Router answers every `.data` address (a page's data, or its 404), and `/__manifest`.
    if (routerPath.endsWith(".data")) return "a page's data address, which every page has";
    const pattern = site.patternOf(source);
    if (pattern === "/__manifest") return "React Router's own address";
    const pages = contentPages.find((candidate) => candidate.route === pattern);
    if (pages && !NO_ROUTE.has(pattern)) {
      const key = pages.keyOf(routerPath);
      return key === undefined ? undefined : { pages, key };
    }
    if (!NO_ROUTE.has(pattern)) return "a page of the site";
    if (isServedFile(routerPath)) return "a file of the site";
    // Where no route answers, a page that exists only with its row may (a campaign page, decision 047).
    const anywhere = contentPages.find((candidate) => candidate.route === "/*");
    const key = anywhere?.keyOf(routerPath);
    return anywhere && key !== undefined ? { pages: anywhere, key } : undefined;
  }

  /** The rows of `wanted` that answer: published only (`live`), or in any state; by keyOf. */
  async function contentOwners(db: Executor, wanted: Content[], live: boolean): Promise<Map<string, string>> {
    const owners = new Map<string, string>();
    for (const pages of contentPages) {
      const keys = [...new Set(wanted.filter((content) => content.pages === pages).map((content) => content.key))];
      if (keys.length === 0) continue;
      for (const [key, what] of await pages.owners(db, keys, live)) owners.set(`${pages.route} ${key}`, what);
    }
    return owners;
  }
  const keyOf = (content: Content) => `${content.pages.route} ${content.key}`;

  return {
    answeredBy(source) {
      const owner = routeOf(source);
      return typeof owner === "string" ? owner : undefined;
    },
    routed(source) {
      const owner = routeOf(source);
      return typeof owner === "string" || (owner !== undefined && owner.pages.route !== "/*");
    },
    async ownerOf(db, source) {
      const owner = routeOf(source);
      if (!owner || typeof owner === "string") return owner;
      return (await contentOwners(db, [owner], false)).get(keyOf(owner));
    },
    async answeredNow(db, sources) {
      const answered = new Map<string, string>();
      const content: [string, Content][] = [];
      for (const source of sources) {
        const owner = routeOf(source);
        if (typeof owner === "string") answered.set(source, owner);
        else if (owner) content.push([source, owner]);
      }
      if (content.length === 0) return answered;
      const owners = await contentOwners(
        db,
        content.map(([, owner]) => owner),
        true,
      );
      for (const [source, owner] of content) {
        const what = owners.get(keyOf(owner));
        if (what) answered.set(source, what);
      }
      return answered;
    },
  };
}
