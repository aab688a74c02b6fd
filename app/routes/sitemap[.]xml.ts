import { blogListPath, publicPages } from "~/content/paths";
import { categoriesOf, categorySlug } from "~/features/blog";
import { blogOf, campaignPagesContext } from "~/context";
import { fileAway } from "~/lib/database-away";
import { getLegalDocument, type LegalSlug } from "~/lib/legal.server";
import { absoluteUrl } from "~/lib/meta";
import { cachedPage } from "~/lib/page-cache";
import type { Route } from "./+types/sitemap[.]xml";

interface SitemapEntry {
  path: string;
  lastmod: string;
}

const legalSlugs: Record<string, LegalSlug> = { "/privacy": "privacy", "/terms": "terms", "/cookies": "cookies" };

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char] ?? char);

export const handle = cachedPage;

/**
 * Rendered once per change of the posts: every indexable page, each blog category's list and every post, each with the date its
 * content last changed. The later pages of a list (/blog/page/N) are left to the links: what they hold moves with
 * every new post.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const today = new Date().toISOString().slice(0, 10);
  const posts = (await blogOf(context, fileAway)).getAllPosts();
  const newestPost = posts
    .map((post) => post.date)
    .sort()
    .at(-1);

  const pages: SitemapEntry[] = publicPages
    .filter((page) => !("noindex" in page && page.noindex))
    .map((page) => {
      const legal = legalSlugs[page.path];
      if (legal) return { path: page.path, lastmod: getLegalDocument(legal).lastUpdated };
      if (page.path === "/blog" && newestPost) return { path: page.path, lastmod: newestPost };
      // Other pages change with each release; the build date is when their current content was published.
      return { path: page.path, lastmod: today };
    });
  // Posts are newest first: a category's first post is its newest.
  const categoryEntries: SitemapEntry[] = categoriesOf(posts).map((category) => ({
    path: blogListPath(1, categorySlug(category)),
    lastmod: posts.find((post) => post.category === category)?.date ?? today,
  }));
  const postEntries: SitemapEntry[] = posts.map((post) => ({ path: `/blog/${post.slug}`, lastmod: post.updated ?? post.date }));

  // The live campaign pages (decision 047), but those kept for paid traffic (noindex). While the database is away, the last loaded.
  const campaignPages = await context
    .get(campaignPagesContext)
    .live()
    .catch(() => new Map());
  const campaignEntries: SitemapEntry[] = [...campaignPages.values()]
    .filter(({ page }) => !page.noindex)
    .map(({ path, publishedOn }) => ({ path, lastmod: publishedOn }));

  const urls = [...pages, ...categoryEntries, ...postEntries, ...campaignEntries].map(
    (entry) => `  <url>\n    <loc>${escapeXml(absoluteUrl(entry.path))}</loc>\n    <lastmod>${entry.lastmod}</lastmod>\n  </url>`,
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
