import { LegalPage } from "~/components/sections/legal-page";
import { siteContentContext } from "~/context";
import { companyOf, pageContent } from "~/features/site-content/index.server";
import { getLegalDocument } from "~/lib/legal.server";
import { buildMeta } from "~/lib/meta";
import type { Route } from "./+types/privacy";
import { staticPage } from "~/lib/hydration";
import { cachedPage } from "~/lib/page-cache";

// Nothing here but links and text: served without React (decision 012). It names the company as published (decision
// 043): rendered by the server once per change of the content, and cached.
export const handle = { ...staticPage, ...cachedPage };

export const meta: Route.MetaFunction = ({ loaderData }) =>
  buildMeta({ title: loaderData?.title ?? "Privacy", description: loaderData?.description ?? "", path: "/privacy" });

export async function loader({ context, request }: Route.LoaderArgs) {
  const { content } = await pageContent(context.get(siteContentContext), request);
  return getLegalDocument("privacy", companyOf(content));
}

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  return <LegalPage {...loaderData} />;
}
