import { useRouteLoaderData } from "react-router";
import { companyDefaults, type CompanyDetails } from "~/content/company";

// The company's details as the page renders them: site content (docs/decisions/043) that the site layout's loader reads
// for every public page (routes/site-layout.tsx), so the footer, the contact page and the head's Organization data say
// what was last published. A frame outside that layout (the root's error page, a post's preview) shows the defaults.

export const SITE_LAYOUT_ROUTE = "routes/site-layout";

export interface SiteLayoutData {
  company: CompanyDetails;
}

export function useCompany(): CompanyDetails {
  return (useRouteLoaderData(SITE_LAYOUT_ROUTE) as SiteLayoutData | undefined)?.company ?? companyDefaults;
}

/** The same for a `meta` function, from its matches. */
export function companyOfMatches(matches: readonly ({ id: string; data?: unknown } | undefined)[]): CompanyDetails {
  return (matches.find((match) => match?.id === SITE_LAYOUT_ROUTE)?.data as SiteLayoutData | undefined)?.company ?? companyDefaults;
}
