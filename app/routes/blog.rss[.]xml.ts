import { blogPostPath } from "~/content/paths";
import { site } from "~/content/site";
import { blogOf } from "~/context";
import { fileAway } from "~/lib/database-away";
import { FEED_ITEMS } from "~/features/blog";
import { absoluteUrl } from "~/lib/meta";
import { cachedPage } from "~/lib/page-cache";
import type { Route } from "./+types/blog.rss[.]xml";

const escapeXml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

/** RFC 822 date, as RSS 2.0 asks, for a post's ISO date. */
const rfc822 = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`).toUTCString();

/** Relative links in a post body made absolute, since feed readers show the HTML away from the site. */
const absoluteLinks = (html: string) =>
  html.replace(/(href|src)="\/(?!\/)/g, (_match, attribute: string) => `${attribute}="${absoluteUrl("/")}`);

// RSS 2.0 of the newest posts with their full sanitised body, for readers that show it. The archive stays on the site:
// every post in the feed would make it megabytes that every reader fetches again every hour.
export const handle = cachedPage;

export async function loader({ context }: Route.LoaderArgs) {
  const blog = await blogOf(context, fileAway);
  const posts = blog.getAllPosts().slice(0, FEED_ITEMS);
  const items = posts.map((summary) => {
    const post = blog.getPostBySlug(summary.slug);
    const url = absoluteUrl(blogPostPath(summary.slug));
    const body = absoluteLinks(post?.html ?? "").replace(/]]>/g, "]]]]><![CDATA[>");
    return [
      "    <item>",
      `      <title>${escapeXml(summary.title)}</title>`,
      `      <link>${escapeXml(url)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(url)}</guid>`,
      `      <description>${escapeXml(summary.excerpt)}</description>`,
      `      <content:encoded><![CDATA[${body}]]></content:encoded>`,
      `      <dc:creator>${escapeXml(summary.author)}</dc:creator>`,
      `      <category>${escapeXml(summary.category)}</category>`,
      ...summary.tags.map((tag) => `      <category>${escapeXml(tag)}</category>`),
      `      <pubDate>${rfc822(summary.date)}</pubDate>`,
      ...(summary.updated ? [`      <atom:updated>${summary.updated}T00:00:00Z</atom:updated>`] : []),
      "    </item>",
    ].join("\n");
  });
  const latest = posts
    .map((post) => post.updated ?? post.date)
    .sort()
    .at(-1);
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "  <channel>",
    `    <title>${escapeXml(`${site.name} Blog`)}</title>`,
    `    <link>${escapeXml(absoluteUrl("/blog"))}</link>`,
    `    <atom:link href="${escapeXml(absoluteUrl("/blog/rss.xml"))}" rel="self" type="application/rss+xml" />`,
    `    <description>${escapeXml(site.description)}</description>`,
    "    <language>en</language>",
    ...(latest ? [`    <lastBuildDate>${rfc822(latest)}</lastBuildDate>`] : []),
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
  return new Response(xml, { headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=300" } });
}
