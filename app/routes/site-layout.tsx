import { data, isRouteErrorResponse, Outlet } from "react-router";
import type { SiteLayoutData } from "~/components/layout/company";
import { SiteFrame } from "~/components/layout/site-frame";
import { NOT_FOUND, RouteError } from "~/components/sections/route-error";
import { siteContentContext } from "~/context";
import { companyPlaceholders } from "~/content/company";
import { companyOf, pageContent } from "~/features/site-content/index.server";
import { degradableHeaders } from "~/lib/page-cache";
import { buildMeta } from "~/lib/meta";
import type { Route } from "./+types/site-layout";

// A page whose loader said 404 (a post never published or taken down, an unknown category) is shown by this layout's
// boundary, whose head is the only one rendered then: it says not found and noindex, like the catch-all's.
export const meta: Route.MetaFunction = ({ error, location }) => {
  if (!error) return [];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return buildMeta({
    title: notFound ? "Page not found" : "Something went wrong",
    description: notFound ? NOT_FOUND.message : "This page could not be loaded. Try again in a moment.",
    path: location.pathname,
    noindex: true,
  });
};

// The company's details for every page's frame (the footer) and for the pages that show more of them (docs/decisions/043):
// published site content, so every public page is rendered by the server and cached until the content changes. Read
// without the database, the degraded render is never kept (its Cache-Control reaches every page below).
export async function loader({ context, request }: Route.LoaderArgs) {
  const { content, headers } = await pageContent(context.get(siteContentContext), request);
  const company = companyOf(content);
  const footerAddress = companyPlaceholders(company).includes("address") ? null : company.address;
  return data({ company, footerAddress } satisfies SiteLayoutData, headers ? { headers } : undefined);
}

export const headers = degradableHeaders;

export default function SiteLayout() {
  return (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <SiteFrame>
      <RouteError error={error} />
    </SiteFrame>
  );
}
