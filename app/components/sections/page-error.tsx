import type { MetaDescriptor } from "react-router";
import { BACK_SOON_PAGE } from "~/content/database-away";
import { isDatabaseAway } from "~/lib/database-away";
import { buildMeta } from "~/lib/meta";
import { ErrorPage } from "./error-page";
import { RouteError } from "./route-error";

// The boundary of a page read from the database (the blog's lists and posts, the sitemap, the newsletter archive, a
// draft's preview): while the database is away it says the page is back soon (docs/decisions/027); any other error as
// every page shows it. A boundary of the route's own, not the site layout's or the root's: those are in the script every
// hydrated page loads first, and these words are not (decision 012).

export function PageError({ error }: { error: unknown }) {
  return isDatabaseAway(error) ? <ErrorPage {...BACK_SOON_PAGE} /> : <RouteError error={error} />;
}

interface ErrorMetaArgs {
  error?: unknown;
  location: { pathname: string };
  /** The matched routes up to this one, each with the head it gave (React Router's meta arguments). */
  matches: readonly ({ meta: MetaDescriptor[] } | undefined)[];
}

/** The head of a page its own boundary shows: "back soon" and noindex, or for any other error the head its parent gave. */
export function pageErrorMeta({ error, location, matches }: ErrorMetaArgs): MetaDescriptor[] {
  if (isDatabaseAway(error))
    return buildMeta({ title: BACK_SOON_PAGE.title, description: BACK_SOON_PAGE.message, path: location.pathname, noindex: true });
  // The site layout's: "Page not found" or "Something went wrong", noindex.
  return matches.at(-2)?.meta ?? [];
}
