import { site } from "~/content/site";
import { absoluteUrl } from "~/lib/meta";

export function loader() {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>${site.name} Blog</title><link>${absoluteUrl("/blog")}</link><description>${site.description}</description></channel></rss>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/rss+xml; charset=utf-8" } });
}
