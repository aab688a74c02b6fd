import { LegalPage } from "~/components/sections/legal-page";
import { getLegalDocument } from "~/lib/legal.server";
import { buildMeta } from "~/lib/meta";
import type { Route } from "./+types/terms";
import { staticPage } from "~/lib/hydration";

// Nothing here but links and text: served without React (decision 012).
export const handle = staticPage;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  buildMeta({ title: loaderData?.title ?? "Terms", description: loaderData?.description ?? "", path: "/terms" });

export function loader() {
  return getLegalDocument("terms");
}

export default function TermsPage({ loaderData }: Route.ComponentProps) {
  return <LegalPage {...loaderData} />;
}
