import { LegalPage } from "~/components/sections/legal-page";
import { getLegalDocument } from "~/lib/legal.server";
import { buildMeta } from "~/lib/meta";
import type { Route } from "./+types/privacy";
import { staticPage } from "~/lib/hydration";

// Nothing here but links and text: served without React (decision 012).
export const handle = staticPage;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  buildMeta({ title: loaderData?.title ?? "Privacy", description: loaderData?.description ?? "", path: "/privacy" });

export function loader() {
  return getLegalDocument("privacy");
}

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  return <LegalPage {...loaderData} />;
}
