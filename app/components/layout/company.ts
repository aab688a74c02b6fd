import { useRouteLoaderData } from "react-router";
import type { CompanyDetails } from "~/content/company";

// The company's details as the page renders them: site content (docs/decisions/043) that the site layout's loader reads
// for every public page (routes/site-layout.tsx), so the footer, the contact page and the head's Organization data say
// what was last published. Only data reaches the browser: what is a placeholder is worked out by the loader.

export const SITE_LAYOUT_ROUTE = "routes/site-layout";

export interface SiteLayoutData {
  company: CompanyDetails;
  /** The address the footer shows: null while it is a placeholder (the legal pages and mails, which must, show it). */
  footerAddress: string | null;
}

/** The site layout's data; undefined in a frame outside it (the root's error page, a post's preview). */
export const useSiteLayoutData = () => useRouteLoaderData(SITE_LAYOUT_ROUTE) as SiteLayoutData | undefined;

/** The company's details, in a page under the site layout. */
export function useCompany(): CompanyDetails {
  const data = useSiteLayoutData();
  if (!data) throw new Error("useCompany outside the site layout");
  return data.company;
}

/** The same for a `meta` function, from its matches. */
export function companyOfMatches(matches: readonly ({ id: string; data?: unknown } | undefined)[]): CompanyDetails | undefined {
  return (matches.find((match) => match?.id === SITE_LAYOUT_ROUTE)?.data as SiteLayoutData | undefined)?.company;
}
