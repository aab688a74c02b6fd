import { site } from "~/content/site";

/** The RSS feed, announced in the head of every blog page so readers and browsers can find it. */
export const BLOG_FEED_LINK = { rel: "alternate", type: "application/rss+xml", title: `${site.name} Blog`, href: "/blog/rss.xml" } as const;
