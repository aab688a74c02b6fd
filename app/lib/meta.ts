import type { MetaDescriptor } from "react-router";
import { site } from "~/content/site";

export const DEFAULT_SHARE_IMAGE = { path: "/images/og/replywise.png", width: 1200, height: 630 } as const;

export interface PageMeta {
  /** Page name; the site name is appended. Home passes its full title with `fullTitle`. */
  title: string;
  fullTitle?: boolean;
  description: string;
  path: string;
  /** Its size when known (the site's default picture); an editor's picture goes without. */
  image?: { path: string; width?: number; height?: number; alt?: string };
  type?: "website" | "article";
  noindex?: boolean;
  /** Extra tags (article dates, JSON-LD) appended as they are. */
  extra?: MetaDescriptor[];
}

export const absoluteUrl = (path: string) => new URL(path, `${site.siteUrl}/`).toString();

export const pageTitle = (title: string) => `${title} | ${site.name}`;

/** Title, description, canonical, Open Graph and Twitter tags: the same on every page. */
export function buildMeta({
  title,
  fullTitle,
  description,
  path,
  image = DEFAULT_SHARE_IMAGE,
  type = "website",
  noindex,
  extra = [],
}: PageMeta): MetaDescriptor[] {
  const documentTitle = fullTitle ? title : pageTitle(title);
  const url = absoluteUrl(path);
  const imageUrl = absoluteUrl(image.path);
  const imageAlt = image.alt ?? `${site.name}: ${site.tagline}`;
  return [
    { title: documentTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    ...(noindex ? [{ name: "robots", content: "noindex, nofollow" }] : []),
    { property: "og:site_name", content: site.name },
    { property: "og:type", content: type },
    { property: "og:title", content: documentTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    ...(image.width && image.height
      ? [
          { property: "og:image:width", content: String(image.width) },
          { property: "og:image:height", content: String(image.height) },
        ]
      : []),
    { property: "og:image:alt", content: imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: documentTitle },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: imageUrl },
    { name: "twitter:image:alt", content: imageAlt },
    ...extra,
  ];
}

/** A JSON-LD block as a meta descriptor (React Router renders it as <script type="application/ld+json">). */
export function jsonLd(data: Record<string, unknown>): MetaDescriptor {
  return { "script:ld+json": data };
}
