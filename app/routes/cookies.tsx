import { LegalPage } from "~/components/sections/legal-page";
import { getLegalDocument } from "~/lib/legal.server";
import { buildMeta } from "~/lib/meta";
import type { Route } from "./+types/cookies";
import { staticPage } from "~/lib/hydration";

// Nothing here but links and text: served without React (decision 012).
export const handle = staticPage;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  buildMeta({ title: loaderData?.title ?? "Cookies", description: loaderData?.description ?? "", path: "/cookies" });

export function loader() {
  return getLegalDocument("cookies");
}

export default function CookiesPage({ loaderData }: Route.ComponentProps) {
  return <LegalPage {...loaderData} />;
}
