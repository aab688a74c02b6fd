// Whether an old path is something the site answers itself (docs/decisions/034): a redirect applied before the pages
// would hide it, so the manager refuses it with what lives there. Read as the router reads a path (any case, decoded).
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { generatedFiles, pagesWithPosts, publicPages } from "~/content/paths";
import { BUILD_CLIENT_DIR } from "~/lib/build-output.server";
import { isConsolePath } from "~/lib/console/paths";
import type { Database } from "~/lib/db/client.server";
import { blogPosts, blogSlugRedirects, newsletterIssues } from "~/lib/db/schema";
import { formNameOf } from "~/lib/forms/names";
import { routerPathOf } from "~/lib/route-path";

const PAGES = new Set<string>([...publicPages.map((page) => page.path), ...generatedFiles, ...pagesWithPosts]);

/** Prefixes the server or the router answers for any path under them. */
const ANSWERED_UNDER: [RegExp, string][] = [
  [/^\/(?:assets|images|resources)\//, "a file of the site (assets, images, downloads)"],
  [/^\/(?:go|webhooks)\//, "one of the server's own addresses (outbound links, webhooks)"],
  [/^\/(?:healthz|readyz|metrics)$/, "one of the server's own addresses (health checks, metrics)"],
  [/^\/blog\/(?:page|category|preview)(?:\/|$)/, "the blog's lists and previews"],
  [/^\/newsletter\/(?:confirm|unsubscribe)$/, "the newsletter's confirmation pages"],
];

/** The built client (production) and the public folder (development): the files served as they are. */
const FILE_ROOTS = [BUILD_CLIENT_DIR, path.resolve("public")];

function isServedFile(routerPath: string): boolean {
  const relative = routerPath.slice(1);
  return FILE_ROOTS.some((root) => {
    const file = path.join(root, relative);
    return file.startsWith(`${root}${path.sep}`) && existsSync(file) && statSync(file).isFile();
  });
}

/** What answers `source` today, in words for the editor, or undefined when nothing does (a redirect may take it). */
export async function liveOwnerOf(db: Database, source: string): Promise<string | undefined> {
  const routerPath = routerPathOf(source);
  if (PAGES.has(routerPath)) return "a page of the site";
  if (isConsolePath(source)) return "the console";
  if (formNameOf(source)) return "one of the site's forms";
  for (const [pattern, what] of ANSWERED_UNDER) if (pattern.test(routerPath)) return what;
  if (isServedFile(routerPath)) return "a file of the site";

  const post = /^\/blog\/([^/]+)$/.exec(routerPath)?.[1];
  if (post) {
    const [live] = await db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, post)).limit(1);
    if (live) return "a blog post (published or in the editor)";
    const [former] = await db.select({ slug: blogSlugRedirects.slug }).from(blogSlugRedirects).where(eq(blogSlugRedirects.slug, post));
    if (former) return "a post's former address, which the blog already sends to the post";
  }
  const issue = /^\/newsletter\/(\d{1,9})$/.exec(routerPath)?.[1];
  if (issue) {
    const [sent] = await db
      .select({ id: newsletterIssues.id })
      .from(newsletterIssues)
      .where(eq(newsletterIssues.number, Number(issue)))
      .limit(1);
    if (sent) return "a newsletter issue in the archive";
  }
  return undefined;
}
