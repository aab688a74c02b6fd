import { PageHeader } from "~/components/layout/page-header";
import { buildMeta } from "~/lib/meta";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = () =>
  buildMeta({ title: "Contact", description: "Get in touch.", path: "/contact" });

export default function ContactPage() {
  return <PageHeader title="Get in touch" />;
}
