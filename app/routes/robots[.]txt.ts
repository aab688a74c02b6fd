import { publicPages } from "~/content/paths";
import { absoluteUrl } from "~/lib/meta";

/** Crawl everything except the blog admin demo; noindex pages stay crawlable so their noindex tag is seen. */
export function loader() {
  const disallowed = publicPages.filter((page) => page.group === "hidden").map((page) => `Disallow: ${page.path}`);
  const body = ["User-agent: *", "Allow: /", ...disallowed, "", `Sitemap: ${absoluteUrl("/sitemap.xml")}`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
