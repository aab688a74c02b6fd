import { BLOG_ADMIN, INBOX } from "~/lib/inbox/paths";
import { absoluteUrl } from "~/lib/meta";

/** Crawl everything but the operators' pages (and private previews); noindex pages stay crawlable so their tag is seen. */
export function loader() {
  const disallowed = [INBOX, BLOG_ADMIN, "/blog/preview/"].map((path) => `Disallow: ${path}`);
  const body = ["User-agent: *", "Allow: /", ...disallowed, "", `Sitemap: ${absoluteUrl("/sitemap.xml")}`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
