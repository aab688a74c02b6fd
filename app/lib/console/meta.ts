import type { MetaDescriptor } from "react-router";
import { site } from "~/content/site";

/** Every operator page's head: its title, and never in a search engine (the server also sends X-Robots-Tag). */
export function consoleMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} | ${site.name} console` }, { name: "robots", content: "noindex, nofollow" }];
}
