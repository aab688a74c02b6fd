import { absoluteUrl } from "~/lib/meta";

/**
 * Crawl everything: the operators' pages and private previews say noindex themselves (and are linked from nowhere), and
 * naming them here would only point at them.
 */
export function loader() {
  const body = ["User-agent: *", "Allow: /", "", `Sitemap: ${absoluteUrl("/sitemap.xml")}`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
