import { LegalPage } from "~/components/sections/legal-page";
import { getLegalDocument } from "~/lib/legal.server";
import { buildMeta } from "~/lib/meta";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  buildMeta({ title: loaderData?.title ?? "Terms", description: loaderData?.description ?? "", path: "/terms" });

export function loader() {
  return getLegalDocument("terms");
}

export default function TermsPage({ loaderData }: Route.ComponentProps) {
  return <LegalPage {...loaderData} />;
}
