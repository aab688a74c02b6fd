import { publicPages } from "~/content/paths";
import { absoluteUrl } from "~/lib/meta";

export function loader() {
  const urls = publicPages
    .filter((page) => !("noindex" in page && page.noindex))
    .map((page) => `  <url><loc>${absoluteUrl(page.path)}</loc></url>`);
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
