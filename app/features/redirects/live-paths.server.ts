// Whether an old path is something the site answers itself (docs/decisions/034): a redirect applied before the pages
// would hide it, so the manager refuses it with what lives there, and the table an instance serves skips one stored
// before. Derived from what answers, not from a list: the route table of the build being served and the server's own
// addresses (server/site-addresses.ts), the files served as they are, the console; the two pages that exist only with
// their row, a post and an archived issue, are asked of the database. Read as the router reads a path (any case,
// decoded, with or without a trailing slash).
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { BUILD_CLIENT_DIR } from "~/lib/build-output.server";
import { isConsolePath } from "~/lib/console/paths";
import type { Database, Transaction } from "~/lib/db/client.server";
import { blogPosts, blogSlugRedirects, newsletterIssues } from "~/lib/db/schema";
import { archiveNumberOf } from "~/features/newsletter/issue-state";
import { routerPathOf } from "~/lib/route-path";

type Executor = Database | Transaction;

/** What the server knows of the addresses it answers (server/site-addresses.ts), from the build it serves. */
export interface SiteAddresses {
  /** The route a path reaches (server/routes.ts): "/blog/:slug", "/pricing.data"; "/*" or "(none)" where no page is. */
  patternOf(pathname: string): string;
  /** What Express answers itself before the router (health checks, webhooks, /go/…), in words, or undefined. */
  serverAddressOf(routerPath: string): string | undefined;
}

/** The routes whose page exists only with its row: every other route answers whatever the database holds. */
const POST_ROUTE = "/blog/:slug";
const ISSUE_ROUTE = "/newsletter/:number";
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

type Content = { kind: "post"; slug: string } | { kind: "issue"; number: number };

export interface LivePaths {
  /** What answers `source` whatever the database holds, in words for the editor, or undefined. */
  answeredBy(source: string): string | undefined;
  /** What answers `source` today, or will: a post in any state (a draft is published there), for the editor. */
  ownerOf(db: Executor, source: string): Promise<string | undefined>;
  /** Of `sources`, those the site answers now (a post only once published), with what answers each: the table skips them. */
  answeredNow(db: Executor, sources: readonly string[]): Promise<Map<string, string>>;
}

export function createLivePaths(site: SiteAddresses): LivePaths {
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
    if (pattern === POST_ROUTE) return { kind: "post", slug: routerPath.split("/")[2] ?? "" };
    if (pattern === ISSUE_ROUTE) {
      const number = archiveNumberOf(routerPath.split("/")[2] ?? "");
      return number ? { kind: "issue", number } : undefined;
    }
    if (!NO_ROUTE.has(pattern)) return "a page of the site";
    if (isServedFile(routerPath)) return "a file of the site";
    return undefined;
  }

  /** The posts and issues of `wanted` that answer: published only (`live`), or in any state. */
  async function contentOwners(db: Executor, wanted: Content[], live: boolean): Promise<Map<string, string>> {
    const owners = new Map<string, string>();
    const slugs = [...new Set(wanted.flatMap((content) => (content.kind === "post" ? [content.slug] : [])))];
    const numbers = [...new Set(wanted.flatMap((content) => (content.kind === "issue" ? [content.number] : [])))];
    if (slugs.length > 0) {
      const published = live ? eq(blogPosts.status, "published") : undefined;
      const posts = await db
        .select({ slug: blogPosts.slug })
        .from(blogPosts)
        .where(and(inArray(blogPosts.slug, slugs), published));
      for (const { slug } of posts) owners.set(`post:${slug}`, live ? "a published blog post" : "a blog post (published or in the editor)");
      const former = await db
        .select({ slug: blogSlugRedirects.slug })
        .from(blogSlugRedirects)
        .innerJoin(blogPosts, eq(blogPosts.id, blogSlugRedirects.postId))
        .where(and(inArray(blogSlugRedirects.slug, slugs), published));
      for (const { slug } of former) owners.set(`post:${slug}`, "a post's former address, which the blog already sends to the post");
    }
    if (numbers.length > 0) {
      const issues = await db
        .select({ number: newsletterIssues.number })
        .from(newsletterIssues)
        .where(and(inArray(newsletterIssues.number, numbers), eq(newsletterIssues.status, "sending")));
      for (const { number } of issues) owners.set(`issue:${number}`, "a newsletter issue in the archive");
    }
    return owners;
  }
  const keyOf = (content: Content) => (content.kind === "post" ? `post:${content.slug}` : `issue:${content.number}`);

  return {
    answeredBy(source) {
      const owner = routeOf(source);
      return typeof owner === "string" ? owner : undefined;
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
