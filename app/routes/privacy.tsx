import { LegalPage } from "~/components/sections/legal-page";
import { getLegalDocument } from "~/lib/legal.server";
import { buildMeta } from "~/lib/meta";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  buildMeta({ title: loaderData?.title ?? "Privacy", description: loaderData?.description ?? "", path: "/privacy" });

export function loader() {
  return getLegalDocument("privacy");
}

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  return <LegalPage {...loaderData} />;
}
