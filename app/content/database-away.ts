// What a page or file read from the database says while the database is away and no last good rendering of it is kept
// (product decision 21, docs/decisions/027): a 503 that asks the visitor, the feed reader or the crawler to come back.

/** The page, in the site's frame (app/components/sections/page-error.tsx). */
export const BACK_SOON_PAGE = {
  code: "503",
  title: "This page is back soon",
  message: "We cannot reach our database just now, so this page cannot be shown. Please try again in a minute.",
} as const;

/** A file the server renders from the database (the feed, the XML sitemap, the blog's search index), in plain text. */
export const BACK_SOON_FILE = "This file is back soon: we cannot reach our database just now. Please try again in a minute.\n";
