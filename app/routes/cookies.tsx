import { LegalPage } from "~/components/sections/legal-page";
import { getLegalDocument } from "~/lib/legal.server";
import { buildMeta } from "~/lib/meta";
import type { Route } from "./+types/cookies";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  buildMeta({ title: loaderData?.title ?? "Cookies", description: loaderData?.description ?? "", path: "/cookies" });

export function loader() {
  return getLegalDocument("cookies");
}

export default function CookiesPage({ loaderData }: Route.ComponentProps) {
  return <LegalPage {...loaderData} />;
}
